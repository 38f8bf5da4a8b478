import { describe, expect, it } from 'vitest';
import { ConfigError, parseEmulatorConfig, parseFirebaseConfig } from './env';

const demo = {
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-showcase.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-showcase',
  VITE_FIREBASE_APP_ID: '1:0:web:0',
};

describe('parseFirebaseConfig', () => {
  it('reads the four VITE_FIREBASE_* values', () => {
    expect(parseFirebaseConfig(demo)).toEqual({
      apiKey: 'demo-api-key',
      authDomain: 'demo-showcase.firebaseapp.com',
      projectId: 'demo-showcase',
      appId: '1:0:web:0',
    });
  });

  it('names every missing or blank variable', () => {
    const attempt = () =>
      parseFirebaseConfig({ ...demo, VITE_FIREBASE_API_KEY: ' ', VITE_FIREBASE_APP_ID: undefined });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/VITE_FIREBASE_API_KEY is not set; VITE_FIREBASE_APP_ID is not set/);
  });
});

describe('parseEmulatorConfig', () => {
  it('defaults to the standard local ports', () => {
    expect(parseEmulatorConfig({})).toEqual({
      authUrl: 'http://127.0.0.1:9099',
      firestore: { host: '127.0.0.1', port: 8080 },
      storage: { host: '127.0.0.1', port: 9199 },
    });
  });

  it('takes the ports the scripts chose', () => {
    expect(
      parseEmulatorConfig({
        VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9199/',
        VITE_FIRESTORE_EMULATOR_HOST: 'localhost:8181',
        VITE_STORAGE_EMULATOR_HOST: 'localhost:9299',
      }),
    ).toEqual({
      authUrl: 'http://127.0.0.1:9199',
      firestore: { host: 'localhost', port: 8181 },
      storage: { host: 'localhost', port: 9299 },
    });
  });

  it('rejects malformed values with a clear message', () => {
    expect(() => parseEmulatorConfig({ VITE_AUTH_EMULATOR_URL: '127.0.0.1:9099' })).toThrow(
      /VITE_AUTH_EMULATOR_URL must look like/,
    );
    expect(() => parseEmulatorConfig({ VITE_FIRESTORE_EMULATOR_HOST: 'http://x:1' })).toThrow(
      /VITE_FIRESTORE_EMULATOR_HOST must look like/,
    );
    expect(() => parseEmulatorConfig({ VITE_FIRESTORE_EMULATOR_HOST: 'x:70000' })).toThrow(
      ConfigError,
    );
    expect(() => parseEmulatorConfig({ VITE_STORAGE_EMULATOR_HOST: 'http://x:1' })).toThrow(
      /VITE_STORAGE_EMULATOR_HOST must look like 127.0.0.1:9199/,
    );
  });
});
