// Storage security rules: loaded from `--storage-rules` at start-up and from
// `PUT /internal/setRules` (what @firebase/rules-unit-testing sends), compiled by the same
// compiler as Firestore's rules, and turned into the StorageAuthorizer the Storage service asks.
// A ruleset that does not compile never replaces a working one. Without rules, the official
// emulator's policy: a `demo-` project is open (the log says so loudly), any other refuses.
import { EmulatorError } from '../errors.js';
import type { FirestoreDocumentReader, StorageAuthorizer } from '../storage/rules-port.js';
import type { Logger } from '../transport/logger.js';
import type { RulesLoadResult, RulesSource } from './rules-controller.js';

export interface StorageRulesController {
  load(source: RulesSource): Promise<RulesLoadResult>;
  /** The rules source in force, if any. */
  current(): RulesSource | undefined;
  /** One line for the banner: which rules are in force. */
  describe(): string;
}

/** What the controller drives: the Storage core's authorizer slot. */
export type StorageAuthorizerTarget = { setAuthorizer(authorizer: StorageAuthorizer): void };

export function isDemoProject(projectId: string): boolean {
  return projectId.startsWith('demo-');
}

/** The authorizer without rules: open for `demo-` projects, closed for every other. */
export function storageAuthorizerWithoutRules(projectId: string): StorageAuthorizer {
  if (isDemoProject(projectId)) return { authorize: async () => {} };
  const refusal = new EmulatorError(
    'PERMISSION_DENIED',
    `Permission denied. No Storage security rules are loaded, and project ${projectId} is not a ` +
      'demo- project, so the emulator refuses every request (as the official emulator does). ' +
      'Load rules with --storage-rules or PUT /internal/setRules.',
  );
  return {
    authorize: async () => {
      throw refusal;
    },
  };
}

export function describeStorageWithoutRules(projectId: string): string {
  return isDemoProject(projectId)
    ? `WARNING: no Storage security rules are loaded: every Storage request to ${projectId} is allowed`
    : `WARNING: no Storage security rules are loaded and ${projectId} is not a demo- project: every Storage request is refused`;
}

export function createStorageRulesController(
  target: StorageAuthorizerTarget,
  deps: {
    readonly firestore: FirestoreDocumentReader;
    readonly projectId: string;
    readonly log: Logger;
  },
): StorageRulesController {
  let loaded: RulesSource | undefined;
  return {
    async load(source) {
      const { compileRules, createStorageRulesAuthorizer } = await import('../rules/index.js');
      const compiled = compileRules(source.content, source.name, 'firebase.storage');
      if (!compiled.ok) {
        deps.log.warn(`storage security rules "${source.name}" rejected:\n${compiled.message}`);
        return { loaded: false, issues: compiled.issues, message: compiled.message };
      }
      const describe = `storage security rules loaded from ${source.name}`;
      // The project whose Firestore `firestore.get()` reads follows from each request's bucket.
      target.setAuthorizer(
        createStorageRulesAuthorizer(compiled.ruleset, { firestore: deps.firestore, describe }),
      );
      loaded = source;
      deps.log.info(describe);
      return { loaded: true, issues: [] };
    },
    current: () => loaded,
    describe: () =>
      loaded === undefined
        ? describeStorageWithoutRules(deps.projectId)
        : `storage security rules loaded from ${loaded.name}`,
  };
}
