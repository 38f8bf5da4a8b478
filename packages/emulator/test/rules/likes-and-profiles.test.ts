// The like counter (moves by exactly one, in one batch with the liker's own like document) and
// public profiles (written only by their user), against firestore.rules.
import { deleteDoc, doc, increment, setDoc, updateDoc, writeBatch } from 'firebase/firestore';
import {
  DELETE,
  DRAFT,
  EARLIER,
  LATER,
  PUBLISHED,
  SERVER_TIME,
  baseWorld,
  chars,
  likedWorld,
  toSdk,
  withChanges,
  type Actor,
  type Case,
  type RulesSuite,
  ruleCase,
  caseGroup,
  describeRuleCases,
} from './support.js';

// ---- likes ----------------------------------------------------------------------------------

type LikeKnobs = {
  readonly actor: Actor;
  /** 'liked': the other member already liked the published showcase (likeCount 1). */
  readonly world: 'unliked' | 'liked';
  readonly showcase: string;
  /** Increment written to likeCount in the batch; null writes no counter change. */
  readonly counter: number | null;
  /** What the batch does to the like document; null leaves it alone. */
  readonly like: 'create' | 'delete' | null;
  /** Whose like document: 'self' is the actor's own uid. */
  readonly likeFor: string;
  readonly likeData: Readonly<Record<string, unknown>>;
  /** Other showcase fields written along with the counter. */
  readonly alsoChange: Readonly<Record<string, unknown>>;
  /** The batch also deletes the showcase (its owner deleting it with its likes). */
  readonly deleteShowcase: boolean;
};

const liking: LikeKnobs = {
  actor: 'other',
  world: 'unliked',
  showcase: PUBLISHED,
  counter: 1,
  like: 'create',
  likeFor: 'self',
  likeData: { createdAt: SERVER_TIME },
  alsoChange: {},
  deleteShowcase: false,
};
const unliking: LikeKnobs = { ...liking, world: 'liked', counter: -1, like: 'delete' };
/** The owner deletes the liked showcase and, in the same batch, the like it holds. */
const deletingWithLikes: LikeKnobs = {
  ...unliking,
  actor: 'owner',
  likeFor: 'other',
  counter: null,
  deleteShowcase: true,
};
const DELETE_WITH_LIKES = 'delete: the owner deletes the showcase together with its likes';

const LIKE = 'like: a member likes a published showcase';
const UNLIKE = 'unlike: the liker unlikes';
const UNLIKE_NAMED = 'unlike: the liker unlikes, naming their uid';

