import { readEmulatorConfig } from '../../config/env';

/**
 * Where the local emulators listen, or `null` in production builds. The values come from
 * VITE_AUTH_EMULATOR_URL, VITE_FIRESTORE_EMULATOR_HOST and VITE_STORAGE_EMULATOR_HOST (scripts
 * set them when ports differ).
 * This module only reports targets; each SDK module connects its own service, so importing it
 * never pulls another SDK into a chunk.
 */
export function authEmulatorUrl(): string | null {
  return readEmulatorConfig()?.authUrl ?? null;
}

export function firestoreEmulatorTarget(): { host: string; port: number } | null {
  return readEmulatorConfig()?.firestore ?? null;
}

/** Where the Storage emulator listens (nothing in the app uses Storage yet). */
export function storageEmulatorTarget(): { host: string; port: number } | null {
  return readEmulatorConfig()?.storage ?? null;
}
