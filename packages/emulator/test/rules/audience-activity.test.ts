// Activity against firestore.rules: written by the actor only in the batch of the action it
// reports (a like, a comment, a follow), for someone else; read, marked read and deleted only by
// its recipient.
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  serverTimestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { PUBLISHED_TITLE, audienceWorld } from './audience-support.js';
import {
  DELETE,
  EARLIER,
  PUBLISHED,
  SELF,
  SERVER_TIME,
  toSdk,
  withChanges,
  type Actor,
  type Case,
  type RulesSuite,
  ruleCase,
  caseGroup,
  describeRuleCases,
} from './support.js';

// ---- written with the action ----------------------------------------------------------------

type WriteKnobs = {
  readonly actor: Actor;
  /** The action in the same batch: `other` likes or comments on the published showcase, or
   *  follows `owner`; 'none' writes the activity alone. */
  readonly action: 'like' | 'comment' | 'follow' | 'none';
  /** 'fresh': no activity yet; 'reported': the like's activity exists (read) from before. */
  readonly world: 'fresh' | 'reported';
  readonly recipient: string;
  /** Activity document id; null writes none. */
  readonly id: string | null;
  readonly data: Readonly<Record<string, unknown>>;
};

const likeData = {
  type: 'like',
  actorUid: SELF,
  actorName: 'Other',
  showcaseId: 'pub',
  showcaseTitle: PUBLISHED_TITLE,
  createdAt: SERVER_TIME,
  read: false,
};
const liked: WriteKnobs = {
  actor: 'other',
  action: 'like',
  world: 'fresh',
  recipient: 'owner',
  id: 'like_pub_other',
  data: likeData,
};
const commented: WriteKnobs = {
  ...liked,
  action: 'comment',
  id: 'comment_new',
  data: { ...likeData, type: 'comment' },
};
const followed: WriteKnobs = {
  ...liked,
  action: 'follow',
  id: 'follow_other',
  data: withChanges(likeData, { type: 'follow', showcaseId: DELETE, showcaseTitle: DELETE }),
};
const ownComment: WriteKnobs = {
  ...commented,
  actor: 'owner',
  recipient: 'owner',
  id: null,
  data: { ...commented.data, actorName: 'Owner' },
};

const LIKE = 'like: reported to the showcase’s owner';
const COMMENT = 'comment: reported to the showcase’s owner';
const FOLLOW = 'follow: reported to the followed member';
const OWN = 'comment: the owner comments on their own showcase, reporting nothing';
const AGAIN = 'like: a like after an unlike rewrites its activity';

export const WRITE_CASES: readonly Case<WriteKnobs>[] = [
  ruleCase(LIKE, 'ALLOW', liked),
  ruleCase('like: an activity without the like', 'DENY', { ...liked, action: 'none' }, LIKE),
  ruleCase('like: to someone else', 'DENY', { ...liked, recipient: 'fan' }, LIKE),
  ruleCase('like: under another id', 'DENY', { ...liked, id: 'like_pub_fan' }, LIKE),
  ruleCase(
    'like: naming another actor',
    'DENY',
    { ...liked, data: { ...likeData, actorUid: 'fan' } },
    LIKE,
  ),
  ruleCase(
    'like: with another title',
    'DENY',
    { ...liked, data: { ...likeData, showcaseTitle: 'Free prizes' } },
    LIKE,
  ),
  ruleCase('like: already read', 'DENY', { ...liked, data: { ...likeData, read: true } }, LIKE),
  ruleCase(
    'like: a client createdAt',
    'DENY',
    { ...liked, data: { ...likeData, createdAt: EARLIER } },
    LIKE,
  ),
  ruleCase(
    'like: an extra key',
    'DENY',
    { ...liked, data: { ...likeData, url: 'https://evil.example' } },
    LIKE,
  ),
  ruleCase(
    'like: an actor name of 81 characters',
    'DENY',
    { ...liked, data: { ...likeData, actorName: 'x'.repeat(81) } },
    LIKE,
  ),
  ruleCase(
    'like: reported as a comment',
    'DENY',
    { ...liked, data: { ...likeData, type: 'comment' } },
    LIKE,
  ),
  ruleCase(AGAIN, 'ALLOW', { ...liked, world: 'reported' }),
  ruleCase(
    'like: marking its activity unread again without a new like',
    'DENY',
    { ...liked, world: 'reported', action: 'none' },
    AGAIN,
  ),
  ruleCase(COMMENT, 'ALLOW', commented),
  ruleCase(
    'comment: an activity without the comment',
    'DENY',
    { ...commented, action: 'none' },
    COMMENT,
  ),
  ruleCase(
    'comment: under an older comment’s id',
    'DENY',
    { ...commented, id: 'comment_c1' },
    COMMENT,
  ),
  ruleCase('comment: to someone else', 'DENY', { ...commented, recipient: 'fan' }, COMMENT),
  ruleCase(OWN, 'ALLOW', ownComment),
  ruleCase(
    'comment: the owner reports their own comment to themself',
    'DENY',
    { ...ownComment, id: 'comment_new' },
    OWN,
  ),
  ruleCase(FOLLOW, 'ALLOW', followed),
  ruleCase(
    'follow: an activity without the follow',
    'DENY',
    { ...followed, action: 'none' },
    FOLLOW,
  ),
  ruleCase('follow: to someone else', 'DENY', { ...followed, recipient: 'fan' }, FOLLOW),
  ruleCase('follow: under another id', 'DENY', { ...followed, id: 'follow_fan' }, FOLLOW),
  ruleCase(
    'follow: naming a showcase',
    'DENY',
    { ...followed, data: { ...followed.data, showcaseId: 'pub' } },
    FOLLOW,
  ),
  ruleCase('follow: by a guest', 'DENY', { ...followed, actor: 'guest' }, FOLLOW),
];

