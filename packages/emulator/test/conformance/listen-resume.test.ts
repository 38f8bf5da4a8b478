// A listener resumed after documents were deleted while it was away: the server answers as
// production does, with only what changed since the resume token and an existence filter whose
// bloom filter (`unchangedNames`) lets the SDK drop the deleted documents itself. The web SDK
// (Node build, gRPC) must end up with the right documents without re-running the query: no
// RESET, no re-listen tagged `existence-filter-mismatch(-bloom)`, and the unchanged documents
// are not sent again. The Listen traffic is observed by wrapping the core's service.
import { deleteApp, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  disableNetwork,
  enableNetwork,
  getFirestore,
  onSnapshot,
  terminate,
} from 'firebase/firestore';
import type { Firestore, QuerySnapshot } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { createEmulatorCore } from '../../src/service/index.js';
import type {
  FirestoreService,
  ListenRequest,
  ListenResponse,
  ListenStream,
} from '../../src/service/types.js';
import { DOCUMENTS, PROJECT, restDelete, restSet, startEmulator } from './support.js';
import type { CapturingLogger } from './support.js';

let server: EmulatorServer;
let log: CapturingLogger;
let app: FirebaseApp;
let db: Firestore;
const requests: ListenRequest[] = [];
const responses: ListenResponse[] = [];

/** The core's service, with every Listen request and response recorded on its way. */
function recordingService(service: FirestoreService): FirestoreService {
  return {
    ...service,
    listen(ctx, sink): ListenStream {
      const stream = service.listen(ctx, {
        send(response) {
          responses.push(response);
          sink.send(response);
        },
        end: (error) => sink.end(error),
      });
      return {
        receive(request) {
          requests.push(request);
          stream.receive(request);
        },
        addTarget(target) {
          requests.push({ kind: 'add', target });
          stream.addTarget(target);
        },
        removeTarget: (targetId) => stream.removeTarget(targetId),
        finish: () => stream.finish(),
        close: (error) => stream.close(error),
      };
    },
  };
}

beforeAll(async () => {
  const core = createEmulatorCore();
  ({ server, log } = await startEmulator({
    core: { ...core, service: recordingService(core.service) },
  }));
  app = initializeApp({ projectId: PROJECT }, 'listen-resume');
  db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', server.port);
});

afterAll(async () => {
  if (db) await terminate(db);
  if (app) await deleteApp(app);
  await server?.close();
});

const int = (n: number) => ({ integerValue: String(n) });

describe('resuming a listener whose results shrank while it was away', () => {
  it('drops the deleted documents through the bloom filter, without re-running the query', async () => {
    for (const id of ['d1', 'd2', 'd3', 'd4', 'd5'])
      await restSet(server, `resume/${id}`, { n: int(1) });

    const snapshots: QuerySnapshot[] = [];
    let wake = (): void => {};
    const unsubscribe = onSnapshot(
      collection(db, 'resume'),
      { includeMetadataChanges: true },
      (snapshot) => {
        snapshots.push(snapshot);
        wake();
      },
    );
    /** Resolves with the first snapshot (from `from` on) that `predicate` accepts. */
    const snapshotWhere = async (from: number, predicate: (s: QuerySnapshot) => boolean) => {
      for (let i = from; ; i++) {
        while (i >= snapshots.length) await new Promise<void>((resolve) => (wake = resolve));
        const snapshot = snapshots[i]!;
        if (predicate(snapshot)) return snapshot;
      }
    };
    const summary = (s: QuerySnapshot) => s.docs.map((d) => `${d.id}=${String(d.get('n'))}`).sort();
    const fromServer = (s: QuerySnapshot) => !s.metadata.fromCache;

    await snapshotWhere(0, (s) => fromServer(s) && s.size === 5);
    await disableNetwork(db);
    const sentBefore = responses.length;
    const receivedBefore = requests.length;

    await restDelete(server, 'resume/d2');
    await restDelete(server, 'resume/d4');
    await restSet(server, 'resume/d1', { n: int(2) });
    await restSet(server, 'resume/d6', { n: int(1) });

    const resumedFrom = snapshots.length;
    await enableNetwork(db);
    const settled = await snapshotWhere(
      resumedFrom,
      (s) => fromServer(s) && summary(s).join() === 'd1=2,d3=1,d5=1,d6=1',
    );
    unsubscribe();
    expect(summary(settled)).toEqual(['d1=2', 'd3=1', 'd5=1', 'd6=1']);

    const resumed = requests
      .slice(receivedBefore)
      .filter((r): r is Extract<ListenRequest, { kind: 'add' }> => r.kind === 'add')
      .find((r) => r.target.target.kind === 'query');
    expect(resumed?.target.resumeToken?.length).toBeGreaterThan(0);
    const targetId = resumed!.target.targetId;
    const sent = responses.slice(sentBefore);

    // Production's answer: the existence filter, with a bloom filter of every matching name.
    const filter = sent.find((r) => r.kind === 'filter' && r.targetId === targetId);
    expect(filter).toMatchObject({ kind: 'filter', count: 4 });
    expect(filter?.kind === 'filter' && filter.unchangedNames?.bitmap.length).toBeGreaterThan(0);
    // No RESET, and the unchanged documents are not sent again.
    expect(sent.filter((r) => r.kind === 'targetChange' && r.changeType === 'RESET')).toEqual([]);
    const resent = sent
      .filter((r) => r.kind === 'documentChange' && r.targetIds.includes(targetId))
      .map((r) => (r.kind === 'documentChange' ? r.document.name : ''))
      .sort();
    expect(resent).toEqual([`${DOCUMENTS}/resume/d1`, `${DOCUMENTS}/resume/d6`]);
    // The SDK accepted the filter: it never re-listened to re-run the query.
    const tags = requests
      .slice(receivedBefore)
      .map((r) => (r.kind === 'add' ? (r.target.tag ?? '') : ''))
      .filter((tag) => tag.startsWith('existence-filter-mismatch'));
    expect(tags).toEqual([]);
  });

  it('logged no internal errors', () => {
    expect(log.errors).toEqual([]);
  });
});
