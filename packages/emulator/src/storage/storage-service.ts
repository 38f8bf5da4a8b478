// The Storage operation table: every client request of both HTTP APIs (Firebase v0 and the GCS
// JSON API) is one method here, over injected state (object store, upload sessions, budget),
// clock, id generators and the StorageAuthorizer port. Owners (`Bearer owner`: the Admin SDK,
// rules-unit-testing with rules disabled) skip the rules; everybody else is judged per request.
import { EmulatorError } from '../errors.js';
import type { Clock } from '../store/clock.js';
import type { ObjectStore } from './object-store.js';
import { objectNameValidate } from './object-names.js';
import type { StorageAuthorizer, StorageMethod, StorageObjectResource } from './rules-port.js';
import { storedObjectCreate, storedObjectToResource, storedObjectUpdate } from './stored-object.js';
import type { StorageContext, StorageService, StoredObject, UploadStatus } from './types.js';
import type { UploadSession, UploadSessions } from './upload-sessions.js';

export type StorageServiceDeps = {
  readonly objects: ObjectStore;
  readonly sessions: UploadSessions;
  readonly clock: Clock;
  /** Upload session ids. */
  readonly newUploadId: () => string;
  /** Download tokens (production: random UUIDs). */
  readonly newDownloadToken: () => string;
  /** The authorizer in force for a bucket. */
  readonly authorizer: (bucket: string) => StorageAuthorizer;
};

export const MAX_LIST_RESULTS = 1000;

function objectNotFound(bucket: string, name: string): EmulatorError {
  return new EmulatorError(
    'NOT_FOUND',
    `Object ${JSON.stringify(name)} does not exist in bucket ${bucket}.`,
  );
}

function statusOf(session: UploadSession): UploadStatus {
  return {
    uploadId: session.id,
    state: session.object === undefined ? 'active' : 'final',
    received: session.object === undefined ? session.received : session.object.data.length,
    object: session.object,
  };
}

function pageTokenEncode(name: string): string {
  return Buffer.from(name, 'utf8').toString('base64url');
}

function pageTokenDecode(token: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) {
    throw new EmulatorError('INVALID_ARGUMENT', `Invalid pageToken ${JSON.stringify(token)}.`);
  }
  return Buffer.from(token, 'base64url').toString('utf8');
}

