// The search-terms migration against our Firestore emulator over loopback: showcases stored in
// the old shape (no searchTerms) or with stale terms become findable by the gallery's search
// query, current ones are left alone, and a concurrent edit is never overwritten.
import type { EmulatorServer } from '@showcase/emulator';
import { createServer } from '@showcase/emulator';
import type { ShowcaseDocument } from '@showcase/schema';
import { buildShowcase, nameTermsFor, searchTermsFor } from '@showcase/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FieldsUpdate } from '../src/emulator-client.js';
import { EmulatorClient } from '../src/emulator-client.js';
import { migrateNameTerms, migrateSearchTerms } from '../src/migrate.js';
import { PROJECT_ID } from '../src/paths.js';

let firestore: EmulatorServer;
let client: EmulatorClient;

beforeAll(async () => {
  firestore = await createServer({ port: 0, log: { info() {}, warn() {}, error() {} } });
  client = new EmulatorClient({ authUrl: 'http://127.0.0.1:1', firestoreUrl: firestore.url });
});

afterAll(() => firestore?.close());

beforeEach(() => client.clearFirestore());

/** A showcase as an app version from before search terms stored it. */
function oldShape(overrides: Partial<ShowcaseDocument>) {
  const { searchTerms: _terms, ...showcase } = buildShowcase(overrides);
  return showcase;
}

/**
 * The gallery's search query over REST, as the owner: published showcases holding `term`,
 * newest first. Returns their titles.
 */
async function search(term: string): Promise<string[]> {
  const database = `projects/${PROJECT_ID}/databases/(default)`;
  const response = await fetch(`${firestore.url}/v1/${database}/documents:runQuery`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({
      structuredQuery: {
        from: [{ collectionId: 'showcases' }],
        where: {
          compositeFilter: {
            op: 'AND',
            filters: [
              {
                fieldFilter: {
                  field: { fieldPath: 'status' },
                  op: 'EQUAL',
                  value: { stringValue: 'published' },
                },
              },
              {
                fieldFilter: {
                  field: { fieldPath: 'searchTerms' },
                  op: 'ARRAY_CONTAINS',
                  value: { stringValue: term },
                },
              },
            ],
          },
        },
        orderBy: [{ field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' }],
        limit: 24,
      },
    }),
  });
  const results = (await response.json()) as {
    document?: { fields: { title: { stringValue: string } } };
  }[];
  return results.flatMap((result) =>
    result.document ? [result.document.fields.title.stringValue] : [],
  );
}

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));

describe('migrateSearchTerms', () => {
  it('makes showcases stored without terms, or with stale ones, findable; then changes nothing', async () => {
    await client.commit([
      {
        path: 'showcases/old',
        data: oldShape({ title: 'Lantern Workshop', tags: ['pixel-art'], createdAt: at(1) }),
      },
      {
        path: 'showcases/stale',
        data: buildShowcase({ title: 'Lamp Repair', searchTerms: ['old'], createdAt: at(2) }),
      },
      { path: 'showcases/current', data: buildShowcase({ title: 'Lanyard', createdAt: at(3) }) },
      {
        path: 'showcases/old-draft',
        data: oldShape({ title: 'Lantern Draft', status: 'draft', createdAt: at(4) }),
      },
    ]);
    expect(await search('lan')).toEqual(['Lanyard']);

    expect(await migrateSearchTerms(client)).toEqual({ examined: 4, changed: 3 });

    expect(await search('lan')).toEqual(['Lanyard', 'Lantern Workshop']);
    expect(await search('pix')).toEqual(['Lantern Workshop']);
    expect(await search('lamp')).toEqual(['Lamp Repair']);
    expect(await search('old')).toEqual([]);
    // The draft has its terms too (it is found once published), and nothing else changed.
    const draft = await client.getDocument('showcases/old-draft');
    expect(draft?.data).toEqual({
      ...oldShape({ title: 'Lantern Draft', status: 'draft', createdAt: at(4) }),
      searchTerms: searchTermsFor('Lantern Draft', []),
    });

    const before = await client.getDocument('showcases/current');
    expect(await migrateSearchTerms(client)).toEqual({ examined: 4, changed: 0 });
    expect((await client.getDocument('showcases/current'))?.updateTime).toBe(before?.updateTime);
  });

  it('reports an empty collection as nothing to do', async () => {
    expect(await migrateSearchTerms(client)).toEqual({ examined: 0, changed: 0 });
  });

  it('never overwrites an edit made between its read and its write, and still migrates it', async () => {
    await client.commit([
      { path: 'showcases/renamed', data: oldShape({ title: 'Lantern', createdAt: at(1) }) },
      { path: 'showcases/deleted', data: oldShape({ title: 'Gone', createdAt: at(2) }) },
    ]);
    // Another client renames one showcase and deletes the other just before the first write.
    class RacedClient extends EmulatorClient {
      raced = false;
      override async updateFields(updates: FieldsUpdate[]) {
        if (!this.raced) {
          this.raced = true;
          await this.commit([
            { path: 'showcases/renamed', data: oldShape({ title: 'Beacon', createdAt: at(1) }) },
          ]);
          await this.deleteDocuments(['showcases/deleted']);
        }
        return super.updateFields(updates);
      }
    }
    const raced = new RacedClient({ authUrl: client.authUrl, firestoreUrl: client.firestoreUrl });

    expect(await migrateSearchTerms(raced)).toEqual({ examined: 2, changed: 1 });
    const renamed = await client.getDocument('showcases/renamed');
    expect(renamed?.data.title).toBe('Beacon');
    expect(renamed?.data.searchTerms).toEqual(searchTermsFor('Beacon', []));
    expect(await client.getDocument('showcases/deleted')).toBeUndefined();
    expect(await search('lan')).toEqual([]);
    expect(await search('bea')).toEqual(['Beacon']);
  });
});

describe('migrateNameTerms', () => {
  it('gives profiles stored without name terms, or with stale ones, the terms search finds makers by', async () => {
    const profile = (displayName: string, extra: Record<string, unknown> = {}) => ({
      displayName,
      photoURL: null,
      createdAt: at(1),
      ...extra,
    });
    await client.commit([
      { path: 'users/old', data: profile('Maya Chen') },
      { path: 'users/renamed', data: profile('Jonas Berg', { nameTerms: nameTermsFor('Jo') }) },
      { path: 'users/current', data: profile('Priya', { nameTerms: nameTermsFor('Priya') }) },
    ]);

    expect(await migrateNameTerms(client)).toEqual({ examined: 3, changed: 2 });

    const old = await client.getDocument('users/old');
    expect(old?.data).toEqual({ ...profile('Maya Chen'), nameTerms: nameTermsFor('Maya Chen') });
    expect(old?.data.nameTerms).toContain('chen');
    expect((await client.getDocument('users/renamed'))?.data.nameTerms).toEqual(
      nameTermsFor('Jonas Berg'),
    );
    const before = await client.getDocument('users/current');
    expect(await migrateNameTerms(client)).toEqual({ examined: 3, changed: 0 });
    expect((await client.getDocument('users/current'))?.updateTime).toBe(before?.updateTime);
  });
});
