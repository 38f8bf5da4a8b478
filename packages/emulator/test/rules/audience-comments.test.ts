// Comments and their counter against firestore.rules: a comment and commentCount ±1 are one
// batch that names the comment (lastCommentWrite); comments are read with their showcase.
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  setDoc,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { it } from 'vitest';
import { COMMENT, DRAFT_COMMENT, audienceWorld } from './audience-support.js';
import {
  DELETE,
  DRAFT,
  EARLIER,
  PUBLISHED,
  SELF,
  SERVER_TIME,
  chars,
  storedShowcase,
  toSdk,
  withChanges,
  type Actor,
  type Case,
  type RulesSuite,
  ruleCase,
  caseGroup,
  describeRuleCases,
} from './support.js';

// ---- writes ---------------------------------------------------------------------------------

type CommentKnobs = {
  readonly actor: Actor;
  readonly showcase: string;
  /** What the batch does to the comment `commentId`. */
  readonly op: 'create' | 'delete' | 'none';
  readonly commentId: string;
  /** Increment written to commentCount; null writes no counter change. */
  readonly counter: number | null;
  /** lastCommentWrite written with the counter. */
  readonly pointer: string;
  readonly comment: Readonly<Record<string, unknown>>;
  /** A second new comment in the same batch. */
  readonly secondComment: boolean;
  /** Other showcase fields written with the counter. */
  readonly alsoChange: Readonly<Record<string, unknown>>;
  /** The batch also deletes the showcase. */
  readonly deleteShowcase: boolean;
};

const newComment = {
  authorUid: SELF,
  authorName: 'Other',
  text: 'Nice work.',
  createdAt: SERVER_TIME,
};
const commenting: CommentKnobs = {
  actor: 'other',
  showcase: PUBLISHED,
  op: 'create',
  commentId: 'new',
  counter: 1,
  pointer: 'new',
  comment: newComment,
  secondComment: false,
  alsoChange: {},
  deleteShowcase: false,
};
const withText = (text: unknown): CommentKnobs => ({
  ...commenting,
  comment: { ...newComment, text },
});
const uncommenting: CommentKnobs = {
  ...commenting,
  op: 'delete',
  commentId: 'c1',
  counter: -1,
  pointer: 'c1',
};

const ADD = 'comment: a member comments on a published showcase';
const OWN = 'comment: the owner comments on their own showcase';
const AT_LIMIT = 'comment: 1,000 characters';
const REMOVE = 'uncomment: the author deletes their comment';
const REMOVE_OWNER = "uncomment: the showcase's owner deletes a comment";
const WITH_SHOWCASE = 'uncomment: the owner deletes the showcase with its comment';

