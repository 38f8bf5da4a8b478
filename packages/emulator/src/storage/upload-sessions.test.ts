// Resumable uploads through the operation table: offsets, finalize, query, cancel, expiry on
// the injected clock, the session bound and the byte budget.
import { describe, expect, it } from 'vitest';
import type { EmulatorError } from '../errors.js';
import { BUCKET, ctx, testCore, user } from './builders.js';
import { objectHashesOf } from './checksums.js';
import type { StorageCore } from './index.js';

function chunk(
  core: StorageCore,
  uploadId: string,
  offset: number,
  text: string,
  finalize = false,
) {
  const data = Buffer.from(text);
  const reservation = core.service.reserve();
  reservation.grow(data.length);
  return core.service.uploadChunk(ctx(), { uploadId, offset, data, reservation, finalize });
}

async function codeOf(promise: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    return `${(error as EmulatorError).code}: ${(error as EmulatorError).message}`;
  }
  return 'resolved';
}

describe('resumable uploads', () => {
  it('appends chunks at the right offsets and stores the object on finalize', async () => {
    const core = testCore();
    const start = core.service.startResumableUpload(ctx(), {
      name: 'a/b.txt',
      metadata: { contentType: 'text/plain', metadata: { k: 'v' } },
      declaredSize: 11,
    });
    expect(start).toMatchObject({ state: 'active', received: 0 });
    expect(await chunk(core, start.uploadId, 0, 'hello ')).toMatchObject({ received: 6 });
    expect(core.service.queryUpload(ctx(), start.uploadId)).toMatchObject({
      state: 'active',
      received: 6,
    });
    const final = await chunk(core, start.uploadId, 6, 'world', true);
    expect(final.state).toBe('final');
    expect(final.object?.data.toString()).toBe('hello world');
    expect(final.object).toMatchObject({
      contentType: 'text/plain',
      metadata: { k: 'v' },
      downloadTokens: ['token-1'],
    });
    expect(core.service.queryUpload(ctx(), start.uploadId)).toMatchObject({
      state: 'final',
      received: 11,
    });
    expect(core.stats()).toMatchObject({ objects: 1, usedBytes: 11 });
  });

  it('hashes the chunks as they are appended: refused chunks are not in the hashes', async () => {
    const core = testCore();
    const { uploadId } = core.service.startResumableUpload(ctx(), {
      name: 'h.txt',
      metadata: {},
      declaredSize: undefined,
    });
    await chunk(core, uploadId, 0, 'hello ');
    expect(await codeOf(chunk(core, uploadId, 0, 'again '))).toMatch(/^INVALID_ARGUMENT/);
    await chunk(core, uploadId, 6, '');
    const final = await chunk(core, uploadId, 6, 'world', true);
    expect(final.object?.data.toString()).toBe('hello world');
    expect(final.object).toMatchObject(objectHashesOf(Buffer.from('hello world')));
  });

  it('hashes appended bytes between requests and finishes at finalize, whatever is left', async () => {
    const bytes = Buffer.from(Uint8Array.from({ length: 3 * 2 ** 20 + 5 }, (_, i) => i * 7));
    const cuts = [0, 1_500_000, 1_500_001, 2_900_000, bytes.length];
    for (const turns of [0, 1, 3, 100]) {
      const core = testCore();
      const { uploadId } = core.service.startResumableUpload(ctx(), {
        name: 'big',
        metadata: {},
        declaredSize: bytes.length,
      });
      let final;
      for (let i = 0; i + 1 < cuts.length; i++) {
        const data = bytes.subarray(cuts[i], cuts[i + 1]);
        const reservation = core.service.reserve();
        reservation.grow(data.length);
        final = await core.service.uploadChunk(ctx(), {
          uploadId,
          offset: cuts[i]!,
          data,
          reservation,
          finalize: i + 2 === cuts.length,
        });
        // Some turns of the event loop between chunks: hashing in the background, or not at all.
        for (let t = 0; t < turns; t++) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(final?.object?.data.equals(bytes)).toBe(true);
      expect(final?.object).toMatchObject(objectHashesOf(bytes));
    }
  });

  it('refuses a wrong or repeated offset without changing what was received', async () => {
    const core = testCore();
    const { uploadId } = core.service.startResumableUpload(ctx(), {
      name: 'x',
      metadata: {},
      declaredSize: undefined,
    });
    await chunk(core, uploadId, 0, 'abc');
    expect(await codeOf(chunk(core, uploadId, 0, 'abc'))).toMatch(
      /^INVALID_ARGUMENT: Upload offset 0 does not match the 3 bytes/,
    );
    expect(await codeOf(chunk(core, uploadId, 5, 'abc'))).toMatch(/offset 5 does not match the 3/);
    expect(core.service.queryUpload(ctx(), uploadId).received).toBe(3);
    // The refused chunks' bytes are not held.
    expect(core.stats().usedBytes).toBe(3);
    await chunk(core, uploadId, 3, 'def', true);
    expect(core.stats()).toMatchObject({ usedBytes: 6, objects: 1 });
  });

  it('refuses more bytes than declared, and a finalize short of the declared size', async () => {
    const core = testCore();
    const { uploadId } = core.service.startResumableUpload(ctx(), {
      name: 'x',
      metadata: {},
      declaredSize: 4,
    });
    expect(await codeOf(chunk(core, uploadId, 0, 'abcde'))).toMatch(/declared 4 bytes; 5 would/);
    expect(await codeOf(chunk(core, uploadId, 0, 'abc', true))).toMatch(
      /declared 4 bytes but 3 were received/,
    );
    // A refused finalize ends the session and frees its bytes.
    expect(core.stats()).toMatchObject({ usedBytes: 0, uploadSessions: 0, objects: 0 });
  });

  it('answers NOT_FOUND for unknown, cancelled and other-bucket sessions', async () => {
    const core = testCore();
    expect(await codeOf(() => core.service.queryUpload(ctx(), 'nope'))).toMatch(/^NOT_FOUND/);
    const { uploadId } = core.service.startResumableUpload(ctx(), {
      name: 'x',
      metadata: {},
      declaredSize: undefined,
    });
    await chunk(core, uploadId, 0, 'abc');
    expect(
      await codeOf(() =>
        core.service.queryUpload({ caller: { kind: 'owner' }, bucket: 'other' }, uploadId),
      ),
    ).toMatch(/^NOT_FOUND/);
    core.service.cancelUpload(ctx(), uploadId);
    expect(core.stats()).toMatchObject({ usedBytes: 0, uploadSessions: 0 });
    expect(await codeOf(chunk(core, uploadId, 3, 'd', true))).toMatch(/^NOT_FOUND/);
  });

  it('expires sessions idle for longer than the limit on the injected clock, freeing bytes', async () => {
    const core = testCore({ sessionLimits: { idleMs: 60_000 } });
    const { uploadId } = core.service.startResumableUpload(ctx(), {
      name: 'x',
      metadata: {},
      declaredSize: undefined,
    });
    await chunk(core, uploadId, 0, 'abcdef');
    core.time.ms += 59_000;
    expect(core.expireUploads()).toBe(0);
    // Activity restarts the idle time.
    expect(core.service.queryUpload(ctx(), uploadId).received).toBe(6);
    core.time.ms += 59_000;
    expect(core.expireUploads()).toBe(0);
    expect(core.stats().usedBytes).toBe(6);
    core.time.ms += 1_001;
    expect(core.expireUploads()).toBe(1);
    expect(core.stats()).toMatchObject({ usedBytes: 0, uploadSessions: 0 });
    expect(await codeOf(chunk(core, uploadId, 6, 'g'))).toMatch(/^NOT_FOUND.*expired/);
  });

  it('holds at most maxSessions sessions at once', async () => {
    const core = testCore({ sessionLimits: { maxSessions: 2 } });
    const start = () =>
      core.service.startResumableUpload(ctx(), { name: 'x', metadata: {}, declaredSize: 1 });
    start();
    const second = start();
    expect(await codeOf(start)).toMatch(/^RESOURCE_EXHAUSTED: Too many resumable uploads/);
    core.service.cancelUpload(ctx(), second.uploadId);
    expect(start().state).toBe('active');
  });

  it('refuses a declared size and chunks beyond the byte budget with the quota error', async () => {
    const core = testCore({ budgetBytes: 10 });
    expect(
      await codeOf(() =>
        core.service.startResumableUpload(ctx(), { name: 'x', metadata: {}, declaredSize: 11 }),
      ),
    ).toMatch(/^RESOURCE_EXHAUSTED: Quota exceeded/);
    const { uploadId } = core.service.startResumableUpload(ctx(), {
      name: 'x',
      metadata: {},
      declaredSize: undefined,
    });
    await chunk(core, uploadId, 0, '12345678');
    const reservation = core.service.reserve();
    expect(await codeOf(() => reservation.grow(3))).toMatch(/^RESOURCE_EXHAUSTED/);
    expect(reservation.bytes).toBe(0);
    expect(core.stats().usedBytes).toBe(8);
  });

  it('judges the finalized object by the rules as a create, and a refusal drops the session', async () => {
    const core = testCore();
    core.rules.allow = (request) => request.requestResource!.size < 3;
    const { uploadId } = core.service.startResumableUpload(ctx(user('u1')), {
      name: 'u1/pic',
      metadata: { contentType: 'image/png' },
      declaredSize: undefined,
    });
    const data = Buffer.from('abcd');
    const reservation = core.service.reserve();
    reservation.grow(4);
    const refused = core.service.uploadChunk(ctx(user('u1')), {
      uploadId,
      offset: 0,
      data,
      reservation,
      finalize: true,
    });
    expect(await codeOf(refused)).toMatch(/^PERMISSION_DENIED/);
    expect(core.requests.at(-1)).toMatchObject({
      method: 'create',
      bucket: BUCKET,
      path: 'u1/pic',
      resource: null,
      requestResource: { name: 'u1/pic', size: 4, contentType: 'image/png' },
    });
    expect(core.stats()).toMatchObject({ usedBytes: 0, uploadSessions: 0, objects: 0 });
  });

  it('takes no more bytes while a finalize waits for the rules', async () => {
    let release: () => void = () => {};
    const core = testCore({
      authorizer: {
        authorize: () =>
          new Promise<void>((resolve) => {
            release = resolve;
          }),
      },
    });
    const { uploadId } = core.service.startResumableUpload(ctx(user('u1')), {
      name: 'x',
      metadata: {},
      declaredSize: undefined,
    });
    const data = Buffer.from('abc');
    const reservation = core.service.reserve();
    reservation.grow(3);
    const finalizing = core.service.uploadChunk(ctx(user('u1')), {
      uploadId,
      offset: 0,
      data,
      reservation,
      finalize: true,
    });
    expect(await codeOf(chunk(core, uploadId, 3, 'more'))).toMatch(/is being finalized/);
    release();
    expect((await finalizing).state).toBe('final');
    expect(core.stats()).toMatchObject({ usedBytes: 3, objects: 1 });
  });
});