export const LIKE_CASES: readonly Case<LikeKnobs>[] = [
  ruleCase(LIKE, 'ALLOW', liking),
  ruleCase('like: a lone +1 without a like document', 'DENY', { ...liking, like: null }, LIKE),
  ruleCase('like: a like document without the +1', 'DENY', { ...liking, counter: null }, LIKE),
  ruleCase('like: a repeated +1 (already liked)', 'DENY', { ...liking, world: 'liked' }, LIKE),
  ruleCase('like: +2 with one like', 'DENY', { ...liking, counter: 2 }, LIKE),
  ruleCase('like: −1 with a new like', 'DENY', { ...liking, counter: -1 }, LIKE),
  ruleCase('like: written for another uid', 'DENY', { ...liking, likeFor: 'fan' }, LIKE),
  ruleCase('like: written for the owner', 'DENY', { ...liking, likeFor: 'owner' }, LIKE),
  ruleCase('like: by a guest', 'DENY', { ...liking, actor: 'guest' }, LIKE),
  ruleCase('like: by a visitor', 'DENY', { ...liking, actor: 'visitor' }, LIKE),
  ruleCase('like: by the owner of the showcase', 'DENY', { ...liking, actor: 'owner' }, LIKE),
  ruleCase('like: a draft', 'DENY', { ...liking, showcase: DRAFT }, LIKE),
  ruleCase(
    'like: a like document with an extra key',
    'DENY',
    { ...liking, likeData: { createdAt: SERVER_TIME, note: 'hi' } },
    LIKE,
  ),
  ruleCase(
    'like: a like document with a client createdAt',
    'DENY',
    { ...liking, likeData: { createdAt: EARLIER } },
    LIKE,
  ),
  ruleCase('like: also setting updatedAt to the request time', 'ALLOW', {
    ...liking,
    alsoChange: { updatedAt: SERVER_TIME },
  }),
  ruleCase(
    'like: also setting a client updatedAt',
    'DENY',
    { ...liking, alsoChange: { updatedAt: LATER } },
    'like: also setting updatedAt to the request time',
  ),
  ruleCase(
    'like: also editing the title',
    'DENY',
    { ...liking, alsoChange: { title: 'Hijacked' } },
    LIKE,
  ),
  ruleCase(
    'like: also changing ownerUid',
    'DENY',
    { ...liking, alsoChange: { ownerUid: 'other' } },
    LIKE,
  ),
  ruleCase(UNLIKE, 'ALLOW', unliking),
  ruleCase(UNLIKE_NAMED, 'ALLOW', { ...unliking, likeFor: 'other' }),
  ruleCase('unlike: −1 without a like document', 'DENY', { ...unliking, world: 'unliked' }, UNLIKE),
  ruleCase('unlike: a lone −1 keeping the like', 'DENY', { ...unliking, like: null }, UNLIKE),
  ruleCase(
    'unlike: deleting the like without the −1',
    'DENY',
    { ...unliking, counter: null },
    UNLIKE,
  ),
  ruleCase('unlike: −2 with one like', 'DENY', { ...unliking, counter: -2 }, UNLIKE),
  ruleCase(
    "unlike: another member deletes the liker's like",
    'DENY',
    { ...unliking, likeFor: 'other', actor: 'fan' },
    UNLIKE_NAMED,
  ),
  ruleCase(
    "unlike: the showcase owner deletes the liker's like",
    'DENY',
    { ...unliking, likeFor: 'other', actor: 'owner' },
    UNLIKE_NAMED,
  ),
  ruleCase(
    "unlike: a guest deletes the liker's like",
    'DENY',
    { ...unliking, likeFor: 'other', actor: 'guest' },
    UNLIKE_NAMED,
  ),
  ruleCase(DELETE_WITH_LIKES, 'ALLOW', deletingWithLikes),
  ruleCase(
    'delete: the owner deletes a like but keeps the showcase (its count would lie)',
    'DENY',
    { ...deletingWithLikes, deleteShowcase: false },
    DELETE_WITH_LIKES,
  ),
  ruleCase(
    "delete: another member deletes someone's showcase with its likes",
    'DENY',
    { ...deletingWithLikes, actor: 'fan' },
    DELETE_WITH_LIKES,
  ),
  ruleCase(
    'delete: a guest deletes a showcase with its likes',
    'DENY',
    { ...deletingWithLikes, actor: 'guest' },
    DELETE_WITH_LIKES,
  ),
  ruleCase('delete: the owner deletes an unliked draft with no likes', 'ALLOW', {
    ...deletingWithLikes,
    world: 'unliked',
    showcase: DRAFT,
    like: null,
  }),
];

function runLike(suite: RulesSuite, knobs: LikeKnobs): Promise<void> {
  const db = suite.db(knobs.actor);
  const likerUid = knobs.likeFor === 'self' ? knobs.actor : knobs.likeFor;
  const batch = writeBatch(db);
  if (knobs.counter !== null) {
    const changes = toSdk(knobs.alsoChange, knobs.actor) as Record<string, unknown>;
    batch.update(doc(db, knobs.showcase), { likeCount: increment(knobs.counter), ...changes });
  }
  const likeRef = doc(db, `${knobs.showcase}/likes/${likerUid}`);
  if (knobs.like === 'create')
    batch.set(likeRef, toSdk(knobs.likeData, knobs.actor) as Record<string, unknown>);
  if (knobs.like === 'delete') batch.delete(likeRef);
  if (knobs.deleteShowcase) batch.delete(doc(db, knobs.showcase));
  return batch.commit();
}