export const COMMENT_CASES: readonly Case<CommentKnobs>[] = [
  ruleCase(ADD, 'ALLOW', commenting),
  ruleCase(OWN, 'ALLOW', {
    ...commenting,
    actor: 'owner',
    comment: { ...newComment, authorName: 'Owner' },
  }),
  ruleCase(AT_LIMIT, 'ALLOW', withText(chars(1000, '💬'))),
  ruleCase('comment: 1,001 characters', 'DENY', withText(chars(1001, '💬')), AT_LIMIT),
  ruleCase('comment: several lines', 'ALLOW', withText('First line.\n\nSecond\tline.')),
  ruleCase('comment: empty text', 'DENY', withText(''), ADD),
  ruleCase('comment: untrimmed text', 'DENY', withText(' Nice work. '), ADD),
  ruleCase('comment: a control character', 'DENY', withText('Nice\u0007work.'), ADD),
  ruleCase('comment: text not a string', 'DENY', withText(42), ADD),
  ruleCase('comment: a comment without the +1', 'DENY', { ...commenting, counter: null }, ADD),
  ruleCase('comment: a lone +1 without a comment', 'DENY', { ...commenting, op: 'none' }, ADD),
  ruleCase('comment: +2 with one comment', 'DENY', { ...commenting, counter: 2 }, ADD),
  ruleCase('comment: −1 with a new comment', 'DENY', { ...commenting, counter: -1 }, ADD),
  ruleCase('comment: the +1 names an old comment', 'DENY', { ...commenting, pointer: 'c1' }, ADD),
  ruleCase(
    'comment: two comments with one +1',
    'DENY',
    { ...commenting, secondComment: true },
    ADD,
  ),
  ruleCase(
    'comment: the +1 also edits the title',
    'DENY',
    { ...commenting, alsoChange: { title: 'Hijacked' } },
    ADD,
  ),
  ruleCase(
    'comment: written for another author',
    'DENY',
    { ...commenting, comment: { ...newComment, authorUid: 'fan' } },
    ADD,
  ),
  ruleCase(
    'comment: a client createdAt',
    'DENY',
    { ...commenting, comment: { ...newComment, createdAt: EARLIER } },
    ADD,
  ),
  ruleCase(
    'comment: an extra key',
    'DENY',
    { ...commenting, comment: { ...newComment, likes: 100 } },
    ADD,
  ),
  ruleCase(
    'comment: without an author name',
    'DENY',
    { ...commenting, comment: withChanges(newComment, { authorName: DELETE }) },
    ADD,
  ),
  ruleCase(
    'comment: an author name of 81 characters',
    'DENY',
    { ...commenting, comment: { ...newComment, authorName: chars(81) } },
    ADD,
  ),
  ruleCase('comment: by a guest', 'DENY', { ...commenting, actor: 'guest' }, ADD),
  ruleCase('comment: by a visitor', 'DENY', { ...commenting, actor: 'visitor' }, ADD),
  ruleCase('comment: on a draft', 'DENY', { ...commenting, showcase: DRAFT }, ADD),
  ruleCase(REMOVE, 'ALLOW', uncommenting),
  ruleCase(REMOVE_OWNER, 'ALLOW', { ...uncommenting, actor: 'owner' }),
  ruleCase(
    "uncomment: another member deletes someone's comment",
    'DENY',
    { ...uncommenting, actor: 'fan' },
    REMOVE,
  ),
  ruleCase(
    "uncomment: a guest deletes someone's comment",
    'DENY',
    { ...uncommenting, actor: 'guest' },
    REMOVE,
  ),
  ruleCase(
    'uncomment: deleting without the −1',
    'DENY',
    { ...uncommenting, counter: null },
    REMOVE,
  ),
  ruleCase(
    'uncomment: a lone −1 keeping the comment',
    'DENY',
    { ...uncommenting, op: 'none' },
    REMOVE,
  ),
  ruleCase('uncomment: −2 with one comment', 'DENY', { ...uncommenting, counter: -2 }, REMOVE),
  ruleCase(
    'uncomment: the −1 names another comment',
    'DENY',
    { ...uncommenting, pointer: 'gone' },
    REMOVE,
  ),
  ruleCase(WITH_SHOWCASE, 'ALLOW', {
    ...uncommenting,
    actor: 'owner',
    counter: null,
    deleteShowcase: true,
  }),
  ruleCase(
    "uncomment: the author deletes it with someone's showcase",
    'DENY',
    { ...uncommenting, counter: null, deleteShowcase: true },
    WITH_SHOWCASE,
  ),
];

function runComment(suite: RulesSuite, knobs: CommentKnobs): Promise<void> {
  const db = suite.db(knobs.actor);
  const batch = writeBatch(db);
  const showcase = doc(db, knobs.showcase);
  if (knobs.counter !== null) {
    const changes = toSdk(knobs.alsoChange, knobs.actor) as Record<string, unknown>;
    batch.update(showcase, {
      commentCount: increment(knobs.counter),
      lastCommentWrite: knobs.pointer,
      ...changes,
    });
  }
  const comment = doc(db, `${knobs.showcase}/comments/${knobs.commentId}`);
  const data = toSdk(knobs.comment, knobs.actor) as Record<string, unknown>;
  if (knobs.op === 'create') batch.set(comment, data);
  if (knobs.op === 'delete') batch.delete(comment);
  if (knobs.secondComment) batch.set(doc(db, `${knobs.showcase}/comments/second`), data);
  if (knobs.deleteShowcase) batch.delete(showcase);
  return batch.commit();
}

// ---- the showcase's own writes keep the counter -----------------------------------------------

type ShowcaseKnobs = {
  readonly actor: Actor;
  readonly op: 'create' | 'update';
  readonly data: Readonly<Record<string, unknown>>;
};

const newShowcase = {
  ...storedShowcase(SELF as unknown as string, 'published'),
  ownerUid: SELF,
  createdAt: SERVER_TIME,
  updatedAt: SERVER_TIME,
};
const CREATE = 'showcase: created with no comments';
const EDIT = 'showcase: the owner edits a commented showcase';

