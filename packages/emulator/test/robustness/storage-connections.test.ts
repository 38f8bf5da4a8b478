// The Storage port against clients that stall, wander or come from elsewhere: stalled bodies and
// heads are cut by deadlines, unknown routes and methods get a 4xx with a message, the control
// endpoints refuse foreign pages, and downloads never let user bytes act as a page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawClient } from './support.js';
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
    storageLimits: { bodyIdleTimeoutMs: 300 },
    // Longer than the body deadline, so a stalled body is cut by its own deadline.
    connectionLimits: { headersTimeoutMs: 1_500, idleTimeoutMs: 1_500 },
  });
  // Load the Storage side now: its first connection waits for the load, on the head deadline.
  expect(await (await fetch(`${h.base}/`)).text()).toBe('Ok');
});
afterAll(() => h.server.close());

describe('Storage robustness: connections and routes', () => {
  it('cuts a body that never ends with 408 and frees what it held', async () => {
    const client = await rawClient(h.server.storage!.port);
    client.socket.write(
      `POST /v0/b/${BUCKET}/o?name=stalled HTTP/1.1\r\nHost: x\r\nX-Goog-Upload-Protocol: multipart\r\n` +
        'Content-Type: multipart/related; boundary=B\r\nContent-Length: 100000\r\n\r\n--B\r\n',
    );
    const closedAfter = await client.closedWithin(5_000);
    expect(closedAfter).toBeGreaterThanOrEqual(250);
    const reply = client.received().toString('latin1');
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toMatch(/The request body stalled: nothing arrived for 300 ms/);
    expect((await h.core()).stats().usedBytes).toBe(0);
    expect(await (await fetch(`${h.base}/`)).text()).toBe('Ok');
  });

  it('cuts a request head that never ends', async () => {
    const client = await rawClient(h.server.storage!.port);
    client.socket.write(`GET /v0/b/${BUCKET}/o HTTP/1.1\r\nHost: x\r\n`);
    await client.closedWithin(5_000);
    expect(client.received().toString('latin1')).toMatch(/^HTTP\/1\.1 408 /);
  });

  it.each([
    ['GET', '/nowhere', 404, /No Storage API route for GET \/nowhere/],
    ['GET', '/v0/b', 404, /No Storage API route/],
    ['PUT', `/v0/b/${BUCKET}/o`, 405, /Method PUT is not supported/],
    ['DELETE', `/v0/b/${BUCKET}/o`, 405, /Method DELETE is not supported/],
    ['POST', `/v0/b/${BUCKET}/o/x`, 405, /Method POST is not supported/],
    [
      'POST',
      `/v0/b/${BUCKET}/o?name=x`,
      400,
      /X-Goog-Upload-Protocol must be multipart or resumable/,
    ],
    [
      'POST',
      `/upload/storage/v1/b/${BUCKET}/o?name=x`,
      400,
      /uploadType must be multipart, media or resumable/,
    ],
    ['GET', `/v0/b/${BUCKET}/o/%E0%A4%A`, 400, /not valid percent-encoding/],
    ['GET', `/v0/b/${BUCKET}/o?maxResults=lots`, 400, /maxResults must be a whole number/],
    ['GET', `/v0/b/${BUCKET}/o?pageToken=%25%25`, 400, /Invalid pageToken/],
    ['GET', '/internal/nothing', 404, /No Storage emulator control endpoint/],
  ])('answers %s %s with %i and a message', async (method, path, status, message) => {
    const answer = await call(h.base, path, { method });
    expect(answer.status).toBe(status);
    expect(answer.json.error).toEqual({ code: status, message: expect.stringMatching(message) });
  });

  it('answers request targets that are not paths without tripping over them', async () => {
    for (const target of ['//[', '*', 'http://elsewhere/v0/b/x/o']) {
      const client = await rawClient(h.server.storage!.port);
      client.socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      await client.closedWithin(5_000);
      expect(client.received().toString('latin1')).toMatch(
        /^HTTP\/1\.1 404 [\s\S]*No Storage API route/,
      );
    }
    expect(await (await fetch(`${h.base}/`)).text()).toBe('Ok');
  });

  it('answers an unknown object 404 and a token-less Authorization that is not a JWT 401', async () => {
    const missing = await call(h.base, objectPath('not/there'));
    expect(missing.status).toBe(404);
    expect(missing.json.error!.message).toMatch(/Object "not\/there" does not exist/);
    const bad = await call(h.base, objectPath('not/there'), {
      headers: { Authorization: 'Firebase not-a-jwt' },
    });
    expect(bad.status).toBe(401);
    expect(bad.json.error!.message).toMatch(/not a JWT/);
  });

  it('answers CORS preflights and exposes every upload header the SDK reads', async () => {
    const origin = 'https://app.example';
    const preflight = await fetch(`${h.base}/v0/b/${BUCKET}/o?name=x`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'x-goog-upload-protocol,x-goog-upload-command,authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-goog-upload-command/);
    const answer = await call(h.base, `/v0/b/${BUCKET}/o`, { headers: { Origin: origin } });
    const exposed = answer.headers.get('access-control-expose-headers')!.toLowerCase();
    for (const header of [
      'x-goog-upload-status',
      'x-goog-upload-url',
      'x-goog-upload-size-received',
      'content-range',
    ]) {
      expect(exposed).toContain(header);
    }
  });

  it('serves ranges (206, 416) and never lets user bytes act as a page', async () => {
    const html = '<html><script>alert(1)</script></html>';
    expect(
      (await multipartUpload(h.base, 'page.html', multipartBody('B0UNDARY', {}, html, 'text/html')))
        .status,
    ).toBe(200);
    const whole = await fetch(`${h.base}${objectPath('page.html')}?alt=media`);
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(whole.headers.get('content-disposition')).toBe('attachment');
    expect(await whole.text()).toBe(html);
    const part = await fetch(`${h.base}${objectPath('page.html')}?alt=media`, {
      headers: { Range: 'bytes=6-13' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 6-13/${html.length}`);
    expect(await part.text()).toBe(html.slice(6, 14));
    const head = await fetch(`${h.base}${objectPath('page.html')}?alt=media`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(html.length));
    expect(await head.text()).toBe('');
    const past = await call(h.base, `${objectPath('page.html')}?alt=media`, {
      headers: { Range: 'bytes=1000-' },
    });
    expect(past.status).toBe(416);
    expect(past.json.error!.message).toMatch(/cannot be satisfied for an object of 38 bytes/);
    await call(h.base, objectPath('page.html'), { method: 'DELETE' });
  });

  it('loads rules through /internal/setRules, answering compile errors with line and column', async () => {
    const broken = await call(h.base, '/internal/setRules', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        rules: {
          files: [
            {
              name: 'storage.rules',
              content:
                'service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if ;\n  }\n}\n',
            },
          ],
        },
      }),
    });
    expect(broken.status).toBe(400);
    expect(broken.json.error!.message).toMatch(/storage\.rules:3:\d+/);
    const foreign = await call(h.base, '/internal/setRules', {
      method: 'PUT',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const good = await call(h.base, '/internal/setRules', {
      method: 'PUT',
      body: JSON.stringify({
        rules: {
          files: [
            {
              name: 'storage.rules',
              content:
                "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    match /{all=**} { allow read, write: if true; }\n  }\n}\n",
            },
          ],
        },
      }),
    });
    expect(good.status).toBe(200);
    expect((await h.server.storage!.load()).rules.current()?.name).toBe('storage.rules');
  });

  it('resets every object through /internal/reset', async () => {
    const core = await h.core();
    const upload = await call(h.base, `/v0/b/${BUCKET}/o?name=keep`, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Protocol': 'multipart',
        'Content-Type': 'multipart/related; boundary=B0UNDARY',
        Authorization: 'Firebase owner',
      },
      body: multipartBody('B0UNDARY', {}, 'x'),
    });
    expect(upload.status).toBe(200);
    expect(core.stats().objects).toBeGreaterThan(0);
    expect((await call(h.base, '/internal/reset', { method: 'POST' })).status).toBe(200);
    expect(core.stats()).toMatchObject({ objects: 0, usedBytes: 0 });
  });
});

describe('Storage robustness: close()', () => {
  it('ends open Storage connections and upload sessions, and stops listening', async () => {
    const own = await startStorage();
    const core = await own.core();
    const url = await startResumable(own.base, 'held');
    await resumable(url, 'upload', 0, 'x'.repeat(1000));
    const client = await rawClient(own.server.storage!.port);
    // A body in progress: the server is waiting for the rest of it.
    client.socket.write(
      `POST /v0/b/${BUCKET}/o?name=slow HTTP/1.1\r\nHost: x\r\nX-Goog-Upload-Protocol: multipart\r\n` +
        'Content-Type: multipart/related; boundary=B\r\nContent-Length: 1000\r\n\r\n--B\r\n',
    );
    expect(core.stats()).toMatchObject({ uploadSessions: 1 });
    await own.server.close();
    await client.closedWithin(5_000);
    expect(core.stats()).toMatchObject({ uploadSessions: 0, usedBytes: 0 });
    await expect(fetch(`${own.base}/`)).rejects.toThrow();
  });
});

describe('Storage data in the Firestore export endpoint', () => {
  it('writes the Storage objects beside the documents', async () => {
    const { mkdtemp, readFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const own = await startStorage();
    const dir = await mkdtemp(join(tmpdir(), 'storage-export-endpoint-'));
    try {
      expect(
        (await multipartUpload(own.base, 'exported.txt', multipartBody('B0UNDARY', {}, 'bytes')))
          .status,
      ).toBe(200);
      const answer = await fetch(`${own.server.url}/emulator/v1/projects/demo-robust:export`, {
        method: 'POST',
        body: JSON.stringify({ export_directory: dir, export_name: 'snap' }),
      });
      expect(answer.status).toBe(200);
      const manifest = JSON.parse(
        await readFile(join(dir, 'snap', 'storage', 'objects.json'), 'utf8'),
      ) as { objects: { name: string; blob: string }[] };
      expect(manifest.objects.map((o) => o.name)).toEqual(['exported.txt']);
      const blob = await readFile(join(dir, 'snap', 'storage', manifest.objects[0]!.blob), 'utf8');
      expect(blob).toBe('bytes');
    } finally {
      await own.server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