function runWrite(suite: RulesSuite, knobs: WriteKnobs): Promise<void> {
  const db = suite.db(knobs.actor);
  const batch = writeBatch(db);
  const showcase = doc(db, PUBLISHED);
  const me = knobs.actor;
  if (knobs.action === 'like') {
    batch.set(doc(db, `${PUBLISHED}/likes/${me}`), { createdAt: serverTimestamp() });
    batch.update(showcase, { likeCount: increment(1) });
  }
  if (knobs.action === 'comment') {
    batch.set(doc(db, `${PUBLISHED}/comments/new`), {
      authorUid: me,
      authorName: me === 'owner' ? 'Owner' : 'Other',
      text: 'Nice work.',
      createdAt: serverTimestamp(),
    });
    batch.update(showcase, { commentCount: increment(1), lastCommentWrite: 'new' });
  }
  if (knobs.action === 'follow') {
    batch.set(doc(db, `users/${me}/following/owner`), { createdAt: serverTimestamp() });
    batch.set(doc(db, `users/owner/followers/${me}`), { createdAt: serverTimestamp() });
    batch.update(doc(db, `users/${me}`), {
      followingCount: increment(1),
      lastFollowingWrite: 'owner',
    });
    batch.update(doc(db, 'users/owner'), { followerCount: increment(1) });
  }
  if (knobs.id !== null)
    batch.set(
      doc(db, `users/${knobs.recipient}/activity/${knobs.id}`),
      toSdk(knobs.data, knobs.actor) as Record<string, unknown>,
    );
  return batch.commit();
}

function writeWorld(knobs: WriteKnobs): Record<string, Record<string, unknown>> {
  const world = audienceWorld();
  if (knobs.world === 'reported')
    world['users/owner/activity/like_pub_other'] = {
      ...likeData,
      actorUid: 'other',
      createdAt: EARLIER,
      read: true,
    };
  return world;
}

// ---- the recipient's --------------------------------------------------------------------------

const ACTIVITY = 'users/owner/activity/follow_fan';

type RecipientKnobs = {
  readonly actor: Actor;
  readonly op: 'get' | 'list' | 'update' | 'delete';
  /** get, update, delete: a document; list: a collection. */
  readonly path: string;
  readonly data: Readonly<Record<string, unknown>>;
};

const recipient = (
  name: string,
  expect: 'ALLOW' | 'DENY',
  knobs: Partial<RecipientKnobs>,
  twin?: string,
): Case<RecipientKnobs> => ({
  name,
  expect,
  ...(twin ? { twin } : {}),
  knobs: { actor: 'owner', op: 'get', path: ACTIVITY, data: {}, ...knobs },
});

const GET = 'recipient: reads an activity';
const LIST = 'recipient: lists their activity';
const MARK = 'recipient: marks an activity read';
const REMOVE = 'recipient: deletes an activity';

export const RECIPIENT_CASES: readonly Case<RecipientKnobs>[] = [
  recipient(GET, 'ALLOW', {}),
  recipient('recipient: the actor reads it', 'DENY', { actor: 'fan' }, GET),
  recipient('recipient: another member reads it', 'DENY', { actor: 'other' }, GET),
  recipient('recipient: a visitor reads it', 'DENY', { actor: 'visitor' }, GET),
  recipient(LIST, 'ALLOW', { op: 'list', path: 'users/owner/activity' }),
  recipient(
    "recipient: another member lists someone's activity",
    'DENY',
    { op: 'list', path: 'users/owner/activity', actor: 'other' },
    LIST,
  ),
  recipient(MARK, 'ALLOW', { op: 'update', data: { read: true } }),
  recipient(
    'recipient: marks an activity unread',
    'DENY',
    { op: 'update', data: { read: false } },
    MARK,
  ),
  recipient(
    'recipient: rewrites who acted',
    'DENY',
    { op: 'update', data: { read: true, actorName: 'Someone famous' } },
    MARK,
  ),
  recipient(
    'recipient: the actor marks it read',
    'DENY',
    { op: 'update', data: { read: true }, actor: 'fan' },
    MARK,
  ),
  recipient(REMOVE, 'ALLOW', { op: 'delete' }),
  recipient('recipient: the actor deletes it', 'DENY', { op: 'delete', actor: 'fan' }, REMOVE),
];

function runRecipient(suite: RulesSuite, knobs: RecipientKnobs): Promise<unknown> {
  const db = suite.db(knobs.actor);
  if (knobs.op === 'get') return getDoc(doc(db, knobs.path));
  if (knobs.op === 'list') return getDocs(collection(db, knobs.path));
  if (knobs.op === 'update') return updateDoc(doc(db, knobs.path), knobs.data);
  return deleteDoc(doc(db, knobs.path));
}

function recipientWorld(): Record<string, Record<string, unknown>> {
  return {
    ...audienceWorld(),
    [ACTIVITY]: {
      type: 'follow',
      actorUid: 'fan',
      actorName: 'Fan',
      createdAt: EARLIER,
      read: false,
    },
  };
}

describeRuleCases('firestore.rules: activity', [
  caseGroup({ cases: WRITE_CASES, world: writeWorld, run: runWrite }),
  caseGroup({ cases: RECIPIENT_CASES, world: recipientWorld, run: runRecipient }),
]);
