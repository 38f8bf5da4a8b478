// The listen engine's cost model, asserted by counting store scans rather than timing: after
// targets are added, commits must not scan collections (except rare window rescans).
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE } from '../model/builders.js';
import type { Document, Write } from '../model/types.js';
import { limit, orderBy, query, where } from '../query/builders.js';
import { MemoryStore } from '../store/memory-store.js';
import { ownerContext, RecordingSink, remove, set } from './builders.js';
import { createEmulatorCore } from './index.js';

class CountingStore extends MemoryStore {
  scannedDocuments = 0;

  private counted(docs: Iterable<Document>): Iterable<Document> {
    const count = (): void => {
      this.scannedDocuments++;
    };
    return {
      *[Symbol.iterator]() {
        for (const doc of docs) {
          count();
          yield doc;
        }
      },
    };
  }

  override collectionDocuments(collectionPath: string): Iterable<Document> {
    return this.counted(super.collectionDocuments(collectionPath));
  }

  override collectionGroupDocuments(parent: string, collectionId: string): Iterable<Document> {
    return this.counted(super.collectionGroupDocuments(parent, collectionId));
  }

  override descendantDocuments(parent: string): Iterable<Document> {
    return this.counted(super.descendantDocuments(parent));
  }
}

const id = (i: number): string => `items/d${String(i).padStart(5, '0')}`;

async function setup(documentCount: number) {
  const store = new CountingStore();
  const core = createEmulatorCore({ store });
  const commit = (...writes: Write[]) => core.service.commit(ownerContext, { writes });
  for (let start = 0; start < documentCount; start += 500) {
    const writes: Write[] = [];
    for (let i = start; i < Math.min(documentCount, start + 500); i++) {
      writes.push(set(id(i), { group: i % 10, score: documentCount - i }));
    }
    await commit(...writes);
  }
  const sink = new RecordingSink();
  const session = core.service.listen(ownerContext, sink);
  for (let t = 0; t < 10; t++) {
    const q =
      t < 5
        ? query('items', where('group', '==', t))
        : query('items', orderBy('score', 'desc'), limit(10 + t));
    session.addTarget({
      targetId: 2 * t + 2,
      target: { kind: 'query', parent: `${TEST_DATABASE}/documents`, query: q },
    });
  }
  sink.take();
  store.scannedDocuments = 0;
  return { store, commit, sink };
}

describe('listen cost', () => {
  it('inserts, updates and window displacement scan nothing', async () => {
    const { store, commit, sink } = await setup(3000);
    for (let i = 0; i < 50; i++) {
      // New top documents displace window members; updates move documents around.
      await commit(set(`items/new${i}`, { group: i % 10, score: 1_000_000 + i }));
      await commit(set(id(i * 7), { group: (i * 7) % 10, score: -i }));
    }
    expect(sink.take().length).toBeGreaterThan(100);
    expect(store.scannedDocuments).toBe(0);
  });

  it('deleting through a window rescans rarely, with growing slack', async () => {
    const { store, commit } = await setup(3000);
    for (let i = 0; i < 300; i++) await commit(remove(id(i)));
    // The five windows differ in limit, so each rescans on its own; with slack starting at 64
    // and quadrupling, 300 deletions cost each at most two rescans.
    expect(store.scannedDocuments).toBeLessThanOrEqual(5 * 2 * 3000);
    expect(store.scannedDocuments).toBeGreaterThan(0);
  });
});
