// Short write and context builders for tests: `set('coll/a', { x: 1 })`, `update('coll/a',
// { x: 2 })`, `remove('coll/a')`, plus request contexts and a recording listen sink.
import { field, nameOf, TEST_DATABASE, wrap, wrapFields } from '../model/builders.js';
import type { FieldTransform, Precondition, Timestamp, Write } from '../model/types.js';
import type { ListenResponse, RequestContext, StreamSink } from './types.js';

export const ownerContext: RequestContext = { caller: { kind: 'owner' }, database: TEST_DATABASE };

export function userContext(uid: string): RequestContext {
  return { caller: { kind: 'user', uid, token: { sub: uid } }, database: TEST_DATABASE };
}

export function set(
  path: string,
  fields: Record<string, unknown>,
  ...transforms: FieldTransform[]
): Write {
  return { kind: 'update', name: nameOf(path), fields: wrapFields(fields), transforms };
}

/** `set(merge)`-style write: only the given top-level keys (or `mask`) change. */
export function merge(
  path: string,
  fields: Record<string, unknown>,
  mask: string[] = Object.keys(fields),
  ...transforms: FieldTransform[]
): Write {
  return {
    kind: 'update',
    name: nameOf(path),
    fields: wrapFields(fields),
    updateMask: mask.map(field),
    transforms,
  };
}

/** `update()`: a masked write that requires the document to exist. */
export function update(
  path: string,
  fields: Record<string, unknown>,
  mask: string[] = Object.keys(fields),
): Write {
  return { ...merge(path, fields, mask), precondition: { kind: 'exists', exists: true } };
}

export function create(path: string, fields: Record<string, unknown>): Write {
  return { ...set(path, fields), precondition: { kind: 'exists', exists: false } };
}

export function remove(path: string, precondition?: Precondition): Write {
  return precondition === undefined
    ? { kind: 'delete', name: nameOf(path) }
    : { kind: 'delete', name: nameOf(path), precondition };
}

export function verify(path: string, precondition: Precondition): Write {
  return { kind: 'verify', name: nameOf(path), precondition };
}

/** A transform-only update, as the SDK sends it: no fields and an empty mask. */
export function transformOnly(path: string, ...transforms: FieldTransform[]): Write {
  return { kind: 'update', name: nameOf(path), fields: new Map(), updateMask: [], transforms };
}

export function withPrecondition(write: Write, precondition: Precondition): Write {
  return { ...write, precondition } as Write;
}

export function updateTimeIs(updateTime: Timestamp): Precondition {
  return { kind: 'updateTime', updateTime };
}

export const serverTime = (path: string): FieldTransform => ({
  fieldPath: field(path),
  kind: 'serverTime',
});
export const increment = (path: string, by: unknown): FieldTransform => ({
  fieldPath: field(path),
  kind: 'increment',
  operand: wrap(by),
});
export const maximum = (path: string, operand: unknown): FieldTransform => ({
  fieldPath: field(path),
  kind: 'maximum',
  operand: wrap(operand),
});
export const minimum = (path: string, operand: unknown): FieldTransform => ({
  fieldPath: field(path),
  kind: 'minimum',
  operand: wrap(operand),
});
export const arrayUnion = (path: string, ...elements: unknown[]): FieldTransform => ({
  fieldPath: field(path),
  kind: 'appendMissingElements',
  elements: elements.map(wrap),
});
export const arrayRemove = (path: string, ...elements: unknown[]): FieldTransform => ({
  fieldPath: field(path),
  kind: 'removeAllFromArray',
  elements: elements.map(wrap),
});

/** A stream sink that records responses; `take()` returns and clears them. */
export class RecordingSink<Response = ListenResponse> implements StreamSink<Response> {
  responses: Response[] = [];
  failure: unknown = null;
  ends = 0;

  send(response: Response): void {
    this.responses.push(response);
  }

  end(error?: unknown): void {
    this.ends++;
    if (error !== undefined) this.failure = error;
  }

  take(): Response[] {
    const taken = this.responses;
    this.responses = [];
    return taken;
  }
}

/** A compact description of listen responses for assertions, e.g. `ADD [2]`, `change a [2]`. */
export function describeResponses(responses: readonly ListenResponse[]): string[] {
  const short = (name: string): string => name.slice(name.indexOf('/documents/') + 11);
  return responses.map((r) => {
    switch (r.kind) {
      case 'targetChange':
        return r.targetIds.length === 0
          ? `${r.changeType} global`
          : `${r.changeType} [${r.targetIds.join(',')}]${r.cause ? ` cause ${r.cause.code}` : ''}`;
      case 'documentChange':
        return `change ${short(r.document.name)} [${r.targetIds.join(',')}]${
          r.removedTargetIds.length ? ` -[${r.removedTargetIds.join(',')}]` : ''
        }`;
      case 'documentDelete':
        return `delete ${short(r.name)} -[${r.removedTargetIds.join(',')}]`;
      case 'documentRemove':
        return `remove ${short(r.name)} -[${r.removedTargetIds.join(',')}]`;
      case 'filter':
        return `filter [${r.targetId}] ${r.count}`;
    }
  });
}
