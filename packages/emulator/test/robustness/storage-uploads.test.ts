// Hostile and broken uploads against the Storage port over real sockets: each gets the right
// 4xx with a message, holds no bytes afterwards, and the server keeps answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageHarness } from './storage-support.js';
import {
  BUCKET,
  call,
  multipartBody,
  multipartUpload,
  objectPath,
  resumable,
  startResumable,
  startStorage,
} from './storage-support.js';

let h: StorageHarness;

beforeAll(async () => {
  h = await startStorage({
    storageMaxBytes: 64 * 1024,
    storageLimits: { idleMs: 60_000, maxSessions: 8 },
  });
});
afterAll(() => h.server.close());

async function heldBytes(): Promise<number> {
  return (await h.core()).stats().usedBytes;
}

async function stillAnswers(): Promise<void> {
  const health = await fetch(`${h.base}/`);
  expect(await health.text()).toBe('Ok');
  const ok = await multipartUpload(h.base, 'canary', multipartBody('B0UNDARY', {}, 'alive'));
  expect(ok.status).toBe(200);
  expect((await call(h.base, objectPath('canary'), { method: 'DELETE' })).status).toBe(204);
}

describe('Storage robustness: uploads', () => {
  it.each([
    [
      'a body that does not start with the boundary',
      Buffer.from('garbage'),
      /does not start with the boundary/,
    ],
    [
      'a body without its closing boundary',
      Buffer.from(
        '--B0UNDARY\r\nContent-Type: application/json\r\n\r\n{}\r\n--B0UNDARY\r\n\r\nabc',
      ),
      /closing boundary is missing/,
    ],
    [
      'a metadata part that is not JSON',
      Buffer.from('--B0UNDARY\r\n\r\n{nope\r\n--B0UNDARY\r\n\r\nabc\r\n--B0UNDARY--'),
      /JSON/i,
    ],
    [
      'only one part',
      Buffer.from('--B0UNDARY\r\n\r\n{}\r\n--B0UNDARY--'),
      /expected a metadata part and a data part, got 1/,
    ],
    [
      'three parts',
      Buffer.from(
        '--B0UNDARY\r\n\r\n{}\r\n--B0UNDARY\r\n\r\na\r\n--B0UNDARY\r\n\r\nb\r\n--B0UNDARY--',
      ),
      /more than 2 parts/,
    ],
    [
      'a part header line without a name',
      Buffer.from('--B0UNDARY\r\nnonsense\r\n\r\n{}\r\n--B0UNDARY--'),
      /has no name/,
    ],
  ])('answers 400 to %s', async (_what, body, message) => {
    const answer = await multipartUpload(h.base, 'broken', Buffer.from(body));
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({ code: 400, message: expect.stringMatching(message) });
    expect(await heldBytes()).toBe(0);
    await stillAnswers();
  });

  it('answers 400 to a multipart upload without a boundary', async () => {
    const answer = await call(h.base, `/v0/b/${BUCKET}/o?name=x`, {
      method: 'POST',
      headers: { 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': 'multipart/related' },
      body: 'abc',
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error!.message).toMatch(
      /needs Content-Type multipart\/related with a boundary/,
    );
    await stillAnswers();
  });

  it('refuses wrong and repeated offsets, then finishes from the right one', async () => {
    const url = await startResumable(h.base, 'r/offsets.bin', 6);
    expect(
      (await resumable(url, 'upload', 0, 'abc')).headers.get('X-Goog-Upload-Size-Received'),
    ).toBe('3');
    const repeated = await resumable(url, 'upload', 0, 'abc');
    expect(repeated.status).toBe(400);
    expect(repeated.json.error!.message).toMatch(/offset 0 does not match the 3 bytes received/);
    const ahead = await resumable(url, 'upload', 4, 'ef');
    expect(ahead.status).toBe(400);
    const missing = await resumable(url, 'upload', undefined, 'def');
    expect(missing.status).toBe(400);
    expect(missing.json.error!.message).toMatch(/X-Goog-Upload-Offset must be a byte offset/);
    const query = await resumable(url, 'query');
    expect(query.headers.get('X-Goog-Upload-Status')).toBe('active');
    expect(query.headers.get('X-Goog-Upload-Size-Received')).toBe('3');
    const final = await resumable(url, 'upload, finalize', 3, 'def');
    expect(final.status).toBe(200);
    expect(final.headers.get('X-Goog-Upload-Status')).toBe('final');
    expect(final.json).toMatchObject({ name: 'r/offsets.bin', size: '6' });
    const bytes = await fetch(`${h.base}${objectPath('r/offsets.bin')}?alt=media`);
    expect(await bytes.text()).toBe('abcdef');
    expect((await call(h.base, objectPath('r/offsets.bin'), { method: 'DELETE' })).status).toBe(
      204,
    );
    expect(await heldBytes()).toBe(0);
  });

  it('answers 404 with a message for unknown upload sessions, and 400 for unknown commands', async () => {
    const answer = await resumable(
      `${h.base}/v0/b/${BUCKET}/o?name=x&upload_id=made-up`,
      'upload',
      0,
      'abc',
    );
    expect(answer.status).toBe(404);
    expect(answer.json.error!.message).toMatch(/No active upload session with id "made-up"/);
    const url = await startResumable(h.base, 'r/cmd');
    const odd = await resumable(url, 'explode');
    expect(odd.status).toBe(400);
    expect(odd.json.error!.message).toMatch(/must be upload, finalize, query or cancel/);
    expect((await resumable(url, 'cancel')).status).toBe(200);
    expect((await resumable(url, 'query')).status).toBe(404);
    await stillAnswers();
  });

  it('expires abandoned resumable uploads on the Storage clock and frees their bytes', async () => {
    const url = await startResumable(h.base, 'r/abandoned');
    await resumable(url, 'upload', 0, 'x'.repeat(10_000));
    expect(await heldBytes()).toBe(10_000);
    h.time.ms += 59_000;
    expect((await resumable(url, 'query')).headers.get('X-Goog-Upload-Size-Received')).toBe(
      '10000',
    );
    h.time.ms += 60_001;
    // Any upload call (here: another session's start) sweeps; so does the periodic sweeper.
    const other = await startResumable(h.base, 'r/other');
    expect(await heldBytes()).toBe(0);
    const gone = await resumable(url, 'upload', 10_000, 'more');
    expect(gone.status).toBe(404);
    expect(gone.json.error!.message).toMatch(/expired/);
    await resumable(other, 'cancel');
    await stillAnswers();
  });

  it('bounds upload sessions: one past the limit gets 402 with a message', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 8; i++) urls.push(await startResumable(h.base, `r/many-${i}`));
    const answer = await call(h.base, `/v0/b/${BUCKET}/o?name=r/one-too-many`, {
      method: 'POST',
      headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
      body: '{}',
    });
    expect(answer.status).toBe(402);
    expect(answer.json.error!.message).toMatch(/Too many resumable uploads at once \(limit 8\)/);
    for (const url of urls) await resumable(url, 'cancel');
    await stillAnswers();
  });

  it.each([
    ['over 1,024 bytes', 'n'.repeat(1025), /1025 bytes of UTF-8; the limit is 1024/],
    ['with a control character', 'a\u0001b', /control characters/],
    ['with a .. segment', 'a/../b', /"\.\." path segment/],
  ])('answers 400 to names %s on upload, read and delete', async (_what, name, message) => {
    const upload = await multipartUpload(h.base, name, multipartBody('B0UNDARY', {}, 'abc'));
    expect(upload.status).toBe(400);
    expect(upload.json.error!.message).toMatch(message);
    for (const method of ['GET', 'DELETE']) {
      const answer = await call(h.base, objectPath(name), { method });
      expect(answer.status).toBe(400);
      expect(answer.json.error!.message).toMatch(message);
    }
    const start = await call(h.base, `/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
      body: '{}',
    });
    expect(start.status).toBe(400);
    expect(await heldBytes()).toBe(0);
  });

  it('answers objects over the byte budget 402 (declared or streamed) and frees what arrived', async () => {
    const big = Buffer.alloc(100 * 1024, 7);
    const declared = await multipartUpload(h.base, 'too-big', multipartBody('B0UNDARY', {}, big));
    expect(declared.status).toBe(402);
    expect(declared.json.error!.message).toMatch(
      /Quota exceeded: the emulator's storage budget of 65536 bytes is full/,
    );
    // Streamed without Content-Length: cut when the budget runs out.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(Buffer.alloc(10 * 1024, 1));
        controller.close();
      },
    });
    const streamed = await fetch(`${h.base}/v0/b/${BUCKET}/o?name=too-big`, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Protocol': 'multipart',
        'Content-Type': 'multipart/related; boundary=B',
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(402);
    expect(await heldBytes()).toBe(0);
    const url = await startResumable(h.base, 'r/too-big');
    const chunk = await resumable(url, 'upload', 0, 'x'.repeat(70 * 1024));
    expect(chunk.status).toBe(402);
    expect(await heldBytes()).toBe(0);
    await resumable(url, 'cancel');
    await stillAnswers();
  });

  it('is reported by the SDK as storage/quota-exceeded, for multipart and resumable uploads', async () => {
    const { deleteApp, initializeApp } = await import('firebase/app');
    const storage = await import('firebase/storage');
    const app = initializeApp(
      { projectId: 'demo-robust', apiKey: 'x', storageBucket: BUCKET },
      'quota',
    );
    const sdk = storage.getStorage(app);
    storage.connectStorageEmulator(sdk, '127.0.0.1', h.server.storage!.port);
    const big = new Uint8Array(100 * 1024);
    await expect(storage.uploadBytes(storage.ref(sdk, 'q/multipart'), big)).rejects.toMatchObject({
      code: 'storage/quota-exceeded',
    });
    await expect(
      storage.uploadBytesResumable(storage.ref(sdk, 'q/resumable'), new Uint8Array(300 * 1024)),
    ).rejects.toMatchObject({ code: 'storage/quota-exceeded' });
    await deleteApp(app);
    // The resumable session that failed holds nothing; it expires like any abandoned one.
    expect(await heldBytes()).toBe(0);
    await stillAnswers();
  });
});
