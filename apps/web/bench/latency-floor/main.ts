// The like's floor for the write-latency bench: the unmodified SDK, set up as the app sets it up
// (lib/firebase/firestore.ts: `initializeFirestore` with the persistent cache and the multi-tab
// manager, no transport settings, the emulator connected; Auth on the emulator with the app's
// persistence), and nothing else: no React, no app code. `?cache=memory` swaps in the memory
// cache. Browser A calls `floorLike`, the app's batch (lib/firebase/likes.ts: the like, the
// count and the owner's activity) without the app around it; browser B's `onSnapshot` of the
// showcase writes the count into the DOM, in the
// app's words, so the bench watches both kinds of page the same way. `listen` adds, in either
// browser, the listeners the app's showcase page holds, to tell their SDK cost from ours.
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import type { Firestore, Query } from 'firebase/firestore';
import { likeActivityId, showcaseActivityFields } from '@showcase/schema';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  DocumentReference,
  documentId,
  increment,
  initializeFirestore,
  limit,
  memoryLocalCache,
  onSnapshot,
  orderBy,
  persistentLocalCache,
  persistentMultipleTabManager,
  query,
  serverTimestamp,
  where,
  writeBatch,
} from 'firebase/firestore';

type SetUp = {
  config: { apiKey: string; authDomain: string; projectId: string; appId: string };
  authUrl: string;
  firestore: { host: string; port: number };
  email: string;
  password: string;
  showcaseId: string;
  /** B: listen to the showcase and show its count. A: only write. */
  watch: boolean;
  /**
   * Hold the listeners the app's showcase page holds for a member (`pageListeners`), with
   * metadata changes as the app's listeners ask.
   */
  listen?: boolean;
  /** The showcase's owner, whose profile and other showcases the app's page listens to. */
  ownerUid: string;
  /**
   * What the app's like tells the showcase's owner (lib/firebase/likes.ts `LikeReport`): a like
   * then also writes the owner's activity document in its batch, as the app's does, so both
   * pages send the emulator the same write and its rules the same checks.
   */
  report?: { ownerUid: string; showcaseTitle: string; likerName: string };
};

declare global {
  interface Window {
    floorSetUp(options: SetUp): Promise<void>;
    floorLike(liked: boolean): void;
    /** No write of A's is waiting for the server (the app's pending chip gone). */
    floorIdle(): boolean;
  }
}

const memory = new URLSearchParams(location.search).get('cache') === 'memory';
let db: Firestore | undefined;
let uid = '';
let showcaseId = '';
let writing = 0;
let report: SetUp['report'];