// ---- profiles -------------------------------------------------------------------------------

type ProfileKnobs = {
  readonly actor: Actor;
  readonly op: 'create' | 'update' | 'delete';
  readonly collection: string;
  /** Document id: 'self' is the actor's uid. */
  readonly uid: string;
  readonly data?: Readonly<Record<string, unknown>>;
};

// As the app writes them: with the name's search terms (required on create, and with a rename).
const newProfile = {
  displayName: 'Fan',
  photoURL: 'https://example.com/fan.png',
  nameTerms: ['f', 'fa', 'fan'],
  createdAt: SERVER_TIME,
};
const renamed = {
  displayName: 'Renamed',
  nameTerms: ['r', 're', 'ren', 'rena', 'renam', 'rename', 'renamed'],
};
const creating = (
  changes: Readonly<Record<string, unknown>> = {},
  knobs: Partial<ProfileKnobs> = {},
): ProfileKnobs => ({
  actor: 'fan',
  op: 'create',
  collection: 'users',
  uid: 'self',
  data: withChanges(newProfile, changes),
  ...knobs,
});
const editing = (
  data: Readonly<Record<string, unknown>>,
  knobs: Partial<ProfileKnobs> = {},
): ProfileKnobs => ({
  actor: 'other',
  op: 'update',
  collection: 'users',
  uid: 'other',
  data,
  ...knobs,
});
const deleting = (actor: Actor): ProfileKnobs => ({
  actor,
  op: 'delete',
  collection: 'users',
  uid: 'other',
});

const PROFILE = 'profile: a member creates their profile';
const RENAME = 'profile: a member renames themself';
const photo2048 = 'https://example.com/' + chars(2048 - 20, 'p');

