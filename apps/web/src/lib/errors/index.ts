import { errorCode } from './error-code';
import type { DescribedError, ErrorInfo, ErrorTable } from './types';

export { errorCode } from './error-code';
export { describeStartupError } from './startup';

export type { DescribedError, ErrorField, ErrorInfo, ErrorTable, Recovery } from './types';

/**
 * Every `tables/<service>.ts` exporting `errorTable` is picked up here, so teaching the app a
 * new service's errors is one new file.
 */
const tableModules = import.meta.glob<ErrorTable>(['./tables/*.ts', '!./tables/*.test.ts'], {
  eager: true,
  import: 'errorTable',
});

function buildIndex(tables: readonly ErrorTable[]): ReadonlyMap<string, ErrorInfo> {
  const index = new Map<string, ErrorInfo>();
  for (const table of tables) {
    for (const [code, info] of Object.entries(table.entries)) {
      if (index.has(code))
        throw new Error(`Error code "${code}" is defined twice (${table.service}).`);
      index.set(code, info);
    }
  }
  return index;
}

const errorIndex = buildIndex(Object.values(tableModules));

export const genericError: ErrorInfo = {
  message: 'Something went wrong. Please try again.',
  recovery: 'retry',
};

/** Every code with a designed message, for tests and diagnostics. */
export function knownErrorCodes(): string[] {
  return [...errorIndex.keys()];
}

export type ErrorLogger = (message: string, ...details: unknown[]) => void;

/**
 * The designed message and recovery for any thrown value. Unknown codes (and values without a
 * code) get the generic message and are logged with their code so they can be designed later.
 */
export function describeError(error: unknown, log: ErrorLogger = console.error): DescribedError {
  const code = errorCode(error);
  const info = code === null ? undefined : errorIndex.get(code);
  if (info) return { ...info, code, known: true };
  log(`[showcase] Unhandled error code "${code ?? 'none'}"`, error);
  return { ...genericError, code, known: false };
}

/** True for errors that mean "the user cancelled": screens stay quiet. */
export function isCancellation(error: unknown): boolean {
  const code = errorCode(error);
  return code !== null && errorIndex.get(code)?.recovery === 'cancel';
}
