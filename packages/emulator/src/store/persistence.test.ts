import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bytes, double, geo, int, ref, timestamp, vector } from '../model/builders.js';
import { ownerContext, RecordingSink, set } from '../service/builders.js';
import { createEmulatorCore } from '../service/index.js';
import { createMonotonicClock, microsToTimestamp, timestampToMicros } from './clock.js';
import { MANIFEST_FILE } from './persistence.js';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'emulator-export-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const OTHER_DB = 'projects/other/databases/named-db';

describe('export and import', () => {
  it('round-trips every value type, times and databases, and moves the clock past imported times', async () => {
    const source = createEmulatorCore();
    const fields = {
      nul: null,
      t: true,
      i: int(-(1n << 63n)),
      d: double(-0),
      nan: NaN,
      inf: -Infinity,
      ts: timestamp(1_700_000_000, 123_456_789),
      s: 'héllo \u{1F600}',
      b: bytes(0, 255, 7),
      r: ref('coll/other'),
      g: geo(51.5, -0.12),
      arr: [1, 'x', { deep: [] }],
      m: JSON.parse('{"constructor":"hostile","hasOwnProperty":1,"a.b":{}}') as unknown,
      v: vector([1, 2.5]),
    };
    const written = await source.service.commit(ownerContext, {
      writes: [set('coll/a', fields), set('coll/a/sub/b', { x: 1 })],
    });
    await source.service.commit(
      { ...ownerContext, database: OTHER_DB },
      {
        writes: [
          { kind: 'update', name: `${OTHER_DB}/documents/x/y`, fields: new Map(), transforms: [] },
        ],
      },
    );
    const dir = await tempDir();
    await source.exportData(dir);
    expect((await readdir(dir)).sort()).toEqual(['databases', MANIFEST_FILE]);
    const manifest = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8'));
    expect(manifest.databases).toHaveLength(2);

    // A clock that is far behind the exported data must be moved past it.
    const target = createEmulatorCore({ clock: createMonotonicClock(() => 1) });
    await target.importData(dir);
    const original = await source.service.batchGetDocuments(ownerContext, {
      documents: [
        `${ownerContext.database}/documents/coll/a`,
        `${ownerContext.database}/documents/coll/a/sub/b`,
      ],
    });
    const imported = await target.service.batchGetDocuments(ownerContext, {
      documents: [
        `${ownerContext.database}/documents/coll/a`,
        `${ownerContext.database}/documents/coll/a/sub/b`,
      ],
    });
    expect(imported.results.map((r) => ('found' in r ? r.found : r))).toEqual(
      original.results.map((r) => ('found' in r ? r.found : r)),
    );
    expect(target.stats().documents).toBe(3);
    const next = await target.service.commit(ownerContext, { writes: [set('coll/new', {})] });
    expect(timestampToMicros(next.commitTime)).toBeGreaterThan(
      timestampToMicros(written.commitTime),
    );
  });

  it('replaces existing data on import, and open listeners see it', async () => {
    const source = createEmulatorCore();
    await source.service.commit(ownerContext, { writes: [set('coll/kept', { v: 1 })] });
    const dir = await tempDir();
    await source.exportData(dir);

    const target = createEmulatorCore();
    await target.service.commit(ownerContext, { writes: [set('coll/old', { v: 0 })] });
    const sink = new RecordingSink();
    const session = target.service.listen(ownerContext, sink);
    session.addTarget({
      targetId: 2,
      target: {
        kind: 'query',
        parent: `${ownerContext.database}/documents`,
        query: { from: [{ collectionId: 'coll', allDescendants: false }], orderBy: [], offset: 0 },
      },
    });
    sink.take();
    await target.importData(dir);
    const kinds = sink.take().map((r) => r.kind);
    expect(kinds).toContain('documentDelete');
    expect(kinds).toContain('documentChange');
    expect(target.stats().documents).toBe(1);
  });

  it('fails clearly on a directory without an export', async () => {
    const core = createEmulatorCore();
    const dir = await tempDir();
    await expect(core.importData(dir)).rejects.toThrow(/No emulator export found/);
    await writeFile(join(dir, MANIFEST_FILE), JSON.stringify({ format: 'other' }));
    await expect(core.importData(dir)).rejects.toThrow(/not a supported emulator export/);
  });
});

describe('clock', () => {
  it('never repeats and never goes backwards, even when the source does', () => {
    const readings = [100, 100, 50, 200, 200];
    const clock = createMonotonicClock(() => readings.shift() ?? 0);
    const times = Array.from({ length: 5 }, () => timestampToMicros(clock.now()));
    expect(times).toEqual([100, 101, 102, 200, 201]);
    clock.advancePast(microsToTimestamp(1_000));
    expect(timestampToMicros(clock.now())).toBe(1_001);
  });

  it('converts between microseconds and timestamps', () => {
    expect(microsToTimestamp(1_500_000_250)).toEqual({ seconds: 1500, nanos: 250_000 });
    expect(timestampToMicros({ seconds: 2, nanos: 999 })).toBe(2_000_000);
  });
});
