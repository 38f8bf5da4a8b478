// Types for chromium.mjs, so the TypeScript Playwright config can import it.
export declare const DEBIAN_CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
export declare const INSTALL_HINT: string;
export declare function findChromium(deps?: {
  env?: NodeJS.ProcessEnv;
  exists?: (file: string) => boolean;
  managed?: () => string | undefined;
}): { path: string; source: string } | undefined;
export declare function ensureChromium(options?: { log?: (line: string) => void }): {
  path: string;
  source: string;
};
