// The write pipeline shared by commit and the Write stream: validate every write, compute each
// document's new state on an overlay (preconditions, masks, transforms), authorize the whole
// batch, then apply it at once. Nothing is stored unless every write succeeds.
import { EmulatorError } from '../errors.js';
import {
  applyTransforms,
  applyUpdateMask,
  normalizeFields,
  validateDocumentLimits,
  validateFields,
} from '../model/document.js';
import { formatFieldPath, parseDocumentName, validateWriteFieldPath } from '../model/paths.js';
import type {
  Document,
  Fields,
  Precondition,
  Timestamp,
  Write,
  WriteResult,
} from '../model/types.js';
import { compareTimestamps, fieldsIdentical, isNumber } from '../model/values.js';
import { timestampToMicros, type Clock } from '../store/clock.js';
import type { Store } from '../store/store.js';
import type { DocumentChange } from './query-runner.js';
import type { Authorizer, RequestContext, WriteBatchView } from './types.js';

/** Most writes one commit may carry, as in production. */
export const MAX_WRITES_PER_COMMIT = 500;

const EMPTY_FIELDS: Fields = new Map();

/** Validates a write; returns it with its fields normalized (timestamps truncated to µs). */
export function validateWrite(write: Write, database: string): Write {
  parseDocumentName(write.name, database);
  if (write.kind === 'verify' && write.precondition === undefined) {
    throw new EmulatorError('INVALID_ARGUMENT', 'A verify write must have a precondition.');
  }
  if (write.kind === 'update') {
    for (const path of write.updateMask ?? []) validateWriteFieldPath(path);
  }
  if (write.kind === 'update' || write.kind === 'transform') {
    const seen = new Set<string>();
    for (const transform of write.transforms) {
      validateWriteFieldPath(transform.fieldPath);
      const key = formatFieldPath(transform.fieldPath);
      if (seen.has(key)) {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          `Field '${key}' has multiple transforms in one write.`,
        );
      }
      seen.add(key);
      if (
        (transform.kind === 'increment' ||
          transform.kind === 'maximum' ||
          transform.kind === 'minimum') &&
        !isNumber(transform.operand)
      ) {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          `The operand of a '${transform.kind}' transform on field '${key}' must be an integer or a double.`,
        );
      }
      if (transform.kind === 'appendMissingElements' || transform.kind === 'removeAllFromArray') {
        if (transform.elements.some((v) => v.kind === 'array')) {
          throw new EmulatorError(
            'INVALID_ARGUMENT',
            `Cannot have an array value directly inside an array value (field '${key}').`,
          );
        }
        validateFields(new Map(transform.elements.map((v, i) => [String(i), v])));
      }
    }
  }
  if (write.kind === 'update') {
    const fields = normalizeFields(write.fields);
    if (fields !== write.fields) return { ...write, fields };
  }
  return write;
}

function formatVersion(time: Timestamp): string {
  return String(timestampToMicros(time));
}

/** Throws production's error when `precondition` does not hold for `current`. */
function checkPrecondition(
  name: string,
  precondition: Precondition | undefined,
  current: Document | null,
): void {
  if (precondition === undefined) return;
  if (precondition.kind === 'exists') {
    if (precondition.exists && current === null) {
      throw new EmulatorError('NOT_FOUND', `No document to update: ${name}`);
    }
    if (!precondition.exists && current !== null) {
      throw new EmulatorError('ALREADY_EXISTS', `Document already exists: ${name}`);
    }
    return;
  }
  if (current === null) {
    throw new EmulatorError('NOT_FOUND', `No document to update: ${name}`);
  }
  if (compareTimestamps(current.updateTime, precondition.updateTime) !== 0) {
    throw new EmulatorError(
      'FAILED_PRECONDITION',
      `the stored version (${formatVersion(current.updateTime)}) does not match the required base version (${formatVersion(precondition.updateTime)})`,
    );
  }
}

function requiresExistence(precondition: Precondition | undefined): boolean {
  if (precondition === undefined) return false;
  return precondition.kind === 'updateTime' || precondition.exists;
}

