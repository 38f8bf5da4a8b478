// Differential test through the real server: random documents are committed over REST, random
// queries run over REST (proto3 JSON, the Lite SDK's path), and the answers are compared with
// the reference model, documents and field values alike (so the codec's round trip of NaN, -0,
// int64 and non-BMP strings is checked too).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, silentLogger } from '../../src/index.js';
import type { EmulatorServer } from '../../src/index.js';
import type { Document, Value } from '../../src/model/types.js';
import { referenceProject, referenceRunQuery } from '../reference/query.js';
import { referenceIdentical } from '../reference/values.js';
import {
  DOCUMENTS_ROOT,
  PROJECT_ID,
  describeValue,
  documentsArb,
  queryArb,
  selectArb,
  valueArb,
} from './generators.js';
import { RestClient } from './rest-json.js';

const RUNS = 50;
const ROUND_TRIP_RUNS = 30;

let server: EmulatorServer;
let client: RestClient;

beforeAll(async () => {
  server = await createServer({ port: 0, log: silentLogger });
  client = new RestClient(server.url, PROJECT_ID);
});

afterAll(async () => {
  await server.close();
});

const shortName = (doc: Document): string => doc.name.slice(DOCUMENTS_ROOT.length + 1);

function describeFields(doc: Document): string {
  return `${shortName(doc)} {${[...doc.fields].map(([k, v]) => `${k}: ${describeValue(v)}`).join(', ')}}`;
}

function expectSameDocuments(
  actual: readonly Document[],
  expected: readonly Document[],
  label: string,
): void {
  expect(actual.map(shortName), label).toEqual(expected.map(shortName));
  actual.forEach((doc, i) => {
    const want = expected[i]!;
    const same =
      doc.fields.size === want.fields.size &&
      [...want.fields].every(([key, value]) => {
        const got = doc.fields.get(key);
        return got !== undefined && referenceIdentical(got, value);
      });
    expect(
      same,
      `${label}\nfields differ: got ${describeFields(doc)}, want ${describeFields(want)}`,
    ).toBe(true);
  });
}

describe('runQuery over REST vs reference', () => {
  it('returns the reference documents, in order, with identical fields', async () => {
    await fc.assert(
      fc.asyncProperty(
        documentsArb,
        fc.array(fc.tuple(queryArb, selectArb), { minLength: 1, maxLength: 3 }),
        async (docs, queries) => {
          await client.clear();
          await client.setDocuments(docs);
          for (const [{ parent, query }, select] of queries) {
            const sent = select === undefined ? query : { ...query, select };
            const label = `${parent}\n${JSON.stringify(sent, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v instanceof Map ? Object.fromEntries(v) : v))}\n${docs.map(describeFields).join('\n')}`;
            const expected = referenceRunQuery(parent, query, docs).map((doc) =>
              select === undefined ? doc : referenceProject(doc, select),
            );
            expectSameDocuments(await client.runQuery(parent, sent), expected, label);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

/**
 * What a stored value reads back as: timestamps kept to the microsecond (rounded down), and a
 * geo point's -0 may come back as 0 (LatLng is not a Firestore number; only doubleValue keeps -0).
 */
function truncateTimestamps(value: Value): Value {
  switch (value.kind) {
    case 'geoPoint':
      return { kind: 'geoPoint', latitude: value.latitude + 0, longitude: value.longitude + 0 };
    case 'timestamp':
      return {
        kind: 'timestamp',
        value: {
          seconds: value.value.seconds,
          nanos: value.value.nanos - (value.value.nanos % 1000),
        },
      };
    case 'array':
      return { kind: 'array', values: value.values.map(truncateTimestamps) };
    case 'map':
      return {
        kind: 'map',
        fields: new Map([...value.fields].map(([k, v]) => [k, truncateTimestamps(v)])),
      };
    default:
      return value;
  }
}

describe('values over REST', () => {
  it('stores and returns every value type unchanged (timestamps cut to microseconds)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(valueArb, { minLength: 1, maxLength: 10 }), async (values) => {
        const name = `${DOCUMENTS_ROOT}/round-trip/doc`;
        const fields = new Map(values.map((value, i): [string, Value] => [`v${i}`, value]));
        await client.clear();
        await client.setDocuments([
          {
            name,
            fields,
            createTime: { seconds: 0, nanos: 0 },
            updateTime: { seconds: 0, nanos: 0 },
          },
        ]);
        const [stored] = await client.runQuery(DOCUMENTS_ROOT, {
          from: [{ collectionId: 'round-trip', allDescendants: false }],
          orderBy: [],
          offset: 0,
        });
        expect(stored?.name).toBe(name);
        for (const [key, value] of fields) {
          const read = stored!.fields.get(key);
          const got = read === undefined ? undefined : truncateTimestamps(read);
          const want = truncateTimestamps(value);
          expect(
            got !== undefined && referenceIdentical(got, want),
            `${key}: got ${got === undefined ? 'nothing' : describeValue(got)}, want ${describeValue(want)}`,
          ).toBe(true);
        }
      }),
      { numRuns: ROUND_TRIP_RUNS },
    );
  });
});
