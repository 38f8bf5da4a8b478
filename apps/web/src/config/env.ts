/**
 * Build-time configuration, read from Vite's `import.meta.env` (VITE_* variables).
 * Parsing is pure (the source is a parameter) so it is unit-tested without a build.
 */

export type FirebaseWebConfig = {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
};

export type EmulatorConfig = {
  /** Base URL of the Auth emulator, e.g. `http://127.0.0.1:9099`. */
  authUrl: string;
  /** Host and port of the Firestore emulator. */
  firestore: { host: string; port: number };
  /** Host and port of the Storage emulator (image uploads). */
  storage: { host: string; port: number };
};

type EnvSource = Readonly<Record<string, string | boolean | undefined>>;

const firebaseVars = {
  apiKey: 'VITE_FIREBASE_API_KEY',
  authDomain: 'VITE_FIREBASE_AUTH_DOMAIN',
  projectId: 'VITE_FIREBASE_PROJECT_ID',
  appId: 'VITE_FIREBASE_APP_ID',
} as const satisfies Record<keyof FirebaseWebConfig, string>;

/** Thrown when the build lacks configuration; its message names every missing variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'config/invalid';
  constructor(readonly problems: readonly string[]) {
    super(`Showcase is not configured: ${problems.join('; ')}.`);
  }
}

function readString(source: EnvSource, name: string): string | undefined {
  const value = source[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function parseFirebaseConfig(source: EnvSource): FirebaseWebConfig {
  const problems: string[] = [];
  const config: Partial<FirebaseWebConfig> = {};
  for (const [key, name] of Object.entries(firebaseVars) as [keyof FirebaseWebConfig, string][]) {
    const value = readString(source, name);
    if (value === undefined) problems.push(`${name} is not set`);
    else config[key] = value;
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config as FirebaseWebConfig;
}

export function parseEmulatorConfig(source: EnvSource): EmulatorConfig {
  const problems: string[] = [];
  const authUrl = readString(source, 'VITE_AUTH_EMULATOR_URL') ?? 'http://127.0.0.1:9099';
  if (!/^https?:\/\/[^/\s]+(:\d+)?\/?$/.test(authUrl)) {
    problems.push(`VITE_AUTH_EMULATOR_URL must look like http://127.0.0.1:9099 (got "${authUrl}")`);
  }
  const firestore = readHostAndPort(source, 'VITE_FIRESTORE_EMULATOR_HOST', 8080, problems);
  const storage = readHostAndPort(source, 'VITE_STORAGE_EMULATOR_HOST', 9199, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return { authUrl: authUrl.replace(/\/$/, ''), firestore: firestore!, storage: storage! };
}

/** `host:port` from `name` (default `127.0.0.1:<fallbackPort>`); a malformed value is a problem. */
function readHostAndPort(
  source: EnvSource,
  name: string,
  fallbackPort: number,
  problems: string[],
): { host: string; port: number } | undefined {
  const value = readString(source, name) ?? `127.0.0.1:${fallbackPort}`;
  const match = /^([^:\s/]+):(\d{1,5})$/.exec(value);
  const port = match ? Number(match[2]) : NaN;
  if (!match || port < 1 || port > 65535) {
    problems.push(`${name} must look like 127.0.0.1:${fallbackPort} (got "${value}")`);
    return undefined;
  }
  return { host: match[1]!, port };
}

/**
 * True only in `vite` (development) and `vite build --mode test`. Vite replaces MODE with a
 * literal, so in a production build this is `false`, the minifier drops every branch behind it,
 * and no emulator address ships (checked by grepping dist/).
 */
export const emulatorsEnabled =
  import.meta.env.MODE === 'development' || import.meta.env.MODE === 'test';

export function readFirebaseConfig(): FirebaseWebConfig {
  return parseFirebaseConfig(import.meta.env);
}

export function readEmulatorConfig(): EmulatorConfig | null {
  return emulatorsEnabled ? parseEmulatorConfig(import.meta.env) : null;
}