export function createStorageService(deps: StorageServiceDeps): StorageService {
  const { objects, sessions, clock } = deps;

  const authorize = async (
    ctx: StorageContext,
    method: StorageMethod,
    path: string,
    resource: StorageObjectResource | null,
    requestResource: StorageObjectResource | null,
  ): Promise<void> => {
    if (ctx.caller.kind === 'owner') return;
    await deps.authorizer(ctx.bucket).authorize({
      caller: ctx.caller,
      method,
      bucket: ctx.bucket,
      path,
      time: clock.now(),
      resource,
      requestResource,
    });
  };

  /** Judges a write of `object` (create or update by what is stored) and stores it. */
  const store = async (
    ctx: StorageContext,
    object: StoredObject,
    reservation: Parameters<ObjectStore['put']>[1],
  ): Promise<StoredObject> => {
    const existing = objects.get(ctx.bucket, object.name);
    await authorize(
      ctx,
      existing === undefined ? 'create' : 'update',
      object.name,
      existing === undefined ? null : storedObjectToResource(existing),
      storedObjectToResource(object),
    );
    objects.put(object, reservation);
    return object;
  };

  /** The stored object after a `get` check; NOT_FOUND after the rules, as production. */
  const readable = async (ctx: StorageContext, name: string): Promise<StoredObject> => {
    objectNameValidate(name);
    const object = objects.get(ctx.bucket, name);
    await authorize(
      ctx,
      'get',
      name,
      object === undefined ? null : storedObjectToResource(object),
      null,
    );
    if (object === undefined) throw objectNotFound(ctx.bucket, name);
    return object;
  };

  return {
    async uploadObject(ctx, upload) {
      try {
        objectNameValidate(upload.name);
        const object = storedObjectCreate(
          ctx.bucket,
          upload.name,
          upload.data,
          upload.metadata,
          clock.now(),
          deps.newDownloadToken,
        );
        return await store(ctx, object, upload.reservation);
      } finally {
        upload.reservation.release();
      }
    },

    startResumableUpload(ctx, start) {
      objectNameValidate(start.name);
      const now = clock.now();
      const session = sessions.start(
        {
          id: deps.newUploadId(),
          bucket: ctx.bucket,
          name: start.name,
          metadata: start.metadata,
          declaredSize: start.declaredSize,
          caller: ctx.caller,
        },
        now,
      );
      return statusOf(session);
    },

    async uploadChunk(ctx, chunk) {
      try {
        const session = sessions.get(ctx.bucket, chunk.uploadId, clock.now());
        if (session.object !== undefined && chunk.data.length === 0 && chunk.finalize) {
          return statusOf(session);
        }
        sessions.append(session, chunk.offset, chunk.data, chunk.reservation);
        if (!chunk.finalize) return statusOf(session);
        let object: StoredObject;
        session.finalizing = true;
        try {
          if (session.declaredSize !== undefined && session.received !== session.declaredSize) {
            throw new EmulatorError(
              'INVALID_ARGUMENT',
              `Upload ${session.id} declared ${session.declaredSize} bytes but ${session.received} were received before finalize.`,
            );
          }
          const { data, hashes } = sessions.collect(session);
          object = storedObjectCreate(
            ctx.bucket,
            session.name,
            data,
            session.metadata,
            clock.now(),
            deps.newDownloadToken,
            hashes,
          );
          await store(ctx, object, session.reservation);
        } catch (error) {
          // A refused finalize ends the session: its bytes must not linger until expiry.
          sessions.drop(session);
          throw error;
        }
        sessions.finish(session, object);
        return statusOf(session);
      } finally {
        chunk.reservation.release();
      }
    },

    queryUpload(ctx, uploadId) {
      return statusOf(sessions.get(ctx.bucket, uploadId, clock.now()));
    },

    cancelUpload(ctx, uploadId) {
      sessions.cancel(ctx.bucket, uploadId, clock.now());
    },

    getMetadata: readable,

    async updateMetadata(ctx, name, metadata) {
      objectNameValidate(name);
      const object = objects.get(ctx.bucket, name);
      if (object === undefined) {
        await authorize(ctx, 'update', name, null, null);
        throw objectNotFound(ctx.bucket, name);
      }
      const updated = storedObjectUpdate(object, metadata, clock.now(), deps.newDownloadToken);
      await authorize(
        ctx,
        'update',
        name,
        storedObjectToResource(object),
        storedObjectToResource(updated),
      );
      // The object may have been replaced or deleted while the rules ran (firestore.get()).
      if (objects.get(ctx.bucket, name) !== object) {
        throw new EmulatorError(
          'ABORTED',
          `Object ${JSON.stringify(name)} changed during the update; retry.`,
        );
      }
      objects.replace(updated);
      return updated;
    },

    async deleteObject(ctx, name) {
      objectNameValidate(name);
      const object = objects.get(ctx.bucket, name);
      await authorize(
        ctx,
        'delete',
        name,
        object === undefined ? null : storedObjectToResource(object),
        null,
      );
      if (object === undefined || !objects.delete(ctx.bucket, name)) {
        throw objectNotFound(ctx.bucket, name);
      }
    },

    async download(ctx, name, token) {
      if (token !== undefined) {
        objectNameValidate(name);
        const object = objects.get(ctx.bucket, name);
        if (object !== undefined && object.downloadTokens.includes(token)) return object;
      }
      return readable(ctx, name);
    },

    async list(ctx, request) {
      const { prefix, delimiter } = request;
      const max = request.maxResults ?? MAX_LIST_RESULTS;
      if (!Number.isInteger(max) || max < 1 || max > MAX_LIST_RESULTS) {
        throw new EmulatorError(
          'INVALID_ARGUMENT',
          `maxResults must be an integer from 1 to ${MAX_LIST_RESULTS}, got ${request.maxResults}.`,
        );
      }
      const after =
        request.pageToken === undefined ? undefined : pageTokenDecode(request.pageToken);
      // Rules see the listed folder without its trailing slash (`''` for the root).
      await authorize(ctx, 'list', prefix.endsWith('/') ? prefix.slice(0, -1) : prefix, null, null);
      const prefixes: string[] = [];
      const items: StoredObject[] = [];
      let last: string | undefined;
      let more = false;
      for (const object of objects.listFrom(ctx.bucket, prefix, after)) {
        const name = object.name;
        // After a folder (`a/b/`), its objects are behind us too.
        if (after !== undefined && delimiter !== '' && after.endsWith(delimiter)) {
          if (name.startsWith(after)) continue;
        }
        const rest = name.slice(prefix.length);
        const cut = delimiter === '' ? -1 : rest.indexOf(delimiter);
        const entry = cut < 0 ? name : prefix + rest.slice(0, cut + delimiter.length);
        if (cut >= 0 && entry === last) continue;
        if (prefixes.length + items.length === max) {
          more = true;
          break;
        }
        if (cut >= 0) prefixes.push(entry);
        else items.push(object);
        last = entry;
      }
      return {
        prefixes,
        items,
        nextPageToken: more && last !== undefined ? pageTokenEncode(last) : undefined,
      };
    },

    reserve: () => objects.budget.reserve(0),

    clear() {
      sessions.clear();
      objects.clear();
    },

    stats: () => ({
      objects: objects.size,
      usedBytes: objects.budget.usedBytes,
      budgetBytes: objects.budget.limit,
      uploadSessions: sessions.size,
    }),
  };
}