export const PROFILE_CASES: readonly Case<ProfileKnobs>[] = [
  ruleCase(PROFILE, 'ALLOW', creating()),
  ruleCase(
    'profile: a guest creates their profile',
    'DENY',
    creating({}, { actor: 'guest' }),
    PROFILE,
  ),
  ruleCase(
    'profile: a visitor creates a profile',
    'DENY',
    creating({}, { actor: 'visitor' }),
    PROFILE,
  ),
  ruleCase(
    "profile: a member creates someone else's profile",
    'DENY',
    creating({}, { uid: 'someone' }),
    PROFILE,
  ),
  ruleCase(
    'profile: a member writes to an unknown collection',
    'DENY',
    creating({}, { collection: 'admins' }),
    PROFILE,
  ),
  ruleCase('profile: displayName of 80 characters', 'ALLOW', creating({ displayName: chars(80) })),
  ruleCase(
    'profile: displayName of 81 characters',
    'DENY',
    creating({ displayName: chars(81) }),
    'profile: displayName of 80 characters',
  ),
  ruleCase(
    'profile: displayName of 80 characters outside the BMP',
    'ALLOW',
    creating({ displayName: chars(80, '🎨') }),
  ),
  ruleCase(
    'profile: displayName of 81 characters outside the BMP',
    'DENY',
    creating({ displayName: chars(81, '🎨') }),
    'profile: displayName of 80 characters outside the BMP',
  ),
  ruleCase('profile: empty displayName', 'DENY', creating({ displayName: '' }), PROFILE),
  ruleCase('profile: blank displayName', 'DENY', creating({ displayName: '   ' }), PROFILE),
  ruleCase(
    'profile: displayName with surrounding spaces',
    'ALLOW',
    creating({ displayName: ' Fan ' }),
  ),
  ruleCase(
    'profile: displayName that is not a string',
    'DENY',
    creating({ displayName: 7 }),
    PROFILE,
  ),
  ruleCase('profile: without a displayName', 'DENY', creating({ displayName: DELETE }), PROFILE),
  ruleCase('profile: null photoURL', 'ALLOW', creating({ photoURL: null })),
  ruleCase('profile: empty photoURL', 'ALLOW', creating({ photoURL: '' })),
  ruleCase(
    'profile: blank photoURL',
    'DENY',
    creating({ photoURL: ' ' }),
    'profile: empty photoURL',
  ),
  ruleCase('profile: without a photoURL', 'ALLOW', creating({ photoURL: DELETE })),
  ruleCase('profile: http photoURL', 'ALLOW', creating({ photoURL: 'http://example.com/fan.png' })),
  ruleCase(
    'profile: javascript: photoURL',
    'DENY',
    creating({ photoURL: 'javascript:alert(1)' }),
    PROFILE,
  ),
  ruleCase(
    'profile: JaVaScRiPt: photoURL',
    'DENY',
    creating({ photoURL: 'JaVaScRiPt:alert(1)' }),
    PROFILE,
  ),
  ruleCase(
    'profile: data: photoURL',
    'DENY',
    creating({ photoURL: 'data:image/png;base64,iVBORw0KGgo=' }),
    PROFILE,
  ),
  ruleCase(
    'profile: attribute-breaking photoURL',
    'DENY',
    creating({ photoURL: 'https://example.com/a.png"><script>' }),
    PROFILE,
  ),
  ruleCase('profile: photoURL of 2048 characters', 'ALLOW', creating({ photoURL: photo2048 })),
  ruleCase(
    'profile: photoURL of 2049 characters',
    'DENY',
    creating({ photoURL: photo2048 + 'p' }),
    'profile: photoURL of 2048 characters',
  ),
  ruleCase('profile: forged createdAt', 'DENY', creating({ createdAt: EARLIER }), PROFILE),
  ruleCase('profile: an extra key', 'DENY', creating({ role: 'admin' }), PROFILE),
  ruleCase(RENAME, 'ALLOW', editing({ ...renamed })),
  ruleCase(
    'profile: a member renames someone else',
    'DENY',
    editing({ ...renamed }, { actor: 'owner' }),
    RENAME,
  ),
  ruleCase(
    'profile: a guest renames someone',
    'DENY',
    editing({ ...renamed }, { actor: 'guest' }),
    RENAME,
  ),
  ruleCase(
    'profile: renaming to 81 characters',
    'DENY',
    editing({ ...renamed, displayName: chars(81) }),
    RENAME,
  ),
  ruleCase(
    'profile: changing createdAt',
    'DENY',
    editing({ ...renamed, createdAt: SERVER_TIME }),
    RENAME,
  ),
  ruleCase('profile: adding an extra key', 'DENY', editing({ ...renamed, role: 'admin' }), RENAME),
  ruleCase(
    'profile: setting a JaVaScRiPt: photoURL',
    'DENY',
    editing({ ...renamed, photoURL: 'JaVaScRiPt:x' }),
    RENAME,
  ),
  ruleCase('profile: a member deletes their profile', 'ALLOW', deleting('other')),
  ruleCase(
    "profile: a member deletes someone else's profile",
    'DENY',
    deleting('owner'),
    'profile: a member deletes their profile',
  ),
  ruleCase(
    'profile: a guest deletes a profile',
    'DENY',
    deleting('guest'),
    'profile: a member deletes their profile',
  ),
];

function runProfile(suite: RulesSuite, knobs: ProfileKnobs): Promise<unknown> {
  const db = suite.db(knobs.actor);
  const id = knobs.uid === 'self' ? knobs.actor : knobs.uid;
  const reference = doc(db, `${knobs.collection}/${id}`);
  const data = toSdk(knobs.data ?? {}, knobs.actor) as Record<string, unknown>;
  if (knobs.op === 'create') return setDoc(reference, data);
  if (knobs.op === 'update') return updateDoc(reference, data);
  return deleteDoc(reference);
}

describeRuleCases('firestore.rules: likes and profiles', [
  caseGroup({
    cases: LIKE_CASES,
    world: (knobs) => (knobs.world === 'liked' ? likedWorld() : baseWorld()),
    run: runLike,
  }),
  caseGroup({ cases: PROFILE_CASES, world: baseWorld, run: runProfile }),
]);
