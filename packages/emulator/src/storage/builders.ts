// Short builders for the Storage core's tests: a core on a hand-driven clock, callers, and a
// recording authorizer.
import { EmulatorError } from '../errors.js';
import type { Caller } from '../service/types.js';
import { createMonotonicClock } from '../store/clock.js';
import type { StorageCore, StorageCoreOptions } from './index.js';
import { createStorageCore } from './index.js';
import type { StorageAuthorizer, StorageRulesRequest } from './rules-port.js';
import type { StorageContext } from './types.js';

export const OWNER: Caller = { kind: 'owner' };
export const ANONYMOUS: Caller = { kind: 'unauthenticated' };
export function user(uid: string): Caller {
  return { kind: 'user', uid, token: { sub: uid } };
}

export const BUCKET = 'demo-test.appspot.com';

export function ctx(caller: Caller = OWNER, bucket = BUCKET): StorageContext {
  return { caller, bucket };
}

/** A clock the test moves: `time.ms` milliseconds since the epoch. */
export type FakeTime = { ms: number };

export type TestCore = StorageCore & {
  readonly time: FakeTime;
  readonly requests: StorageRulesRequest[];
  /** What the recording authorizer decides (`rules.allow`); allow by default. */
  readonly rules: { allow: (request: StorageRulesRequest) => boolean };
};

export function testCore(options: Partial<StorageCoreOptions> = {}): TestCore {
  const time: FakeTime = { ms: 1_800_000_000_000 };
  const requests: StorageRulesRequest[] = [];
  let tokens = 0;
  let ids = 0;
  const rules = { allow: (_request: StorageRulesRequest) => true };
  const authorizer: StorageAuthorizer = {
    authorize: async (request) => {
      requests.push(request);
      if (!rules.allow(request)) {
        throw new EmulatorError('PERMISSION_DENIED', 'Permission denied.');
      }
    },
  };
  const core = createStorageCore({
    clock: createMonotonicClock(() => time.ms * 1000),
    newDownloadToken: () => `token-${++tokens}`,
    newUploadId: () => `upload-${++ids}`,
    authorizer,
    ...options,
  });
  return Object.assign(core, { time, requests, rules });
}

/** Uploads `text` as the owner in one request. */
export async function put(core: StorageCore, name: string, text: string, caller = OWNER) {
  const data = Buffer.from(text);
  const reservation = core.service.reserve();
  reservation.grow(data.length);
  return core.service.uploadObject(ctx(caller), {
    name,
    metadata: { contentType: 'text/plain' },
    data,
    reservation,
  });
}
