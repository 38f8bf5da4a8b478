// The audience data functions (comments, follows, saves, activity, reports) against our
// Firestore emulator with firestore.rules in force, through the firebase SDK: each batch the app
// writes is one the rules accept, and its counters and activity land where the screens read them.
import { EmulatorClient, RULES_FILE, startFirestoreEmulator } from '@showcase/dev-stack';
import type { Showcase } from '@showcase/schema';
import { buildShowcase, validateCommentText } from '@showcase/schema';
import type { FirebaseApp } from 'firebase/app';
import { deleteApp, initializeApp } from 'firebase/app';
import type { Firestore } from 'firebase/firestore';
import {
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDocFromServer,
  getDocsFromServer,
  getFirestore,
  setLogLevel,
  terminate,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activityQuery, markActivityRead, unreadActivityQuery } from './activity';
import { addComment, commentsQuery, deleteComment } from './comments';
import type { FollowingFeedOptions } from './follows';
import { followingRef, listenToFollowingFeed, setFollowing } from './follows';
import { setLiked } from './likes';
import { createUserProfile, makersSearchQuery, userProfileRef } from './profiles';
import { createReport } from './reports';
import { savedQuery, setSaved } from './saved';
import { showcaseRef } from './showcases';
import { loadFirestoreSdk } from './sdk';

// The data layer's functions call into the SDK, which the app loads with its first database.
beforeAll(loadFirestoreSdk);

const MAKER = { uid: 'maker', name: 'Maya Maker' };
const FAN = { uid: 'fan', name: 'Finn Fan' };

let server: Awaited<ReturnType<typeof startFirestoreEmulator>>;
let client: EmulatorClient;
const apps: FirebaseApp[] = [];
let maker: Firestore;
let fan: Firestore;
let guest: Firestore;

function firestoreAs(
  name: string,
  uid: string,
  provider: 'password' | 'anonymous' = 'password',
): Firestore {
  const app = initializeApp({ projectId: 'demo-showcase', apiKey: 'test' }, name);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', server.port, {
    mockUserToken: { sub: uid, firebase: { sign_in_provider: provider, identities: {} } },
  });
  return db;
}

beforeAll(async () => {
  // The functions report their writes to the app-wide connection store (trackWrite), which runs
  // on the browser's timers and online events: a node stand-in for those.
  vi.stubGlobal('window', {
    setTimeout,
    clearTimeout,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    navigator: { onLine: true },
  });
  setLogLevel('silent');
  server = await startFirestoreEmulator({ rulesFile: RULES_FILE });
  client = new EmulatorClient({ authUrl: 'http://127.0.0.1:1', firestoreUrl: server.url });
  maker = firestoreAs('maker', MAKER.uid);
  fan = firestoreAs('fan', FAN.uid);
  guest = firestoreAs('guest', 'guest', 'anonymous');
});

afterAll(async () => {
  await Promise.all([maker, fan, guest].map((db) => terminate(db)));
  await Promise.all(apps.map((app) => deleteApp(app)));
  await server?.close();
  vi.unstubAllGlobals();
});

beforeEach(async () => {
  await client.clearFirestore();
  // Profiles as the signed-in shell creates them, and one published showcase by the maker.
  await createUserProfile(maker, MAKER.uid, { displayName: MAKER.name, photoURL: null });
  await createUserProfile(fan, FAN.uid, { displayName: FAN.name, photoURL: null });
  await client.commit([
    {
      path: 'showcases/lamp',
      data: buildShowcase({ title: 'Lamp', ownerUid: MAKER.uid, ownerName: MAKER.name }),
    },
  ]);
});

const showcase = async (db: Firestore): Promise<Showcase> =>
  (await getDocFromServer(showcaseRef(db, 'lamp'))).data()!;
const activityOf = async () =>
  (await getDocsFromServer(activityQuery(maker, MAKER.uid, 20))).docs.map((d) => d.data());

describe('comments', () => {
  it('adds a comment with its counter and the owner’s activity, and deletes it with the −1', async () => {
    const text = validateCommentText('  Lovely grain. ');
    if (!text.ok) throw new Error(text.error);
    const { id, written } = addComment(
      fan,
      { id: 'lamp', ownerUid: MAKER.uid, title: 'Lamp' },
      FAN,
      text.value,
    );
    await written;
    expect((await showcase(fan)).commentCount).toBe(1);
    const comments = (await getDocsFromServer(commentsQuery(fan, 'lamp', 20))).docs.map((d) =>
      d.data(),
    );
    expect(comments).toMatchObject([
      { id, showcaseId: 'lamp', authorUid: FAN.uid, authorName: FAN.name, text: 'Lovely grain.' },
    ]);
    expect(await activityOf()).toMatchObject([
      { type: 'comment', actorUid: FAN.uid, showcaseTitle: 'Lamp', commentId: id, read: false },
    ]);

    // The showcase's owner may delete any comment on it.
    await deleteComment(maker, 'lamp', id);
    expect((await showcase(maker)).commentCount).toBe(0);
  });

  it('writes no activity when the owner comments on their own showcase', async () => {
    await addComment(maker, { id: 'lamp', ownerUid: MAKER.uid, title: 'Lamp' }, MAKER, 'Thanks!')
      .written;
    expect((await showcase(maker)).commentCount).toBe(1);
    expect(await activityOf()).toEqual([]);
  });
});

