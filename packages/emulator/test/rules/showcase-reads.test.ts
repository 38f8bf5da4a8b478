// Who may read showcases, likes and profiles (get and list), against firestore.rules.
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  where,
  type QueryConstraint,
  type WhereFilterOp,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRAFT,
  EARLIER,
  PUBLISHED,
  likedWorld,
  startRulesSuite,
  twinProblems,
  type Actor,
  type Case,
  type RulesSuite,
} from './support.js';

type ReadKnobs = {
  readonly actor: Actor;
  readonly op: 'get' | 'list';
  /** get: a document path; list: a collection path. */
  readonly path: string;
  readonly where?: readonly (readonly [string, WhereFilterOp, unknown])[];
  readonly orderBy?: readonly (readonly [string, 'asc' | 'desc'])[];
  readonly limit?: number;
};

const get = (actor: Actor, path: string): ReadKnobs => ({ actor, op: 'get', path });
const gallery = (actor: Actor, extra: Partial<ReadKnobs> = {}): ReadKnobs => ({
  actor,
  op: 'list',
  path: 'showcases',
  where: [['status', '==', 'published']],
  orderBy: [['createdAt', 'desc']],
  limit: 24,
  ...extra,
});
const mine = (actor: Actor, uid: string, extra: Partial<ReadKnobs> = {}): ReadKnobs => ({
  actor,
  op: 'list',
  path: 'showcases',
  where: [['ownerUid', '==', uid]],
  orderBy: [['updatedAt', 'desc']],
  ...extra,
});

const LIKES = `${PUBLISHED}/likes`;
const DRAFT_LIKES = `${DRAFT}/likes`;

