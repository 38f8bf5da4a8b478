// The operation table over a recording authorizer: what rules are asked, list paging and
// folders, download tokens, metadata updates and the budget.
import { describe, expect, it } from 'vitest';
import type { EmulatorError } from '../errors.js';
import { ANONYMOUS, BUCKET, ctx, OWNER, put, testCore, user } from './builders.js';

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return `${(error as EmulatorError).code}: ${(error as EmulatorError).message}`;
  }
  return 'resolved';
}

describe('storage service', () => {
  it('stores production metadata: generation from the clock, hashes, etag, a download token', async () => {
    const core = testCore();
    const object = await put(core, 'a/b.txt', 'hello');
    expect(object).toMatchObject({
      bucket: BUCKET,
      name: 'a/b.txt',
      generation: String(core.time.ms * 1000),
      metageneration: '1',
      md5Hash: 'XUFAKrxLKna5cZ2REBfFkg==',
      crc32c: 'mnG7TA==',
      contentType: 'text/plain',
      downloadTokens: ['token-1'],
      metadata: {},
    });
    expect(object.etag).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(object.timeCreated).toEqual(object.updated);
  });

  it('asks the rules create, then update with the stored object as resource, and skips them for owners', async () => {
    const core = testCore();
    await put(core, 'u/1', 'a', user('u1'));
    await put(core, 'u/1', 'bb', user('u1'));
    await put(core, 'u/1', 'ccc', OWNER);
    expect(
      core.requests.map((r) => [r.method, r.resource?.size ?? null, r.requestResource?.size]),
    ).toEqual([
      ['create', null, 1],
      ['update', 1, 2],
    ]);
    expect(core.requests[0]!.caller).toEqual(user('u1'));
  });

  it('answers a denied request PERMISSION_DENIED and a missing object NOT_FOUND after the rules', async () => {
    const core = testCore();
    core.rules.allow = (r) => r.caller.kind === 'user';
    expect(await failure(core.service.getMetadata(ctx(ANONYMOUS), 'nope'))).toMatch(
      /^PERMISSION_DENIED/,
    );
    expect(await failure(core.service.getMetadata(ctx(user('u')), 'nope'))).toMatch(/^NOT_FOUND/);
    expect(await failure(core.service.deleteObject(ctx(user('u')), 'nope'))).toMatch(/^NOT_FOUND/);
  });

  it('lets a valid download token skip the rules; a wrong one is judged by them', async () => {
    const core = testCore();
    await put(core, 'private', 'secret');
    core.rules.allow = () => false;
    const object = await core.service.download(ctx(ANONYMOUS), 'private', 'token-1');
    expect(object.data.toString()).toBe('secret');
    expect(await failure(core.service.download(ctx(ANONYMOUS), 'private', 'token-2'))).toMatch(
      /^PERMISSION_DENIED/,
    );
    expect(await failure(core.service.download(ctx(ANONYMOUS), 'private', undefined))).toMatch(
      /^PERMISSION_DENIED/,
    );
  });

  it('lists one folder level with prefixes, in byte order, across pages', async () => {
    const core = testCore();
    for (const name of ['f/b', 'f/a', 'f/sub/x', 'f/sub/y', 'f/sub2/z', 'f/c', 'g/out', 'f/é']) {
      await put(core, name, name);
    }
    const listed: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await core.service.list(ctx(user('u')), {
        prefix: 'f/',
        delimiter: '/',
        pageToken,
        maxResults: 2,
      });
      listed.push(...page.items.map((o) => o.name), ...page.prefixes);
      pageToken = page.nextPageToken;
      pages++;
    } while (pageToken !== undefined);
    expect(listed.sort()).toEqual(['f/a', 'f/b', 'f/c', 'f/sub/', 'f/sub2/', 'f/é'].sort());
    expect(pages).toBe(3);
    expect(core.requests.filter((r) => r.method === 'list')[0]).toMatchObject({
      path: 'f',
      resource: null,
      requestResource: null,
    });
    const flat = await core.service.list(ctx(), {
      prefix: '',
      delimiter: '',
      pageToken: undefined,
      maxResults: undefined,
    });
    expect(flat.items.map((o) => o.name)).toEqual([
      'f/a',
      'f/b',
      'f/c',
      'f/sub/x',
      'f/sub/y',
      'f/sub2/z',
      'f/é',
      'g/out',
    ]);
    expect(
      await failure(
        core.service.list(ctx(), {
          prefix: '',
          delimiter: '/',
          pageToken: undefined,
          maxResults: 1001,
        }),
      ),
    ).toMatch(/^INVALID_ARGUMENT: maxResults must be an integer from 1 to 1000/);
  });

  it('updates metadata: null clears, custom keys merge, metageneration and etag move', async () => {
    const core = testCore();
    const before = await core.service.uploadObject(ctx(), {
      name: 'm',
      metadata: {
        contentType: 'text/plain',
        cacheControl: 'no-cache',
        metadata: { a: '1', b: '2' },
      },
      data: Buffer.from('x'),
      reservation: core.service.reserve(),
    });
    core.time.ms += 1000;
    const after = await core.service.updateMetadata(ctx(), 'm', {
      cacheControl: null,
      contentLanguage: 'fr',
      metadata: { a: null, c: '3' },
    });
    expect(after).toMatchObject({
      generation: before.generation,
      metageneration: '2',
      contentType: 'text/plain',
      cacheControl: undefined,
      contentLanguage: 'fr',
      metadata: { b: '2', c: '3' },
      downloadTokens: before.downloadTokens,
    });
    expect(after.etag).not.toBe(before.etag);
    expect(after.updated.seconds).toBe(before.updated.seconds + 1);
    const rotated = await core.service.updateMetadata(ctx(), 'm', {
      metadata: { firebaseStorageDownloadTokens: 'one,two' },
    });
    expect(rotated.downloadTokens).toEqual(['one', 'two']);
    expect(rotated.metadata).toEqual({ b: '2', c: '3' });
  });

  it('refuses an upload whose MD5 does not match, holding nothing', async () => {
    const core = testCore();
    const reservation = core.service.reserve();
    reservation.grow(5);
    expect(
      await failure(
        core.service.uploadObject(ctx(), {
          name: 'x',
          metadata: { md5Hash: 'AAAAAAAAAAAAAAAAAAAAAA==' },
          data: Buffer.from('hello'),
          reservation,
        }),
      ),
    ).toMatch(/^INVALID_ARGUMENT: Provided MD5 hash/);
    expect(core.stats()).toMatchObject({ usedBytes: 0, objects: 0 });
  });

  it('keeps exactly the object bytes against the budget and frees them on replace and delete', async () => {
    const core = testCore({ budgetBytes: 10 });
    await put(core, 'a', '123456');
    await put(core, 'a', '1234');
    expect(core.stats().usedBytes).toBe(4);
    expect(await failure(put(core, 'b', '1234567'))).toMatch(/^RESOURCE_EXHAUSTED: Quota exceeded/);
    await core.service.deleteObject(ctx(), 'a');
    expect(core.stats()).toMatchObject({ usedBytes: 0, objects: 0 });
    await put(core, 'b', '1234567890');
    core.clear();
    expect(core.stats()).toMatchObject({ usedBytes: 0, objects: 0 });
  });

  it('holds at most maxObjects objects; replacing one is always possible', async () => {
    const core = testCore({ maxObjects: 2 });
    await put(core, 'a', '');
    await put(core, 'b', '');
    expect(await failure(put(core, 'c', 'x'))).toMatch(
      /^RESOURCE_EXHAUSTED: Quota exceeded: the emulator holds its limit of 2 objects/,
    );
    expect(core.stats()).toMatchObject({ objects: 2, usedBytes: 0 });
    await put(core, 'a', 'replaced');
    await core.service.deleteObject(ctx(), 'b');
    await put(core, 'c', 'x');
    expect(core.stats()).toMatchObject({ objects: 2, usedBytes: 9 });
  });

  it('refuses custom metadata over 8 KiB of keys and values', async () => {
    const core = testCore();
    const upload = (metadata: Record<string, string>) =>
      core.service.uploadObject(ctx(), {
        name: 'm',
        metadata: { metadata },
        data: Buffer.from('x'),
        reservation: core.service.reserve(),
      });
    await upload({ k: 'v'.repeat(8191) });
    expect(await failure(upload({ k: 'v'.repeat(8192) }))).toMatch(
      /^INVALID_ARGUMENT: Custom metadata is 8193 bytes; the limit is 8192/,
    );
    expect(
      await failure(core.service.updateMetadata(ctx(), 'm', { metadata: { k2: 'x' } })),
    ).toMatch(/Custom metadata is 8195 bytes/);
  });

  it('pages through a large folder and many objects without repeating or losing one', async () => {
    const core = testCore();
    const names: string[] = [];
    for (let i = 0; i < 120; i++) names.push(`p/${String(i).padStart(3, '0')}`);
    for (let i = 0; i < 50; i++) names.push(`p/big/${i}`);
    names.push('p/😀', 'p/\ufffd', 'q/outside');
    for (const name of names) await put(core, name, 'x');
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await core.service.list(ctx(), {
        prefix: 'p/',
        delimiter: '/',
        pageToken,
        maxResults: 7,
      });
      seen.push(...page.items.map((o) => o.name), ...page.prefixes);
      pageToken = page.nextPageToken;
    } while (pageToken !== undefined);
    const expected = [
      ...names.filter((n) => n.startsWith('p/') && !n.startsWith('p/big/')),
      'p/big/',
    ];
    expect(seen.sort()).toEqual(expected.sort());
    // A page token from elsewhere yields nothing rather than objects outside the prefix.
    const foreign = Buffer.from('zzz').toString('base64url');
    const page = await core.service.list(ctx(), {
      prefix: 'p/',
      delimiter: '/',
      pageToken: foreign,
      maxResults: 10,
    });
    expect(page).toEqual({ items: [], prefixes: [], nextPageToken: undefined });
  });
});
