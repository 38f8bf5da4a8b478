// Follows against firestore.rules: both edges and both counters in one batch (the follower's
// followingCount names the followed uid in lastFollowingWrite), and the profile's new fields.
import { deleteDoc, doc, increment, setDoc, updateDoc, writeBatch } from 'firebase/firestore';
import { audienceWorld, followingWorld, profile } from './audience-support.js';
import {
  DELETE,
  EARLIER,
  SERVER_TIME,
  chars,
  toSdk,
  type Actor,
  type Case,
  type RulesSuite,
  ruleCase,
  caseGroup,
  describeRuleCases,
} from './support.js';

type FollowKnobs = {
  readonly actor: Actor;
  /** 'followed-gone': following, then the followed member's profile was deleted. */
  readonly world: 'none' | 'following' | 'followed-gone';
  readonly op: 'follow' | 'unfollow';
  /** The uid followed (or unfollowed). */
  readonly target: string;
  /** Whose edges and counters: 'self' is the actor. */
  readonly follower: string;
  readonly followingEdge: boolean;
  readonly followersEdge: boolean;
  /** Increments of the follower's followingCount and the target's followerCount; null: none. */
  readonly followingCounter: number | null;
  readonly followerCounter: number | null;
  /** lastFollowingWrite written with followingCount: 'target' is the target's uid. */
  readonly pointer: string;
  readonly edge: Readonly<Record<string, unknown>>;
};

const following: FollowKnobs = {
  actor: 'other',
  world: 'none',
  op: 'follow',
  target: 'owner',
  follower: 'self',
  followingEdge: true,
  followersEdge: true,
  followingCounter: 1,
  followerCounter: 1,
  pointer: 'target',
  edge: { createdAt: SERVER_TIME },
};
const unfollowing: FollowKnobs = {
  ...following,
  world: 'following',
  op: 'unfollow',
  followingCounter: -1,
  followerCounter: -1,
};

const unfollowingGone: FollowKnobs = {
  ...unfollowing,
  world: 'followed-gone',
  followerCounter: null,
};

const FOLLOW = 'follow: a member follows another';
const UNFOLLOW_GONE = 'unfollow: the followed member deleted their profile';
const UNFOLLOW = 'unfollow: the follower unfollows';

export const FOLLOW_CASES: readonly Case<FollowKnobs>[] = [
  ruleCase(FOLLOW, 'ALLOW', following),
  ruleCase('follow: by a guest', 'DENY', { ...following, actor: 'guest' }, FOLLOW),
  ruleCase('follow: by a visitor', 'DENY', { ...following, actor: 'visitor' }, FOLLOW),
  ruleCase('follow: oneself', 'DENY', { ...following, target: 'other' }, FOLLOW),
  ruleCase('follow: for someone else', 'DENY', { ...following, follower: 'fan' }, FOLLOW),
  ruleCase('follow: again', 'DENY', { ...following, world: 'following' }, FOLLOW),
  ruleCase(
    'follow: without the following edge',
    'DENY',
    { ...following, followingEdge: false },
    FOLLOW,
  ),
  ruleCase(
    'follow: without the followers edge',
    'DENY',
    { ...following, followersEdge: false },
    FOLLOW,
  ),
  ruleCase(
    'follow: without followingCount +1',
    'DENY',
    { ...following, followingCounter: null },
    FOLLOW,
  ),
  ruleCase(
    'follow: without followerCount +1',
    'DENY',
    { ...following, followerCounter: null },
    FOLLOW,
  ),
  ruleCase('follow: followingCount +2', 'DENY', { ...following, followingCounter: 2 }, FOLLOW),
  ruleCase('follow: followerCount +2', 'DENY', { ...following, followerCounter: 2 }, FOLLOW),
  ruleCase(
    'follow: followingCount names someone else',
    'DENY',
    { ...following, pointer: 'fan' },
    FOLLOW,
  ),
  ruleCase(
    'follow: an edge with a client createdAt',
    'DENY',
    { ...following, edge: { createdAt: EARLIER } },
    FOLLOW,
  ),
  ruleCase(
    'follow: an edge with an extra key',
    'DENY',
    { ...following, edge: { createdAt: SERVER_TIME, muted: true } },
    FOLLOW,
  ),
  ruleCase(UNFOLLOW, 'ALLOW', unfollowing),
  ruleCase(
    'unfollow: keeping the followers edge',
    'DENY',
    { ...unfollowing, followersEdge: false },
    UNFOLLOW,
  ),
  ruleCase(
    'unfollow: without followerCount −1',
    'DENY',
    { ...unfollowing, followerCounter: null },
    UNFOLLOW,
  ),
  ruleCase(
    'unfollow: without followingCount −1',
    'DENY',
    { ...unfollowing, followingCounter: null },
    UNFOLLOW,
  ),
  ruleCase('unfollow: not following', 'DENY', { ...unfollowing, world: 'none' }, UNFOLLOW),
  ruleCase(
    "unfollow: another member removes someone's follow",
    'DENY',
    { ...unfollowing, actor: 'fan', follower: 'other' },
    'unfollow: the follower unfollows, naming their uid',
  ),
  ruleCase('unfollow: the follower unfollows, naming their uid', 'ALLOW', {
    ...unfollowing,
    follower: 'other',
  }),
  // A deleted account leaves its followers' edges behind: they must still be able to leave.
  ruleCase(UNFOLLOW_GONE, 'ALLOW', unfollowingGone),
  ruleCase(
    'unfollow of a deleted profile: keeping the followers edge',
    'DENY',
    { ...unfollowingGone, followersEdge: false },
    UNFOLLOW_GONE,
  ),
  ruleCase(
    'unfollow of a deleted profile: without followingCount −1',
    'DENY',
    { ...unfollowingGone, followingCounter: null },
    UNFOLLOW_GONE,
  ),
  ruleCase(
    "unfollow of a deleted profile: removing someone else's follow",
    'DENY',
    { ...unfollowingGone, actor: 'fan', follower: 'other' },
    'unfollow of a deleted profile: naming their uid',
  ),
  ruleCase('unfollow of a deleted profile: naming their uid', 'ALLOW', {
    ...unfollowingGone,
    follower: 'other',
  }),
];