window.floorSetUp = async (options) => {
  const app = initializeApp(options.config);
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
  connectAuthEmulator(auth, options.authUrl, { disableWarnings: true });
  // Signed in before Firestore starts, as the app's instance waits for Auth: a member's token.
  uid = (await signInWithEmailAndPassword(auth, options.email, options.password)).user.uid;
  db = initializeFirestore(app, {
    localCache: memory
      ? memoryLocalCache()
      : persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
  });
  connectFirestoreEmulator(db, options.firestore.host, options.firestore.port);
  showcaseId = options.showcaseId;
  report = options.report;
  if (options.listen) {
    const heard = (target: DocumentReference | Query) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no answer from the server for ${describe(target)}`)),
          20_000,
        );
        const next = (snapshot: { metadata: { fromCache: boolean } }) => {
          if (!snapshot.metadata.fromCache) {
            clearTimeout(timer);
            resolve();
          }
        };
        if (target instanceof DocumentReference) {
          onSnapshot(target, { includeMetadataChanges: true }, { next, error: reject });
        } else {
          onSnapshot(target, { includeMetadataChanges: true }, { next, error: reject });
        }
      });
    // B's own listener on the showcase (below) is the page's.
    const targets = pageListeners(db, uid, showcaseId, options.ownerUid).filter(
      (target) =>
        !(
          options.watch &&
          target instanceof DocumentReference &&
          target.path === `showcases/${showcaseId}`
        ),
    );
    await Promise.all(targets.map(heard));
  }
  if (!options.watch) return;
  const count = document.querySelector('[data-testid="like-count"]')!;
  await new Promise<void>((resolve, reject) => {
    onSnapshot(
      doc(db!, 'showcases', showcaseId),
      // Holding the page's listeners, as the app's listener does: the other listeners may have
      // cached the showcase, and the server's answer is then a change of metadata only.
      { includeMetadataChanges: options.listen === true },
      {
        next: (snapshot) => {
          // The bench's stamp, where the app's test build reports its document snapshots.
          (window as { __showcaseOnSnapshot?: (path: string) => void }).__showcaseOnSnapshot?.(
            snapshot.ref.path,
          );
          const likes = Number(snapshot.get('likeCount') ?? 0);
          const text = `${likes} ${likes === 1 ? 'like' : 'likes'}`;
          if (count.textContent !== text) count.textContent = text;
          // Ready once the server has answered, not on a snapshot from an empty local cache.
          if (!snapshot.metadata.fromCache) resolve();
        },
        error: reject,
      },
    );
  });
};

/**
 * What the app's showcase page listens to for a signed-in member who is not its owner, as its
 * Listen requests show: their profile and unread activity (the app bar), the showcase, its owner's
 * profile and other published showcases ("More by", one more than its four cards), its newest
 * comments (the first page of 20), and this member's like, save and follow (queries of one
 * document id). The app builds them in lib/firebase (`userProfileRef`, `unreadActivityQuery`,
 * `showcaseRef`, `userShowcasesQuery`, `commentsQuery`, and `likeRef`, `savedRef`,
 * `followingRef` through `useDocSnapshotByQuery`).
 */
function pageListeners(
  firestore: Firestore,
  member: string,
  showcase: string,
  owner: string,
): (DocumentReference | Query)[] {
  const byId = (parent: string, id: string) =>
    query(collection(firestore, parent), where(documentId(), '==', id));
  return [
    doc(firestore, 'users', member),
    query(
      collection(firestore, 'users', member, 'activity'),
      where('read', '==', false),
      limit(100),
    ),
    doc(firestore, 'showcases', showcase),
    doc(firestore, 'users', owner),
    query(
      collection(firestore, 'showcases'),
      where('ownerUid', '==', owner),
      where('status', '==', 'published'),
      orderBy('createdAt', 'desc'),
      limit(5),
    ),
    query(
      collection(firestore, 'showcases', showcase, 'comments'),
      orderBy('createdAt', 'desc'),
      limit(20),
    ),
    byId(`showcases/${showcase}/likes`, member),
    byId(`users/${member}/saved`, showcase),
    byId(`users/${member}/following`, owner),
  ];
}

function describe(target: DocumentReference | Query): string {
  return target instanceof DocumentReference ? target.path : JSON.stringify(target);
}

window.floorLike = (liked) => {
  if (!db) throw new Error('floorSetUp first');
  const batch = writeBatch(db);
  const like = doc(db, 'showcases', showcaseId, 'likes', uid);
  const showcase = doc(db, 'showcases', showcaseId);
  if (liked) {
    batch.set(like, { createdAt: serverTimestamp() });
    batch.update(showcase, { likeCount: increment(1) });
    if (report !== undefined && report.ownerUid !== uid) {
      batch.set(doc(db, 'users', report.ownerUid, 'activity', likeActivityId(showcaseId, uid)), {
        ...showcaseActivityFields(
          'like',
          { uid, name: report.likerName },
          { id: showcaseId, title: report.showcaseTitle },
        ),
        createdAt: serverTimestamp(),
      });
    }
  } else {
    batch.delete(like);
    batch.update(showcase, { likeCount: increment(-1) });
  }
  writing += 1;
  const settled = () => (writing -= 1);
  batch.commit().then(settled, (error: unknown) => {
    settled();
    console.error('[floor] the like was refused', error);
  });
};

window.floorIdle = () => db !== undefined && writing === 0;
