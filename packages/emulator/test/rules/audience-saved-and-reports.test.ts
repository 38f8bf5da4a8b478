// Saved showcases (private to their owner, guests included) and reports (members create, nobody
// reads or changes one from a client) against firestore.rules.
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { audienceWorld } from './audience-support.js';
import {
  DELETE,
  EARLIER,
  SELF,
  SERVER_TIME,
  toSdk,
  withChanges,
  type Actor,
  type Case,
  type RulesSuite,
  caseGroup,
  describeRuleCases,
} from './support.js';

type Knobs = {
  readonly actor: Actor;
  readonly op: 'set' | 'get' | 'list' | 'update' | 'delete';
  /** A document (list: its collection); `{self}` stands for the actor's uid. */
  readonly path: string;
  readonly data: Readonly<Record<string, unknown>>;
};

const at = (
  name: string,
  expect: 'ALLOW' | 'DENY',
  base: Knobs,
  changes: Partial<Knobs> = {},
  twin?: string,
): Case<Knobs> => ({ name, expect, ...(twin ? { twin } : {}), knobs: { ...base, ...changes } });

// ---- saved ----------------------------------------------------------------------------------

const saving: Knobs = {
  actor: 'guest',
  op: 'set',
  path: 'users/{self}/saved/pub',
  data: { createdAt: SERVER_TIME },
};
const SAVE = 'saved: a guest saves a published showcase';
const OWN_DRAFT = 'saved: the owner saves their own draft';
const READ = 'saved: a guest reads their saved showcase';
const LIST = 'saved: a guest lists their saved showcases';
const UNSAVE = 'saved: a guest unsaves';
const SAVED_WORLD = 'users/guest/saved/pub';

export const SAVED_CASES: readonly Case<Knobs>[] = [
  at(SAVE, 'ALLOW', saving),
  at('saved: a member saves', 'ALLOW', saving, { actor: 'other' }),
  at('saved: a visitor saves', 'DENY', saving, { actor: 'visitor' }, SAVE),
  at('saved: into someone else’s list', 'DENY', saving, { path: 'users/other/saved/pub' }, SAVE),
  at('saved: a client createdAt', 'DENY', saving, { data: { createdAt: EARLIER } }, SAVE),
  at(
    'saved: an extra key',
    'DENY',
    saving,
    { data: { createdAt: SERVER_TIME, note: 'later' } },
    SAVE,
  ),
  at('saved: someone else’s draft', 'DENY', saving, { path: 'users/{self}/saved/draft' }, SAVE),
  at('saved: a missing showcase', 'DENY', saving, { path: 'users/{self}/saved/nothing' }, SAVE),
  at(OWN_DRAFT, 'ALLOW', saving, { actor: 'owner', path: 'users/{self}/saved/draft' }),
  at(READ, 'ALLOW', saving, { op: 'get', path: SAVED_WORLD }),
  at(
    'saved: another member reads it',
    'DENY',
    saving,
    { op: 'get', path: SAVED_WORLD, actor: 'other' },
    READ,
  ),
  at(
    'saved: a visitor reads it',
    'DENY',
    saving,
    { op: 'get', path: SAVED_WORLD, actor: 'visitor' },
    READ,
  ),
  at(LIST, 'ALLOW', saving, { op: 'list', path: SAVED_WORLD }),
  at(
    'saved: another member lists them',
    'DENY',
    saving,
    { op: 'list', path: SAVED_WORLD, actor: 'other' },
    LIST,
  ),
  at('saved: a guest saves again', 'ALLOW', saving, { path: SAVED_WORLD }),
  at(UNSAVE, 'ALLOW', saving, { op: 'delete', path: SAVED_WORLD }),
  at(
    'saved: another member unsaves it',
    'DENY',
    saving,
    { op: 'delete', path: SAVED_WORLD, actor: 'other' },
    UNSAVE,
  ),
];

// ---- reports --------------------------------------------------------------------------------

const report = {
  reporterUid: SELF,
  target: 'showcases/pub',
  reason: 'spam',
  note: 'Links to a shop.',
  createdAt: SERVER_TIME,
};
const reporting: Knobs = { actor: 'other', op: 'set', path: 'reports/r-new', data: report };
const withReport = (changes: Readonly<Record<string, unknown>>): Partial<Knobs> => ({
  data: withChanges(report, changes),
});
const REPORT = 'report: a member reports a showcase';
const NOTE_500 = 'report: a note of 500 characters';

export const REPORT_CASES: readonly Case<Knobs>[] = [
  at(REPORT, 'ALLOW', reporting),
  at('report: a comment', 'ALLOW', reporting, withReport({ target: 'showcases/pub/comments/c1' })),
  at('report: without a note', 'ALLOW', reporting, withReport({ note: DELETE })),
  at(NOTE_500, 'ALLOW', reporting, withReport({ note: 'n'.repeat(500) })),
  at(
    'report: a note of 501 characters',
    'DENY',
    reporting,
    withReport({ note: 'n'.repeat(501) }),
    NOTE_500,
  ),
  at('report: by a guest', 'DENY', reporting, { actor: 'guest' }, REPORT),
  at('report: by a visitor', 'DENY', reporting, { actor: 'visitor' }, REPORT),
  at(
    'report: in someone else’s name',
    'DENY',
    reporting,
    withReport({ reporterUid: 'fan' }),
    REPORT,
  ),
  at('report: an unlisted reason', 'DENY', reporting, withReport({ reason: 'boring' }), REPORT),
  at('report: a profile', 'DENY', reporting, withReport({ target: 'users/owner' }), REPORT),
  at('report: a client createdAt', 'DENY', reporting, withReport({ createdAt: EARLIER }), REPORT),
  at('report: an extra key', 'DENY', reporting, withReport({ priority: 'urgent' }), REPORT),
  at('report: the reporter reads it', 'DENY', reporting, { op: 'get' }, REPORT),
  at('report: the reporter lists reports', 'DENY', reporting, { op: 'list' }, REPORT),
  at('report: the reporter edits it', 'DENY', reporting, { op: 'update' }, REPORT),
  at('report: the reporter deletes it', 'DENY', reporting, { op: 'delete' }, REPORT),
];

function run(suite: RulesSuite, knobs: Knobs): Promise<unknown> {
  const db = suite.db(knobs.actor);
  const path = knobs.path.replace('{self}', knobs.actor);
  const data = toSdk(knobs.data, knobs.actor) as Record<string, unknown>;
  if (knobs.op === 'set') return setDoc(doc(db, path), data);
  if (knobs.op === 'get') return getDoc(doc(db, path));
  if (knobs.op === 'list') return getDocs(collection(db, path.split('/').slice(0, -1).join('/')));
  if (knobs.op === 'update') return updateDoc(doc(db, path), data);
  return deleteDoc(doc(db, path));
}

/** Reads and edits of a report find it stored (by its reporter, `other`). */
function world(knobs: Knobs): Record<string, Record<string, unknown>> {
  const reported =
    knobs.path === reporting.path && knobs.op !== 'set'
      ? {
          [reporting.path]: {
            reporterUid: 'other',
            target: 'showcases/pub',
            reason: 'spam',
            createdAt: EARLIER,
          },
        }
      : {};
  return { ...audienceWorld(), [SAVED_WORLD]: { createdAt: EARLIER }, ...reported };
}

describeRuleCases('firestore.rules: saved showcases and reports', [
  caseGroup({ cases: [...SAVED_CASES, ...REPORT_CASES], world, run }),
]);