function runFollow(suite: RulesSuite, knobs: FollowKnobs): Promise<void> {
  const db = suite.db(knobs.actor);
  const follower = knobs.follower === 'self' ? knobs.actor : knobs.follower;
  const target = knobs.target;
  const batch = writeBatch(db);
  const edge = toSdk(knobs.edge, knobs.actor) as Record<string, unknown>;
  const followingRef = doc(db, `users/${follower}/following/${target}`);
  const followersRef = doc(db, `users/${target}/followers/${follower}`);
  if (knobs.followingEdge) {
    if (knobs.op === 'follow') batch.set(followingRef, edge);
    else batch.delete(followingRef);
  }
  if (knobs.followersEdge) {
    if (knobs.op === 'follow') batch.set(followersRef, edge);
    else batch.delete(followersRef);
  }
  if (knobs.followingCounter !== null)
    batch.update(doc(db, `users/${follower}`), {
      followingCount: increment(knobs.followingCounter),
      lastFollowingWrite: knobs.pointer === 'target' ? target : knobs.pointer,
    });
  if (knobs.followerCounter !== null)
    batch.update(doc(db, `users/${target}`), { followerCount: increment(knobs.followerCounter) });
  return batch.commit();
}

// ---- profiles' new fields -------------------------------------------------------------------

type ProfileKnobs = {
  /** 'with-terms': the edited profile already holds name terms. */
  readonly world?: 'with-terms';
  readonly actor: Actor;
  readonly op: 'create' | 'update' | 'delete';
  readonly uid: string;
  readonly data: Readonly<Record<string, unknown>>;
};

const newProfile = {
  displayName: 'Newcomer',
  createdAt: SERVER_TIME,
  bio: 'I make lamps.',
  links: ['https://example.com/me'],
  nameTerms: ['n', 'ne', 'new'],
  followerCount: 0,
  followingCount: 0,
};
const CREATE = 'profile: created with a bio, links, terms and zero counts';
const EDIT = 'profile: the member edits their bio and links';
const RENAME = 'profile: renamed with new name terms';
const KEEP_TERMS = 'profile: a bio edit keeps the name terms';
const { nameTerms: _terms, ...withoutTerms } = newProfile;
const creating = (data: Readonly<Record<string, unknown>>): ProfileKnobs => ({
  actor: 'fan',
  op: 'create',
  uid: 'fan',
  data,
});
const editing = (data: Readonly<Record<string, unknown>>): ProfileKnobs => ({
  actor: 'other',
  op: 'update',
  uid: 'other',
  data,
});
const edit = { bio: 'New bio.', links: ['https://example.com/a', 'http://example.com/b'] };
const url = (n: number) => `https://example.com/${n}`;

