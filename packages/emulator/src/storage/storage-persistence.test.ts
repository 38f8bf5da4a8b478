import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUCKET, ctx, put, testCore } from './builders.js';

const dirs: string[] = [];
async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'storage-export-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('Storage export and import', () => {
  it('carries bytes and every metadata field, and advances the clock past them', async () => {
    const dir = await scratch();
    const source = testCore();
    const a = await put(source, 'a/one.txt', 'first');
    await source.service.updateMetadata(ctx(), 'a/one.txt', { metadata: { k: 'v' } });
    await put(source, 'b', '');
    await source.exportData(dir);

    const target = testCore();
    target.time.ms = 0;
    await put(target, 'stale', 'goes away');
    await target.importData(dir);
    expect(target.stats()).toMatchObject({ objects: 2, usedBytes: 5 });
    const back = await target.service.getMetadata(ctx(), 'a/one.txt');
    expect(back).toEqual({
      ...a,
      metageneration: '2',
      etag: back.etag,
      updated: back.updated,
      metadata: { k: 'v' },
    });
    expect(back.data.toString()).toBe('first');
    await expect(target.service.getMetadata(ctx(), 'stale')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // Later writes get later generations than anything imported.
    const next = await put(target, 'c', 'x');
    expect(BigInt(next.generation)).toBeGreaterThan(BigInt(back.generation));
    expect(next.bucket).toBe(BUCKET);
  });

  it('replaces an earlier export in the same directory, keeping one blob folder', async () => {
    const dir = await scratch();
    const core = testCore();
    await put(core, 'x', '1');
    await core.exportData(dir);
    await core.service.deleteObject(ctx(), 'x');
    await put(core, 'y', '22');
    await core.exportData(dir);
    expect((await readdir(join(dir, 'storage'))).filter((e) => e.startsWith('blobs'))).toHaveLength(
      1,
    );
    const target = testCore();
    await target.importData(dir);
    expect(target.stats()).toMatchObject({ objects: 1, usedBytes: 2 });
  });

  it('imports nothing from a directory without a Storage export, and refuses a foreign file', async () => {
    const dir = await scratch();
    const core = testCore();
    await put(core, 'kept', 'k');
    await core.importData(dir);
    expect(core.stats().objects).toBe(1);
    await core.exportData(dir);
    await writeFile(join(dir, 'storage', 'objects.json'), '{"format":"other"}');
    await expect(core.importData(dir)).rejects.toThrow(/is not a Storage emulator export/);
    expect(core.stats().objects).toBe(1);
  });

  it('refuses an export larger than the budget, keeping what is stored', async () => {
    const dir = await scratch();
    const big = testCore();
    await put(big, 'big', '0123456789');
    await big.exportData(dir);
    const small = testCore({ budgetBytes: 5 });
    await put(small, 'kept', 'k');
    await expect(small.importData(dir)).rejects.toThrow(/more than the 5-byte budget/);
    expect(small.stats()).toMatchObject({ objects: 1, usedBytes: 1 });
  });
});
