// Deleting a showcase with more likes and comments than fit in its batch (500 writes): the
// batch that deletes the showcase records the deletion (showcaseDeletions/{id}), and the record
// lets its owner, and only them, list and delete the leftovers and then the record itself; no
// showcase may be created under that id until then.
// Deleting an account: a member finds their own comments everywhere with a collection-group
// query.
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDocs,
  query,
  setDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import {
  EARLIER,
  PUBLISHED,
  SELF,
  SERVER_TIME,
  baseWorld,
  newShowcase,
  storedShowcase,
  toSdk,
  type Actor,
  type Case,
  type RulesSuite,
  ruleCase,
  caseGroup,
  describeRuleCases,
} from './support.js';

const RECORD = 'showcaseDeletions/pub';
const LIKE = `${PUBLISHED}/likes/other`;
const COMMENT = `${PUBLISHED}/comments/c1`;

/** The published showcase with a like and a comment by `other`. */
function likedAndCommented(): Record<string, Record<string, unknown>> {
  return {
    ...baseWorld(),
    [PUBLISHED]: { ...storedShowcase('owner', 'published'), likeCount: 1, commentCount: 1 },
    [LIKE]: { createdAt: EARLIER },
    [COMMENT]: { authorUid: 'other', authorName: 'Other', text: 'Nice.', createdAt: EARLIER },
  };
}

/** After the first batch: the showcase gone, the leftovers there, recorded (or not). */
function leftovers(recorded: boolean): Record<string, Record<string, unknown>> {
  const { [PUBLISHED]: _gone, ...world } = likedAndCommented();
  return recorded ? { ...world, [RECORD]: { ownerUid: 'owner', createdAt: EARLIER } } : world;
}

// ---- the batch that deletes the showcase and records it ---------------------------------------

type StartKnobs = {
  readonly actor: Actor;
  readonly deleteShowcase: boolean;
  readonly record: Readonly<Record<string, unknown>>;
};

const starting: StartKnobs = {
  actor: 'owner',
  deleteShowcase: true,
  record: { ownerUid: SELF, createdAt: SERVER_TIME },
};
const START = 'record: the owner deletes the showcase and records the deletion';

const START_CASES: readonly Case<StartKnobs>[] = [
  ruleCase(START, 'ALLOW', starting),
  ruleCase(
    'record: written while the showcase is kept',
    'DENY',
    { ...starting, deleteShowcase: false },
    START,
  ),
  ruleCase(
    'record: naming another owner',
    'DENY',
    { ...starting, record: { ownerUid: 'other', createdAt: SERVER_TIME } },
    START,
  ),
  ruleCase(
    'record: with a client createdAt',
    'DENY',
    { ...starting, record: { ownerUid: SELF, createdAt: EARLIER } },
    START,
  ),
  ruleCase(
    'record: with an extra key',
    'DENY',
    { ...starting, record: { ownerUid: SELF, createdAt: SERVER_TIME, note: 'x' } },
    START,
  ),
  ruleCase(
    "record: another member deletes someone's showcase",
    'DENY',
    { ...starting, actor: 'fan' },
    START,
  ),
  ruleCase('record: a guest', 'DENY', { ...starting, actor: 'guest' }, START),
];

function runStart(suite: RulesSuite, knobs: StartKnobs): Promise<void> {
  const db = suite.db(knobs.actor);
  const batch = writeBatch(db);
  batch.set(doc(db, RECORD), toSdk(knobs.record, knobs.actor) as Record<string, unknown>);
  if (knobs.deleteShowcase) batch.delete(doc(db, PUBLISHED));
  return batch.commit();
}

// ---- the leftovers and the record, afterwards --------------------------------------------------

type LeftoverKnobs = {
  readonly actor: Actor;
  readonly recorded: boolean;
  readonly op:
    'delete-like' | 'delete-comment' | 'list-likes' | 'list-comments' | 'list-records' | 'close';
};

const finishing: LeftoverKnobs = { actor: 'owner', recorded: true, op: 'delete-like' };
const LIKE_LEFT = 'leftovers: the owner deletes a like past the batch';
const COMMENT_LEFT = 'leftovers: the owner deletes a comment past the batch';
const LIST_LIKES = 'leftovers: the owner lists the likes left';
const LIST_COMMENTS = 'leftovers: the owner lists the comments left';
const LIST_RECORDS = 'record: the owner lists their unfinished deletions';
const CLOSE = 'record: the owner deletes the record with the last leftovers';

