/**
 * Keys for live listeners, derived from what builds the listened query or document: the
 * builder function of lib/firebase and the arguments it is called with. Two calls of one builder
 * with equal arguments listen to the same thing; nothing else does.
 */

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
export function canonicalKey(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === undefined) return null;
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    return Object.fromEntries(
      Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  });
}

// Builders are module-level functions: numbering them on first sight names each one for good.
const builderIds = new WeakMap<object, number>();
let nextBuilderId = 0;

function builderId(builder: object): number {
  let id = builderIds.get(builder);
  if (id === undefined) {
    id = ++nextBuilderId;
    builderIds.set(builder, id);
  }
  return id;
}

/** The key of `builder(db, ...args)`: its builder's number and its arguments' canonical text. */
export function listenKey(builder: object, args: readonly unknown[]): string {
  return `${builderId(builder)}:${canonicalKey(args)}`;
}