export const PROFILE_CASES: readonly Case<ProfileKnobs>[] = [
  ruleCase(CREATE, 'ALLOW', creating(newProfile)),
  ruleCase(
    'profile: created with followers',
    'DENY',
    creating({ ...newProfile, followerCount: 3 }),
    CREATE,
  ),
  ruleCase(
    'profile: created following people',
    'DENY',
    creating({ ...newProfile, followingCount: 3 }),
    CREATE,
  ),
  ruleCase(
    'profile: created naming a follow',
    'DENY',
    creating({ ...newProfile, lastFollowingWrite: 'owner' }),
    CREATE,
  ),
  ruleCase('profile: created without name terms', 'DENY', creating(withoutTerms), CREATE),
  ruleCase(EDIT, 'ALLOW', editing(edit)),
  ruleCase(
    RENAME,
    'ALLOW',
    editing({ displayName: 'Otto', nameTerms: ['o', 'ot', 'ott', 'otto'] }),
  ),
  ruleCase('profile: renamed without name terms', 'DENY', editing({ displayName: 'Otto' }), RENAME),
  ruleCase(KEEP_TERMS, 'ALLOW', { ...editing(edit), world: 'with-terms' }),
  ruleCase(
    'profile: name terms removed',
    'DENY',
    { ...editing({ ...edit, nameTerms: DELETE }), world: 'with-terms' },
    KEEP_TERMS,
  ),
  ruleCase('profile: a bio of 300 characters', 'ALLOW', editing({ bio: chars(300, 'é') })),
  ruleCase(
    'profile: a bio of 301 characters',
    'DENY',
    editing({ bio: chars(301, 'é') }),
    'profile: a bio of 300 characters',
  ),
  ruleCase('profile: an untrimmed bio', 'DENY', editing({ ...edit, bio: ' New bio. ' }), EDIT),
  ruleCase('profile: three links', 'ALLOW', editing({ links: [url(1), url(2), url(3)] })),
  ruleCase(
    'profile: four links',
    'DENY',
    editing({ links: [url(1), url(2), url(3), url(4)] }),
    'profile: three links',
  ),
  ruleCase(
    'profile: a javascript: link',
    'DENY',
    editing({ ...edit, links: ['javascript:alert(1)'] }),
    EDIT,
  ),
  ruleCase('profile: links not a list', 'DENY', editing({ ...edit, links: url(1) }), EDIT),
  ruleCase('profile: new name terms', 'ALLOW', editing({ nameTerms: ['o', 'ot', 'oth'] })),
  ruleCase(
    'profile: an upper-case name term',
    'DENY',
    editing({ nameTerms: ['o', 'Ot'] }),
    'profile: new name terms',
  ),
  ruleCase(
    'profile: setting their own followerCount',
    'DENY',
    editing({ ...edit, followerCount: 1000 }),
    EDIT,
  ),
  ruleCase(
    'profile: setting their own followingCount',
    'DENY',
    editing({ ...edit, followingCount: 5 }),
    EDIT,
  ),
  ruleCase(
    "profile: another member edits someone's bio",
    'DENY',
    { ...editing(edit), actor: 'fan' },
    EDIT,
  ),
];

function runProfile(suite: RulesSuite, knobs: ProfileKnobs): Promise<void> {
  const db = suite.db(knobs.actor);
  const reference = doc(db, `users/${knobs.uid}`);
  const data = toSdk(knobs.data, knobs.actor) as Record<string, unknown>;
  if (knobs.op === 'create') return setDoc(reference, data);
  if (knobs.op === 'update') return updateDoc(reference, data);
  return deleteDoc(reference);
}

describeRuleCases('firestore.rules: follows and profiles', [
  caseGroup({
    cases: FOLLOW_CASES,
    world: (knobs) => {
      if (knobs.world === 'none') return audienceWorld();
      const world = followingWorld();
      if (knobs.world === 'followed-gone') delete world['users/owner'];
      return world;
    },
    run: runFollow,
  }),
  caseGroup({
    cases: PROFILE_CASES,
    world: (knobs) => {
      // A create starts from a world where the fan has no profile yet.
      const world = audienceWorld();
      if (knobs.op === 'create') delete world['users/fan'];
      if (knobs.world === 'with-terms')
        world['users/other'] = profile('Other', { nameTerms: ['o', 'ot', 'oth', 'othe', 'other'] });
      return world;
    },
    run: runProfile,
  }),
]);
