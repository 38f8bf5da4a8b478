// A showcase page's first page of comments on a showcase with 1,000 of them, for `npm run bench`
// (`--only comments` runs it alone). Ours is the app's own `commentsQuery` (lib/firebase/
// comments.ts, loaded from source through Vite's module runner) with its converter, read as the
// page does: a new listener until its first snapshot from the server, each document converted.
// The floor, in the same run and the same rounds, is a bare SDK query for the same 20 documents
// (the same collection, order and limit, no converter), so the ratio says what the app's query
// and conversion add over what Firestore and the SDK cost anyway. Both run through the firebase
// client SDK in Node (gRPC) as a signed-out visitor, firestore.rules in force, against the built
// emulator CLI in its own process.
import { performance } from 'node:perf_hooks';
import { collection, getDocsFromServer, limit, orderBy, query } from 'firebase/firestore';
import { buildShowcase } from '@showcase/schema';
import {
  firstServerSnapshot,
  importAppModule,
  sampleRoundRobin,
  withQueryBenchEmulator,
} from './query-bench-emulator.mjs';

export const title = 'comments (a showcase page’s first page of comments)';
export const scenarios = ['comments'];
export const peerLabel = 'floor: bare SDK query, same 20 documents (same run)';
export const ratioLabel = 'ours ÷ floor';

export const legend =
  "Comments: the app's `commentsQuery` (newest 20 of a published showcase's 1,000 comments) with its converter, against a bare query for the same 20 documents, both through the firebase client SDK in Node (gRPC, signed out, firestore.rules in force: each read checks the showcase is published) against the built emulator CLI in its own process; the page sends the same query over WebChannel.";

const COMMENTS = 1000;
const SHOWCASE_ID = 'bench-comments';
const SETTINGS = { full: { runs: 40, warmUp: 5 }, quick: { runs: 12, warmUp: 3 } };

const ms = (value) => (value >= 10 ? value.toFixed(0) : value.toFixed(1));

/** The showcase and its comments, a minute apart, the first the newest. */
function documents(now) {
  const showcase = buildShowcase({
    title: 'A much discussed lamp',
    ownerUid: 'bench-owner',
    ownerName: 'Bench owner',
    createdAt: new Date(now - 30 * 24 * 3600 * 1000),
  });
  const comments = Array.from({ length: COMMENTS }, (_, index) => ({
    path: `showcases/${SHOWCASE_ID}/comments/c${String(index).padStart(4, '0')}`,
    data: {
      authorUid: `bench-author-${index % 97}`,
      authorName: `Bench member ${index % 97}`,
      text: `Comment ${index}: ${'what a lovely piece of work, '.repeat(1 + (index % 5))}`.trim(),
      createdAt: new Date(now - index * 60_000),
    },
  }));
  return [
    { path: `showcases/${SHOWCASE_ID}`, data: { ...showcase, commentCount: COMMENTS } },
    ...comments,
  ];
}

/** Every document read as a screen would (through the query's converter, if any). */
const everyDocumentRead = (snapshot) => snapshot.docs.map((doc) => doc.data()).length;

export async function run({ root, log, quick = false }) {
  const settings = quick ? SETTINGS.quick : SETTINGS.full;
  const comments = await importAppModule('src/lib/firebase/comments.ts');
  return withQueryBenchEmulator(root, async ({ client, firestore }) => {
    const db = firestore('comments-bench');
    const rows = [];
    const started = performance.now();
    await client.commit(documents(Date.now()));
    log(`comments: ${COMMENTS} written in ${ms(performance.now() - started)} ms`);
    const page = comments.COMMENTS_PAGE;
    const ours = () => comments.commentsQuery(db, SHOWCASE_ID, page);
    const bare = () =>
      query(
        collection(db, 'showcases', SHOWCASE_ID, 'comments'),
        orderBy('createdAt', 'desc'),
        limit(page),
      );
    const cases = [
      {
        figure: `first page (${page} newest of ${COMMENTS.toLocaleString('en-US')} comments): a new listener's first snapshot from the server`,
        how: 'onSnapshot until a snapshot not from the cache, as the page listens',
        ours: () => firstServerSnapshot(ours(), everyDocumentRead),
        floor: () => firstServerSnapshot(bare(), everyDocumentRead),
      },
      {
        figure: `first page (${page} newest of ${COMMENTS.toLocaleString('en-US')} comments): getDocsFromServer`,
        how: 'one query answered by the server each time',
        ours: async () => (await getDocsFromServer(ours())).docs.map((doc) => doc.data()).length,
        floor: async () => (await getDocsFromServer(bare())).docs.map((doc) => doc.data()).length,
      },
    ];
    const results = await sampleRoundRobin(
      cases.flatMap((one) => [one.ours, one.floor]),
      settings,
    );
    for (const [index, { figure, how }] of cases.entries()) {
      const mine = results[index * 2];
      const floor = results[index * 2 + 1];
      for (const { size } of [mine, floor])
        if (size !== page) throw new Error(`${figure}: ${size} results, expected ${page}`);
      rows.push({
        figure,
        measured: `p50 ${ms(mine.p50)} ms, p95 ${ms(mine.p95)} ms`,
        peer: `p50 ${ms(floor.p50)} ms, p95 ${ms(floor.p95)} ms`,
        ratio: `p50 ${(mine.p50 / floor.p50).toFixed(2)}, p95 ${(mine.p95 / floor.p95).toFixed(2)}`,
        goal: 'ours ÷ floor ≤ 1.2 at p50',
        reference: '—',
        note: `${how}; ${settings.runs} rounds after ${settings.warmUp} warm-up, ours and the floor taking turns`,
      });
    }
    return rows;
  });
}