describe('likes', () => {
  it('tell the owner in the same batch', async () => {
    const report = { ownerUid: MAKER.uid, showcaseTitle: 'Lamp', likerName: FAN.name };
    await setLiked(fan, 'lamp', FAN.uid, true, report);
    await setLiked(fan, 'lamp', FAN.uid, false);
    await setLiked(fan, 'lamp', FAN.uid, true, report);
    // Like, unlike, like: one activity, rewritten.
    expect(await activityOf()).toMatchObject([{ type: 'like', actorName: FAN.name }]);
    expect((await showcase(fan)).likeCount).toBe(1);
  });
});

const NEWEST: FollowingFeedOptions = { sort: 'newest', tag: null, searchTerm: null, limit: 24 };

/** The feed's titles once every chunk has answered from the server. */
const feedTitles = (makers: string[], options: FollowingFeedOptions) =>
  new Promise<string[]>((resolve, reject) => {
    const stop = listenToFollowingFeed(
      fan,
      makers,
      options,
      null,
      (update) => {
        if (update.loading || update.fromCache) return;
        stop();
        resolve(update.showcases.map((item) => item.title));
      },
      reject,
    );
  });

describe('follows', () => {
  it('move both counters with both edges, tell the followed, and feed their showcases', async () => {
    await setFollowing(fan, FAN, MAKER.uid, true);
    expect((await getDocFromServer(followingRef(fan, FAN.uid, MAKER.uid))).exists()).toBe(true);
    expect((await getDocFromServer(userProfileRef(fan, MAKER.uid))).data()).toMatchObject({
      followerCount: 1,
      followingCount: 0,
    });
    expect((await getDocFromServer(userProfileRef(fan, FAN.uid))).data()).toMatchObject({
      followingCount: 1,
    });
    expect(await activityOf()).toMatchObject([{ type: 'follow', actorUid: FAN.uid }]);

    expect(await feedTitles([MAKER.uid], NEWEST)).toEqual(['Lamp']);

    await setFollowing(fan, FAN, MAKER.uid, false);
    expect((await getDocFromServer(userProfileRef(fan, MAKER.uid))).data()?.followerCount).toBe(0);
    expect((await getDocFromServer(userProfileRef(fan, FAN.uid))).data()?.followingCount).toBe(0);
  });

  it('feed most liked first and by tag, per chunk, as the rules allow a member to list', async () => {
    const seeded = [
      { id: 'chair', title: 'Chair', likeCount: 5, tags: ['wood'] },
      { id: 'kite', title: 'Kite', likeCount: 9, tags: ['paper'] },
      { id: 'stool', title: 'Stool', likeCount: 5, tags: ['wood'] },
    ];
    await client.commit(
      seeded.map(({ id, ...fields }) => ({
        path: `showcases/${id}`,
        data: buildShowcase({ ...fields, ownerUid: MAKER.uid, ownerName: MAKER.name }),
      })),
    );
    await setFollowing(fan, FAN, MAKER.uid, true);
    const liked = { ...NEWEST, sort: 'liked' as const };
    expect(await feedTitles([MAKER.uid], liked)).toEqual(['Kite', 'Stool', 'Chair', 'Lamp']);
    expect(await feedTitles([MAKER.uid], { ...liked, tag: 'wood' })).toEqual(['Stool', 'Chair']);
    expect(await feedTitles([MAKER.uid], { ...NEWEST, searchTerm: 'ki' })).toEqual(['Kite']);
  });

  it('unfollow a maker whose profile was deleted, without touching the missing counter', async () => {
    await setFollowing(fan, FAN, MAKER.uid, true);
    await deleteDoc(doc(maker, 'users', MAKER.uid));
    await setFollowing(fan, FAN, MAKER.uid, false, false);
    expect((await getDocFromServer(followingRef(fan, FAN.uid, MAKER.uid))).exists()).toBe(false);
    expect((await getDocFromServer(userProfileRef(fan, FAN.uid))).data()?.followingCount).toBe(0);
    expect((await getDocFromServer(userProfileRef(fan, MAKER.uid))).exists()).toBe(false);
  });
});

describe('activity', () => {
  it('counts unread and marks what was shown as read', async () => {
    await setFollowing(fan, FAN, MAKER.uid, true);
    const unread = async () =>
      (await getDocsFromServer(unreadActivityQuery(maker, MAKER.uid))).size;
    expect(await unread()).toBe(1);
    await markActivityRead(
      maker,
      MAKER.uid,
      (await activityOf()).filter((item) => item !== null),
    );
    expect(await unread()).toBe(0);
  });
});

describe('saved showcases and reports', () => {
  it('lets a guest save privately, newest first', async () => {
    await setSaved(guest, 'guest', 'lamp', true);
    expect((await getDocsFromServer(savedQuery(guest, 'guest'))).docs.map((d) => d.id)).toEqual([
      'lamp',
    ]);
    await setSaved(guest, 'guest', 'lamp', false);
    expect((await getDocsFromServer(savedQuery(guest, 'guest'))).size).toBe(0);
  });

  it('files a report', async () => {
    await createReport(fan, FAN.uid, { target: 'showcases/lamp', reason: 'spam', note: null });
    expect(await client.listDocuments('reports')).toHaveLength(1);
  });
});

describe('makers search', () => {
  it('finds a maker by the start of any word of the name', async () => {
    const found = await getDocsFromServer(makersSearchQuery(fan, 'mak', 10));
    expect(found.docs.map((d) => d.id)).toEqual([MAKER.uid]);
  });
});