export const SHOWCASE_CASES: readonly Case<ShowcaseKnobs>[] = [
  { name: CREATE, expect: 'ALLOW', knobs: { actor: 'owner', op: 'create', data: newShowcase } },
  {
    name: 'showcase: created with commentCount 0',
    expect: 'ALLOW',
    knobs: { actor: 'owner', op: 'create', data: { ...newShowcase, commentCount: 0 } },
  },
  {
    name: 'showcase: created with commentCount 5',
    expect: 'DENY',
    twin: CREATE,
    knobs: { actor: 'owner', op: 'create', data: { ...newShowcase, commentCount: 5 } },
  },
  {
    name: 'showcase: created naming a comment',
    expect: 'DENY',
    twin: CREATE,
    knobs: { actor: 'owner', op: 'create', data: { ...newShowcase, lastCommentWrite: 'c1' } },
  },
  {
    name: EDIT,
    expect: 'ALLOW',
    knobs: { actor: 'owner', op: 'update', data: { title: 'Renamed', updatedAt: SERVER_TIME } },
  },
  {
    name: 'showcase: the owner resets commentCount with an edit',
    expect: 'DENY',
    twin: EDIT,
    knobs: {
      actor: 'owner',
      op: 'update',
      data: { title: 'Renamed', updatedAt: SERVER_TIME, commentCount: 0 },
    },
  },
  {
    name: 'showcase: the owner removes lastCommentWrite with an edit',
    expect: 'DENY',
    twin: EDIT,
    knobs: {
      actor: 'owner',
      op: 'update',
      data: { title: 'Renamed', updatedAt: SERVER_TIME, lastCommentWrite: DELETE },
    },
  },
];

function runShowcase(suite: RulesSuite, knobs: ShowcaseKnobs): Promise<void> {
  const db = suite.db(knobs.actor);
  const data = toSdk(knobs.data, knobs.actor) as Record<string, unknown>;
  if (knobs.op === 'create') return setDoc(doc(db, 'showcases/created'), data);
  return updateDoc(doc(db, PUBLISHED), data);
}

// ---- reads ----------------------------------------------------------------------------------

type ReadKnobs = { readonly actor: Actor; readonly op: 'get' | 'list'; readonly path: string };

const read = (
  name: string,
  expect: 'ALLOW' | 'DENY',
  knobs: ReadKnobs,
  twin?: string,
): Case<ReadKnobs> => ({ name, expect, ...(twin ? { twin } : {}), knobs });
const LIST = 'read: a visitor lists a published showcase’s comments';
const LIST_DRAFT = 'read: the owner lists their draft’s comments';
const GET_DRAFT = 'read: the author gets their comment on a draft';

export const READ_CASES: readonly Case<ReadKnobs>[] = [
  read(LIST, 'ALLOW', { actor: 'visitor', op: 'list', path: `${PUBLISHED}/comments` }),
  read('read: a visitor gets a comment', 'ALLOW', { actor: 'visitor', op: 'get', path: COMMENT }),
  read(
    'read: a visitor lists a draft’s comments',
    'DENY',
    { actor: 'visitor', op: 'list', path: `${DRAFT}/comments` },
    LIST,
  ),
  read(LIST_DRAFT, 'ALLOW', { actor: 'owner', op: 'list', path: `${DRAFT}/comments` }),
  read(
    'read: another member lists a draft’s comments',
    'DENY',
    { actor: 'fan', op: 'list', path: `${DRAFT}/comments` },
    LIST_DRAFT,
  ),
  read(GET_DRAFT, 'ALLOW', { actor: 'other', op: 'get', path: DRAFT_COMMENT }),
  read(
    'read: another member gets a comment on a draft',
    'DENY',
    { actor: 'fan', op: 'get', path: DRAFT_COMMENT },
    GET_DRAFT,
  ),
];

function runRead(suite: RulesSuite, knobs: ReadKnobs): Promise<unknown> {
  const db = suite.db(knobs.actor);
  return knobs.op === 'get' ? getDoc(doc(db, knobs.path)) : getDocs(collection(db, knobs.path));
}

describeRuleCases(
  'firestore.rules: comments',
  [
    caseGroup({ cases: COMMENT_CASES, world: audienceWorld, run: runComment }),
    caseGroup({ cases: SHOWCASE_CASES, world: audienceWorld, run: runShowcase }),
    caseGroup({ cases: READ_CASES, world: audienceWorld, run: runRead }),
  ],
  (suite) => {
    it('deletes nothing but what the batch names: a plain delete of a comment is refused', async () => {
      await suite().reset(audienceWorld());
      await suite().check('DENY', () => deleteDoc(doc(suite().db('other'), COMMENT)));
    });
  },
);
