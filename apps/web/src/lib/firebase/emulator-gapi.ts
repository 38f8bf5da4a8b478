import { emulatorsEnabled } from '../../config/env';
import { authEmulatorUrl } from './emulators';

/**
 * Google sign-in against the Auth emulator, offline (development and test builds only).
 *
 * The SDK's popup and redirect flows need Google's `gapi.iframes` library, which it loads from
 * https://apis.google.com/js/api.js unless `window.gapi.iframes` is already there. The proxy in
 * front of the Auth emulator (scripts/lib/auth-emulator-proxy.mjs) serves a stand-in for it at
 * /__showcase/gapi.js, so we load that first and the SDK never asks the CDN. Behind
 * `emulatorsEnabled` (a build-time literal) so production builds drop all of this and keep
 * Google's real script.
 */
const GAPI_STANDIN_PATH = '/__showcase/gapi.js';

type GapiWindow = Window & { gapi?: { iframes?: unknown } };

let loading: Promise<void> | undefined;

function loadScript(src: string): Promise<void> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      // Not behind our proxy (e.g. a bare Auth emulator): let the SDK try Google's script.
      script.remove();
      console.warn(`[showcase] Could not load ${src}; Google sign-in needs Google's script.`);
      loading = undefined;
      resolve();
    };
    document.head.append(script);
  });
}

/** Resolves once the gapi stand-in is in place (or could not be loaded); no-op in production. */
export function prepareEmulatorGoogleSignIn(): Promise<void> {
  if (!emulatorsEnabled) return Promise.resolve();
  const emulatorUrl = authEmulatorUrl();
  if (!emulatorUrl || (window as GapiWindow).gapi?.iframes) return Promise.resolve();
  loading ??= loadScript(`${emulatorUrl}${GAPI_STANDIN_PATH}`);
  return loading;
}
