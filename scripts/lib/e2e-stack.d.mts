// Types for e2e-stack.mjs, so the TypeScript Playwright global setup can import it.
export declare const E2E_DIR: string;
export declare function cleanUpAbandonedRuns(): string[];
export declare function startE2eStack(options?: { log?: (line: string) => void }): Promise<{
  baseUrl: string;
  authUrl: string;
  firestoreHost: string;
  firestoreUrl: string;
  projectId: string;
  logDir: string;
  stop: () => Promise<void>;
}>;
