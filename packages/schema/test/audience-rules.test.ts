// The audience limits of this package written through the project's firestore.rules, against our
// emulator over real sockets: what the schema's validators produce is allowed at each limit, and
// one past it is denied, so the schema and the rules cannot drift apart unnoticed.
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { createServer, silentLogger, type EmulatorServer } from '@showcase/emulator';
import {
  Timestamp,
  doc,
  increment,
  serverTimestamp,
  setDoc,
  setLogLevel,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import {
  BIO_MAX,
  COMMENT_TEXT_MAX,
  LINKS_MAX,
  PUBLIC_NAME_MAX,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  buildShowcase,
  commentTarget,
  nameTermsFor,
  publicName,
  showcaseTarget,
  validateCommentText,
  validateProfileEdit,
  validateReport,
} from '../src/index.js';

const RULES = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8');
const MEMBER = 'member';

let server: EmulatorServer;
let env: RulesTestEnvironment;
let member: Firestore;
let sequence = 0;

beforeAll(async () => {
  setLogLevel('silent');
  server = await createServer({ port: 0, log: silentLogger });
  env = await initializeTestEnvironment({
    projectId: 'demo-showcase',
    firestore: { host: '127.0.0.1', port: server.port, rules: RULES },
  });
  member = env
    .authenticatedContext(MEMBER, { firebase: { sign_in_provider: 'password', identities: {} } })
    .firestore() as unknown as Firestore;
});

afterAll(async () => {
  await env?.cleanup();
  await server?.close();
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const admin = context.firestore() as unknown as Firestore;
    const showcase = buildShowcase({ title: 'Lamp', ownerUid: 'maker' });
    await setDoc(doc(admin, 'showcases/lamp'), {
      ...showcase,
      createdAt: Timestamp.fromDate(showcase.createdAt),
      updatedAt: Timestamp.fromDate(showcase.updatedAt),
    });
    await setDoc(doc(admin, `users/${MEMBER}`), {
      displayName: 'Member',
      createdAt: Timestamp.now(),
    });
  });
});

/** The member's comment as the app writes it: the comment and its counter in one batch. */
function comment(text: string, authorName = 'Member'): Promise<void> {
  const id = `c${++sequence}`;
  const batch = writeBatch(member);
  batch.set(doc(member, `showcases/lamp/comments/${id}`), {
    authorUid: MEMBER,
    authorName,
    text,
    createdAt: serverTimestamp(),
  });
  batch.update(doc(member, 'showcases/lamp'), {
    commentCount: increment(1),
    lastCommentWrite: id,
  });
  return batch.commit();
}

const valid = <T>(result: { ok: true; value: T } | { ok: false }): T => {
  if (!result.ok) throw new Error('the example must be valid');
  return result.value;
};

describe('firestore.rules against the audience limits', () => {
  it('accepts a comment as validateCommentText stores it, at the limit, and not past it', async () => {
    await assertSucceeds(comment(valid(validateCommentText('  One\r\ntwo\u0007 \n'))));
    await assertSucceeds(comment('😀'.repeat(COMMENT_TEXT_MAX)));
    await assertFails(comment('😀'.repeat(COMMENT_TEXT_MAX + 1)));
  });

  it('accepts a public name as publicName stores it, and not past the limit', async () => {
    await assertSucceeds(comment('Hi', publicName(` ${'é'.repeat(PUBLIC_NAME_MAX + 20)} `)));
    await assertFails(comment('Hi', 'é'.repeat(PUBLIC_NAME_MAX + 1)));
  });

  it('accepts a profile edit as validateProfileEdit stores it, and not past the limits', async () => {
    const profile = doc(member, `users/${MEMBER}`);
    const links = Array.from({ length: LINKS_MAX }, (_, index) => `https://example.com/${index}`);
    await assertSucceeds(
      updateDoc(profile, valid(validateProfileEdit({ bio: 'é'.repeat(BIO_MAX), links }))),
    );
    await assertFails(updateDoc(profile, { bio: 'é'.repeat(BIO_MAX + 1) }));
    await assertFails(updateDoc(profile, { links: [...links, 'https://example.com/more'] }));
  });

  it('accepts the name terms nameTermsFor gives a long name of several scripts', async () => {
    const name = `${'Ünïcødé'.repeat(8)} 山田 Ёлка Lamp`;
    await assertSucceeds(
      updateDoc(doc(member, `users/${MEMBER}`), {
        displayName: name,
        nameTerms: nameTermsFor(name),
      }),
    );
  });

  it('accepts every listed reason and a note at the limit, not past it', async () => {
    const report = (note: string, reason: string, target = showcaseTarget('lamp')) => {
      const value = valid(validateReport({ target, reason, note }));
      return setDoc(doc(member, `reports/r${++sequence}`), {
        reporterUid: MEMBER,
        target: value.target,
        reason: value.reason,
        ...(value.note === null ? {} : { note: value.note }),
        createdAt: serverTimestamp(),
      });
    };
    for (const reason of REPORT_REASONS) await assertSucceeds(report('', reason));
    await assertSucceeds(report('n'.repeat(REPORT_NOTE_MAX), 'other', commentTarget('lamp', 'c1')));
    await assertFails(
      setDoc(doc(member, 'reports/too-long'), {
        reporterUid: MEMBER,
        target: showcaseTarget('lamp'),
        reason: 'other',
        note: 'n'.repeat(REPORT_NOTE_MAX + 1),
        createdAt: serverTimestamp(),
      }),
    );
  });
});
