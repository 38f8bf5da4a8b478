// The gallery's search query against our Firestore emulator, for `npm run bench` (`--only search`
// runs it alone). The query is the app's own: `showcasesQuery` from lib/firebase/showcases.ts,
// loaded from its TypeScript source through Vite's module runner, with the term the app derives
// from typed text (`searchPlan`). It runs through the firebase client SDK in Node (gRPC) as a
// signed-out visitor, so firestore.rules is in force, as `getDocsFromServer`: one full query
// answered by the server each time, the same work the gallery's listener asks for when the
// search text changes. Also the first server snapshot of a new listener, which is what the
// gallery itself opens. Data: the demo data, then 10,000 showcases built by `buildShowcase`.
import { performance } from 'node:perf_hooks';
import { getDocsFromServer } from 'firebase/firestore';
import { createRandom, buildDemoData } from '@showcase/dev-stack';
import { buildShowcase, searchPlan } from '@showcase/schema';
import {
  firstServerSnapshot,
  importAppModule,
  sampleRoundRobin,
  withQueryBenchEmulator,
} from './query-bench-emulator.mjs';

export const title = 'search (the gallery query against our emulator)';
export const scenarios = ['search'];

export const legend =
  "Search: the app's `showcasesQuery` (published, `searchTerms array-contains` the term `searchPlan` derives from the typed text, sorted, limit 24) through the firebase client SDK in Node (gRPC, signed out, firestore.rules in force) against the built emulator CLI in its own process; the browser app sends the same query over WebChannel.";

const PAGE = 24;
const BULK_COUNT = 10_000;
const SETTINGS = { full: { runs: 30, warmUp: 3 }, quick: { runs: 10, warmUp: 2 } };

const WORDS = (
  'amber anchor arc atlas aurora beacon birch bloom bridge canvas cedar circuit clay cloud ' +
  'comet copper coral crystal delta drift dune echo ember fable fern field flint forge frost ' +
  'garden glacier glass grove harbor haven hollow horizon island ivory jade journal kernel ' +
  'lagoon lantern ledger lumen maple marble meadow mesa mirror moss nebula north oasis orbit ' +
  'origin pebble pixel prism quartz quill radar raven reef ridge river rover saga sail signal ' +
  'silver sketch slate solar sparrow spire spruce stone summit tide timber topaz trail tundra ' +
  'valley vector velvet vista willow winter zenith'
).split(' ');
const TAGS = (
  'web app game art music photography design data-viz maps hardware education simulation ' +
  'typography travel cooking 3d open-source ai writing tools'
).split(' ');
/** In the titles of about one showcase in 2,000: a search that finds a handful. */
const RARE_WORD = 'zephyr';

/** `count` published showcases through `buildShowcase`, titles and tags from small vocabularies. */
function bulkShowcases(count, now) {
  const random = createRandom('search-bench');
  const pick = (list) => list[Math.floor(random() * list.length)];
  const documents = [];
  for (let index = 0; index < count; index += 1) {
    const words = Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(WORDS));
    if (random() < 1 / 2000) words.push(RARE_WORD);
    const title = words.map((word) => word[0].toUpperCase() + word.slice(1)).join(' ');
    const tags = [...new Set(Array.from({ length: Math.floor(random() * 4) }, () => pick(TAGS)))];
    const createdAt = new Date(now - Math.floor(random() * 365 * 24 * 3600 * 1000));
    const data = buildShowcase({
      title,
      tags,
      ownerUid: `bench-${index % 500}`,
      ownerName: `Bench member ${index % 500}`,
      createdAt,
      likeCount: Math.floor(random() * random() * 60),
    });
    documents.push({ path: `showcases/bench-${String(index).padStart(5, '0')}`, data });
  }
  return documents;
}

/** The demo showcases (drafts included) as `npm start` seeds them, without their likes. */
function demoShowcases(now) {
  const { showcases } = buildDemoData({ appOrigin: 'http://127.0.0.1:5173', now: new Date(now) });
  return showcases.map(({ id, likes: _likes, ...data }) => ({ path: `showcases/${id}`, data }));
}

const ms = (value) => (value >= 10 ? value.toFixed(0) : value.toFixed(1));

export async function run({ root, log, quick = false }) {
  const settings = quick ? SETTINGS.quick : SETTINGS.full;
  // The app's query builder, from its source (the schema from source too, as the app bundles it).
  const showcases = await importAppModule('src/lib/firebase/showcases.ts');
  return withQueryBenchEmulator(root, async ({ client, firestore }) => {
    const db = firestore('search-bench');
    const rows = [];
    const now = Date.now();
    const datasets = [
      { name: 'demo data', documents: demoShowcases(now), selective: 'tide', broad: 's' },
      {
        name: `${BULK_COUNT.toLocaleString('en-US')} showcases`,
        documents: bulkShowcases(BULK_COUNT, now),
        selective: RARE_WORD,
        broad: 's',
      },
    ];
    for (const dataset of datasets) {
      await client.clearFirestore();
      const started = performance.now();
      await client.commit(dataset.documents);
      log(`${dataset.name}: written in ${ms(performance.now() - started)} ms`);
      const published = dataset.documents.filter(({ data }) => data.status === 'published');
      const cases = [];
      for (const [kind, text] of [
        ['selective', dataset.selective],
        ['broad', dataset.broad],
      ]) {
        const { term } = searchPlan(text);
        const matching = published.filter(({ data }) => data.searchTerms.includes(term)).length;
        const matches = `${kind}: ${matching.toLocaleString('en-US')} of ${published.length.toLocaleString('en-US')} published match`;
        for (const sort of ['newest', 'liked']) {
          const query = () =>
            showcases.showcasesQuery(db, { sort, tag: null, searchTerm: term, limit: PAGE });
          const order = sort === 'newest' ? 'newest' : 'most liked';
          cases.push({
            figure: `search "${text}" (${matches}), ${order} first, ${dataset.name}`,
            expected: Math.min(matching, PAGE),
            how: 'getDocsFromServer',
            operation: async () => (await getDocsFromServer(query())).size,
          });
          if (kind === 'broad' && sort === 'newest')
            cases.push({
              figure: `search "${text}" (${kind}), newest first, ${dataset.name}: a new listener's first snapshot from the server`,
              expected: Math.min(matching, PAGE),
              how: 'onSnapshot until a snapshot not from the cache, as the gallery listens when the search text changes',
              operation: () => firstServerSnapshot(query()),
            });
        }
      }
      const results = await sampleRoundRobin(
        cases.map((one) => one.operation),
        settings,
      );
      for (const [index, { figure, expected, how }] of cases.entries()) {
        const { p50, p95, size } = results[index];
        if (size !== expected) throw new Error(`${figure}: ${size} results, expected ${expected}`);
        rows.push({
          figure,
          measured: `p50 ${ms(p50)} ms, p95 ${ms(p95)} ms`,
          goal: '—',
          reference: '—',
          note: `${how}; ${size} returned (limit ${PAGE}); ${settings.runs} rounds after ${settings.warmUp} warm-up, the cases of a dataset taking turns`,
        });
      }
    }
    return rows;
  });
}