export const READ_CASES: readonly Case<ReadKnobs>[] = [
  // get: published showcases are for everyone, signed in or not; drafts for their owner only.
  { name: 'guest gets a published showcase', expect: 'ALLOW', knobs: get('guest', PUBLISHED) },
  { name: 'owner gets their published showcase', expect: 'ALLOW', knobs: get('owner', PUBLISHED) },
  {
    name: 'other member gets a published showcase',
    expect: 'ALLOW',
    knobs: get('other', PUBLISHED),
  },
  { name: 'visitor gets a published showcase', expect: 'ALLOW', knobs: get('visitor', PUBLISHED) },
  { name: 'owner gets their draft', expect: 'ALLOW', knobs: get('owner', DRAFT) },
  {
    name: 'other member gets a draft',
    expect: 'DENY',
    twin: 'owner gets their draft',
    knobs: get('other', DRAFT),
  },
  {
    name: 'guest gets a draft',
    expect: 'DENY',
    twin: 'owner gets their draft',
    knobs: get('guest', DRAFT),
  },
  {
    name: 'visitor gets a draft',
    expect: 'DENY',
    twin: 'owner gets their draft',
    knobs: get('visitor', DRAFT),
  },
  {
    name: 'guest gets a missing showcase (not-found state)',
    expect: 'ALLOW',
    knobs: get('guest', 'showcases/missing'),
  },
  {
    name: 'visitor gets a missing showcase (not-found state)',
    expect: 'ALLOW',
    knobs: get('visitor', 'showcases/missing'),
  },

  // list: queries must prove what they return is readable (rules are not filters).
  { name: 'guest lists the gallery', expect: 'ALLOW', knobs: gallery('guest') },
  { name: 'other member lists the gallery', expect: 'ALLOW', knobs: gallery('other') },
  { name: 'visitor lists the gallery', expect: 'ALLOW', knobs: gallery('visitor') },
  {
    name: 'visitor lists showcases without a status filter',
    expect: 'DENY',
    twin: 'visitor lists the gallery',
    knobs: gallery('visitor', { where: [] }),
  },
  {
    name: 'visitor lists drafts',
    expect: 'DENY',
    twin: 'visitor lists the gallery',
    knobs: gallery('visitor', { where: [['status', '==', 'draft']] }),
  },
  {
    name: 'guest lists showcases without a status filter',
    expect: 'DENY',
    twin: 'guest lists the gallery',
    knobs: gallery('guest', { where: [] }),
  },
  {
    name: 'other member lists drafts',
    expect: 'DENY',
    twin: 'other member lists the gallery',
    knobs: gallery('other', { where: [['status', '==', 'draft']] }),
  },
  {
    name: 'guest lists the gallery by likes',
    expect: 'ALLOW',
    knobs: gallery('guest', {
      orderBy: [
        ['likeCount', 'desc'],
        ['createdAt', 'desc'],
      ],
    }),
  },
  {
    name: 'guest lists the gallery by tag',
    expect: 'ALLOW',
    knobs: gallery('guest', {
      where: [
        ['status', '==', 'published'],
        ['tags', 'array-contains', 'web'],
      ],
    }),
  },
  {
    name: 'guest lists the gallery by tag and likes',
    expect: 'ALLOW',
    knobs: gallery('guest', {
      where: [
        ['status', '==', 'published'],
        ['tags', 'array-contains', 'web'],
      ],
      orderBy: [
        ['likeCount', 'desc'],
        ['createdAt', 'desc'],
      ],
    }),
  },
  {
    name: 'guest lists by tag without a status filter',
    expect: 'DENY',
    twin: 'guest lists the gallery by tag',
    knobs: gallery('guest', { where: [['tags', 'array-contains', 'web']] }),
  },
  {
    name: 'guest lists status in [published]',
    expect: 'ALLOW',
    knobs: gallery('guest', { where: [['status', 'in', ['published']]] }),
  },
  {
    name: 'guest lists status in [published, draft]',
    expect: 'DENY',
    twin: 'guest lists status in [published]',
    knobs: gallery('guest', { where: [['status', 'in', ['published', 'draft']]] }),
  },
  {
    name: 'guest lists the gallery by status',
    expect: 'ALLOW',
    knobs: gallery('guest', { orderBy: [['status', 'asc']] }),
  },
  {
    name: 'guest lists status != draft',
    expect: 'DENY',
    twin: 'guest lists the gallery by status',
    knobs: gallery('guest', { where: [['status', '!=', 'draft']], orderBy: [['status', 'asc']] }),
  },
  {
    name: 'owner lists their showcases with drafts',
    expect: 'ALLOW',
    knobs: mine('owner', 'owner'),
  },
  {
    name: "other member lists the owner's showcases with drafts",
    expect: 'DENY',
    twin: 'owner lists their showcases with drafts',
    knobs: mine('other', 'owner'),
  },
  {
    name: 'guest lists their own (empty) showcases',
    expect: 'ALLOW',
    knobs: mine('guest', 'guest'),
  },
  {
    name: "other member lists the owner's published showcases (profile page)",
    expect: 'ALLOW',
    knobs: mine('other', 'owner', {
      where: [
        ['ownerUid', '==', 'owner'],
        ['status', '==', 'published'],
      ],
      orderBy: [['createdAt', 'desc']],
    }),
  },
  {
    name: "visitor lists the owner's published showcases (profile page)",
    expect: 'ALLOW',
    knobs: mine('visitor', 'owner', {
      where: [
        ['ownerUid', '==', 'owner'],
        ['status', '==', 'published'],
      ],
      orderBy: [['createdAt', 'desc']],
    }),
  },
  {
    name: "visitor lists the owner's showcases with drafts",
    expect: 'DENY',
    twin: 'owner lists their showcases with drafts',
    knobs: mine('visitor', 'owner'),
  },

  // The likes of a published showcase are public; a draft's likes stay with its owner and
  // each liker's own like document.
  { name: 'guest gets a like', expect: 'ALLOW', knobs: get('guest', `${LIKES}/other`) },
  { name: 'visitor gets a like', expect: 'ALLOW', knobs: get('visitor', `${LIKES}/other`) },
  {
    name: 'member lists likes',
    expect: 'ALLOW',
    knobs: { actor: 'other', op: 'list', path: LIKES },
  },
  {
    name: 'visitor lists likes',
    expect: 'ALLOW',
    knobs: { actor: 'visitor', op: 'list', path: LIKES },
  },
  {
    name: 'owner gets a like of their draft',
    expect: 'ALLOW',
    knobs: get('owner', `${DRAFT_LIKES}/other`),
  },
  {
    name: 'liker gets their own like of a draft',
    expect: 'ALLOW',
    knobs: get('other', `${DRAFT_LIKES}/other`),
  },
  {
    name: 'visitor gets a like of a draft',
    expect: 'DENY',
    twin: 'owner gets a like of their draft',
    knobs: get('visitor', `${DRAFT_LIKES}/other`),
  },
  {
    name: "member gets someone else's like of a draft",
    expect: 'DENY',
    twin: 'liker gets their own like of a draft',
    knobs: get('fan', `${DRAFT_LIKES}/other`),
  },
  {
    name: 'owner lists the likes of their draft',
    expect: 'ALLOW',
    knobs: { actor: 'owner', op: 'list', path: DRAFT_LIKES },
  },
  {
    name: 'visitor lists the likes of a draft',
    expect: 'DENY',
    twin: 'owner lists the likes of their draft',
    knobs: { actor: 'visitor', op: 'list', path: DRAFT_LIKES },
  },
  {
    name: 'liker lists the likes of a draft',
    expect: 'DENY',
    twin: 'owner lists the likes of their draft',
    knobs: { actor: 'other', op: 'list', path: DRAFT_LIKES },
  },

  // Public profiles are for everyone.
  { name: 'guest gets a profile', expect: 'ALLOW', knobs: get('guest', 'users/owner') },
  { name: 'visitor gets a profile', expect: 'ALLOW', knobs: get('visitor', 'users/owner') },
  {
    name: 'guest lists profiles',
    expect: 'ALLOW',
    knobs: { actor: 'guest', op: 'list', path: 'users' },
  },
  {
    name: 'visitor lists profiles',
    expect: 'ALLOW',
    knobs: { actor: 'visitor', op: 'list', path: 'users' },
  },
  {
    name: 'visitor gets an unknown collection',
    expect: 'DENY',
    twin: 'visitor gets a profile',
    knobs: get('visitor', 'secrets/owner'),
  },
  {
    name: 'member gets an unknown collection',
    expect: 'DENY',
    twin: 'other member gets a published showcase',
    knobs: get('other', 'secrets/pub'),
  },
];