export type PreparedCommit = {
  readonly commitTime: Timestamp;
  readonly writeResults: readonly WriteResult[];
  readonly changes: readonly DocumentChange[];
};

/**
 * Validates, authorizes and applies a batch of writes atomically. Returns the results and the
 * changed documents (no-op writes change nothing and keep their old updateTime).
 */
export function applyWrites(
  deps: { readonly store: Store; readonly clock: Clock; readonly authorizer: Authorizer },
  ctx: RequestContext,
  writes: readonly Write[],
): PreparedCommit {
  if (writes.length > MAX_WRITES_PER_COMMIT) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `maximum ${MAX_WRITES_PER_COMMIT} writes allowed per request`,
    );
  }
  writes = writes.map((write) => validateWrite(write, ctx.database));

  const { store, clock } = deps;
  const commitTime = clock.now();
  const overlay = new Map<string, Document | null>();
  const current = (name: string): Document | null =>
    overlay.has(name) ? (overlay.get(name) ?? null) : store.get(name);
  const views: WriteBatchView['writes'][number][] = [];
  const transformResults: WriteResult['transformResults'][] = [];
  let preconditionError: EmulatorError | null = null;

  for (const write of writes) {
    const before = current(write.name);
    try {
      if (overlay.get(write.name) === null && requiresExistence(write.precondition)) {
        // Production refuses the request itself, not the precondition, when a write needs a
        // document an earlier write of the same commit deleted.
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          `No document to update: ${write.name} was deleted earlier in the same request.`,
        );
      }
      checkPrecondition(write.name, write.precondition, before);
    } catch (error) {
      preconditionError ??= error as EmulatorError;
    }
    if (write.kind === 'verify') {
      views.push({ write, method: 'verify', before, after: before });
      transformResults.push([]);
      continue;
    }
    if (write.kind === 'delete') {
      overlay.set(write.name, null);
      views.push({ write, method: 'delete', before, after: null });
      transformResults.push([]);
      continue;
    }
    let fields: Fields;
    if (write.kind === 'transform') fields = before?.fields ?? EMPTY_FIELDS;
    else if (write.updateMask === undefined) fields = write.fields;
    else fields = applyUpdateMask(before?.fields ?? EMPTY_FIELDS, write.fields, write.updateMask);
    const transformed = applyTransforms(fields, write.transforms, commitTime);
    const after: Document = {
      name: write.name,
      fields: transformed.fields,
      createTime: before?.createTime ?? commitTime,
      updateTime: commitTime,
    };
    overlay.set(write.name, after);
    views.push({ write, method: before === null ? 'create' : 'update', before, after });
    transformResults.push(transformed.results);
  }

  if (ctx.caller.kind !== 'owner') {
    deps.authorizer.authorizeWrites(ctx, {
      time: commitTime,
      writes: views,
      before: (name) => store.get(name),
      after: current,
    });
  }
  if (preconditionError !== null) throw preconditionError;

  // Work out the final state of each document before touching the store.
  const pending: DocumentChange[] = [];
  const finalDocuments = new Map<string, Document | null>();
  for (const [name, next] of overlay) {
    const stored = store.get(name);
    if (next === null) {
      if (stored !== null) pending.push({ name, before: stored, after: null });
      finalDocuments.set(name, null);
    } else if (stored !== null && fieldsIdentical(stored.fields, next.fields)) {
      finalDocuments.set(name, stored);
    } else {
      validateDocumentLimits(name, next.fields);
      pending.push({ name, before: stored, after: next });
      finalDocuments.set(name, next);
    }
  }
  // Listeners get the documents as stored, so that a listened document is held only once.
  const changes = pending.map((change): DocumentChange => {
    if (change.after === null) {
      store.delete(change.name);
      return change;
    }
    return { ...change, after: store.put(change.after) };
  });

  const writeResults: WriteResult[] = writes.map((write, i) => {
    const results = transformResults[i] ?? [];
    if (write.kind === 'delete' || write.kind === 'verify') return { transformResults: results };
    const final = finalDocuments.get(write.name);
    return final
      ? { updateTime: final.updateTime, transformResults: results }
      : { transformResults: results };
  });
  return { commitTime, writeResults, changes };
}
