import type { EmulatorConfig } from '../../config/env';
import { emulatorsEnabled, readEmulatorConfig } from '../../config/env';

/** Set only by the screen tests, whose emulators listen on ports chosen when the run starts. */
let chosenAtRunTime: EmulatorConfig | null = null;

/**
 * Where the local emulators listen, or `null` in production builds. The values come from
 * VITE_AUTH_EMULATOR_URL, VITE_FIRESTORE_EMULATOR_HOST and VITE_STORAGE_EMULATOR_HOST (scripts
 * set them when ports differ).
 * This module only reports targets; each SDK module connects its own service, so importing it
 * never pulls another SDK into a chunk.
 */
export function authEmulatorUrl(): string | null {
  return chosenAtRunTime?.authUrl ?? readEmulatorConfig()?.authUrl ?? null;
}

export function firestoreEmulatorTarget(): { host: string; port: number } | null {
  return chosenAtRunTime?.firestore ?? readEmulatorConfig()?.firestore ?? null;
}

/**
 * Points the SDKs at emulators whose addresses are known only at run time (the screen tests
 * start theirs on free ports). Call before the first SDK call; dev and test builds only.
 */
export function setEmulatorTargets(config: EmulatorConfig): void {
  if (!emulatorsEnabled) throw new Error('Emulators are for development and test builds only.');
  chosenAtRunTime = config;
}

/** Where the Storage emulator listens (image uploads and deletes). */
export function storageEmulatorTarget(): { host: string; port: number } | null {
  return chosenAtRunTime?.storage ?? readEmulatorConfig()?.storage ?? null;
}