function run(suite: RulesSuite, knobs: ReadKnobs): Promise<unknown> {
  const db = suite.db(knobs.actor);
  if (knobs.op === 'get') return getDoc(doc(db, knobs.path));
  const constraints: QueryConstraint[] = (knobs.where ?? []).map(([field, op, value]) =>
    where(field, op, value),
  );
  for (const [field, direction] of knobs.orderBy ?? []) constraints.push(orderBy(field, direction));
  if (knobs.limit !== undefined) constraints.push(limit(knobs.limit));
  return getDocs(query(collection(db, knobs.path), ...constraints));
}

describe('firestore.rules: reads', () => {
  let suite: RulesSuite;
  beforeAll(async () => {
    suite = await startRulesSuite();
    // A like left on a draft (made while it was published, before it was unpublished).
    await suite.reset({ ...likedWorld(), [`${DRAFT_LIKES}/other`]: { createdAt: EARLIER } });
  });
  afterAll(() => suite.close());

  it('pairs every DENY with an ALLOW twin that differs in one knob', () => {
    expect(twinProblems(READ_CASES)).toEqual([]);
  });

  it.each(READ_CASES.map((c) => [c.expect, c.name, c] as const))('%s: %s', async (_e, _n, c) => {
    await suite.check(c.expect, () => run(suite, c.knobs));
  });
});