const LEFTOVER_CASES: readonly Case<LeftoverKnobs>[] = [
  ruleCase(LIKE_LEFT, 'ALLOW', finishing),
  ruleCase(
    'leftovers: a like with no record',
    'DENY',
    { ...finishing, recorded: false },
    LIKE_LEFT,
  ),
  ruleCase(
    "leftovers: another member deletes someone's leftover like",
    'DENY',
    { ...finishing, actor: 'fan' },
    LIKE_LEFT,
  ),
  ruleCase(COMMENT_LEFT, 'ALLOW', { ...finishing, op: 'delete-comment' }),
  ruleCase(
    'leftovers: a comment with no record',
    'DENY',
    { ...finishing, op: 'delete-comment', recorded: false },
    COMMENT_LEFT,
  ),
  ruleCase(
    "leftovers: another member deletes someone's leftover comment",
    'DENY',
    { ...finishing, op: 'delete-comment', actor: 'fan' },
    COMMENT_LEFT,
  ),
  ruleCase(LIST_LIKES, 'ALLOW', { ...finishing, op: 'list-likes' }),
  ruleCase(
    'leftovers: another member lists the likes left',
    'DENY',
    { ...finishing, op: 'list-likes', actor: 'fan' },
    LIST_LIKES,
  ),
  ruleCase(LIST_COMMENTS, 'ALLOW', { ...finishing, op: 'list-comments' }),
  ruleCase(
    'leftovers: the owner lists comments left with no record',
    'DENY',
    { ...finishing, op: 'list-comments', recorded: false },
    LIST_COMMENTS,
  ),
  ruleCase(LIST_RECORDS, 'ALLOW', { ...finishing, op: 'list-records' }),
  ruleCase(
    "record: another member lists someone's deletions",
    'DENY',
    { ...finishing, op: 'list-records', actor: 'fan' },
    LIST_RECORDS,
  ),
  ruleCase(CLOSE, 'ALLOW', { ...finishing, op: 'close' }),
  ruleCase(
    "record: another member deletes someone's record",
    'DENY',
    { ...finishing, op: 'close', actor: 'fan' },
    CLOSE,
  ),
  ruleCase(
    'record: a guest deletes a record',
    'DENY',
    { ...finishing, op: 'close', actor: 'guest' },
    CLOSE,
  ),
];

async function runLeftover(suite: RulesSuite, knobs: LeftoverKnobs): Promise<unknown> {
  const db = suite.db(knobs.actor);
  switch (knobs.op) {
    case 'delete-like':
      return deleteDoc(doc(db, LIKE));
    case 'delete-comment':
      return deleteDoc(doc(db, COMMENT));
    case 'list-likes':
      return getDocs(collection(db, `${PUBLISHED}/likes`));
    case 'list-comments':
      return getDocs(collection(db, `${PUBLISHED}/comments`));
    case 'list-records':
      return getDocs(query(collection(db, 'showcaseDeletions'), where('ownerUid', '==', 'owner')));
    case 'close':
      return deleteDoc(doc(db, RECORD));
  }
}

// ---- a new showcase under the id of a deleted one ------------------------------------------------

type RecreateKnobs = { readonly recorded: boolean };

const RECREATE = 'recreate: the owner creates a showcase under the id of a finished deletion';
const RECREATE_CASES: readonly Case<RecreateKnobs>[] = [
  ruleCase(RECREATE, 'ALLOW', { recorded: false }),
  // It would start with the old one's likes and comments still under it, and its counters at 0.
  ruleCase(
    'recreate: under the id of an unfinished deletion',
    'DENY',
    { recorded: true },
    RECREATE,
  ),
];

function runRecreate(suite: RulesSuite): Promise<void> {
  const db = suite.db('owner');
  return setDoc(doc(db, PUBLISHED), toSdk(newShowcase, 'owner') as Record<string, unknown>);
}

// ---- a member's own comments, everywhere ---------------------------------------------------------

type MyCommentsKnobs = { readonly actor: Actor; readonly author: string };

const MINE = 'comments: a member lists their own comments across showcases';
const MY_COMMENT_CASES: readonly Case<MyCommentsKnobs>[] = [
  ruleCase(MINE, 'ALLOW', { actor: 'other', author: 'other' }),
  ruleCase(
    "comments: a member lists someone else's comments across showcases",
    'DENY',
    { actor: 'fan', author: 'other' },
    MINE,
  ),
  ruleCase(
    'comments: a guest lists comments across showcases',
    'DENY',
    { actor: 'guest', author: 'other' },
    MINE,
  ),
];

function runMyComments(suite: RulesSuite, knobs: MyCommentsKnobs): Promise<unknown> {
  const db = suite.db(knobs.actor);
  return getDocs(query(collectionGroup(db, 'comments'), where('authorUid', '==', knobs.author)));
}

/** A comment by `other` on a draft too, which only the collection-group rule reaches. */
function commentsEverywhere(): Record<string, Record<string, unknown>> {
  return {
    ...likedAndCommented(),
    'showcases/draft/comments/c2': {
      authorUid: 'other',
      authorName: 'Other',
      text: 'Early.',
      createdAt: EARLIER,
    },
  };
}

describeRuleCases('firestore.rules: unfinished showcase deletions', [
  caseGroup({ cases: MY_COMMENT_CASES, world: commentsEverywhere, run: runMyComments }),
  caseGroup({ cases: START_CASES, world: likedAndCommented, run: runStart }),
  caseGroup({
    cases: LEFTOVER_CASES,
    world: (knobs) => leftovers(knobs.recorded),
    run: runLeftover,
  }),
  caseGroup({
    cases: RECREATE_CASES,
    world: (knobs) => leftovers(knobs.recorded),
    run: runRecreate,
  }),
]);
