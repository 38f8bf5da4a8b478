// The project's firestore.rules under test with @firebase/rules-unit-testing against our
// in-process emulator: the test environment PUTs the rules to the emulator's rules endpoint,
// clears data through the clear endpoint, and seeds through the owner token.
//
// Every case is plain data (its "knobs"), so each DENY can name an ALLOW twin and the suite can
// check mechanically that the two differ in exactly one knob.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  Timestamp,
  deleteField,
  doc,
  setDoc,
  increment,
  serverTimestamp,
  setLogLevel,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type EmulatorServer } from '../../src/server.js';
import { silentLogger } from '../../src/transport/logger.js';

export const RULES_PATH = fileURLToPath(new URL('../../../../firestore.rules', import.meta.url));
export const PROJECT_ID = 'demo-showcase';

// ---- actors -------------------------------------------------------------------------------

/** visitor: signed out; guest: anonymous; owner: the member who owns the seeded showcases;
 *  other and fan: two more members. */
export type Actor = 'visitor' | 'guest' | 'owner' | 'other' | 'fan';

const memberClaims = (uid: string) => ({
  firebase: {
    sign_in_provider: 'password' as const,
    identities: { email: [`${uid}@example.com`] },
  },
  email: `${uid}@example.com`,
  email_verified: true,
  name: uid,
});

export function contextFor(env: RulesTestEnvironment, actor: Actor): RulesTestContext {
  switch (actor) {
    case 'visitor':
      return env.unauthenticatedContext();
    case 'guest':
      return env.authenticatedContext('guest', {
        firebase: { sign_in_provider: 'anonymous' as const, identities: {} },
        provider_id: 'anonymous' as const,
      });
    default:
      return env.authenticatedContext(actor, memberClaims(actor));
  }
}

// ---- symbolic values ----------------------------------------------------------------------

/** Knob values that stand for SDK sentinels, so that cases stay plain, comparable data. */
export const SERVER_TIME = { $: 'serverTime' } as const;
export const DELETE = { $: 'delete' } as const;
/** A client-chosen time: what seeded documents carry, and a forgery when written by a client. */
export const EARLIER = { $: 'time', millis: Date.UTC(2024, 0, 1) } as const;
/** Another client-chosen time, unequal to EARLIER and to the request time. */
export const LATER = { $: 'time', millis: Date.UTC(2025, 0, 1) } as const;
export const increase = (by: number) => ({ $: 'increment', by }) as const;
/** The acting user's uid (so that cases differing only in the actor stay one knob apart). */
export const SELF = { $: 'self' } as const;

/** Knob data → SDK data; `self` is the uid standing in for SELF. */
export function toSdk(value: unknown, self = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => toSdk(item, self));
  if (value !== null && typeof value === 'object') {
    const tagged = value as { $?: string; millis?: number; by?: number };
    if (tagged.$ === 'serverTime') return serverTimestamp();
    if (tagged.$ === 'delete') return deleteField();
    if (tagged.$ === 'time') return Timestamp.fromMillis(tagged.millis!);
    if (tagged.$ === 'increment') return increment(tagged.by!);
    if (tagged.$ === 'self') return self;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toSdk(v, self)]));
  }
  return value;
}

/** `base` with `changes` applied; a DELETE value removes the key. */
export function withChanges(
  base: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === DELETE) delete out[key];
  return out;
}

// ---- cases and twins ----------------------------------------------------------------------

export type Expectation = 'ALLOW' | 'DENY';

export type Case<Knobs> = {
  readonly name: string;
  readonly expect: Expectation;
  /** For a DENY: the ALLOW case it differs from in exactly one knob. */
  readonly twin?: string;
  readonly knobs: Knobs;
};

/** One case, its twin named for a DENY (`twinProblems` checks the pair). */
export function ruleCase<Knobs>(
  name: string,
  expect: Expectation,
  knobs: Knobs,
  twin?: string,
): Case<Knobs> {
  return { name, expect, ...(twin ? { twin } : {}), knobs };
}

/**
 * The knobs as leaf paths → JSON. Nested objects are opened one level deep (`data.title`), so a
 * change to one field of a document is one difference.
 */
function leaves(knobs: object): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(knobs)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !('$' in value)) {
      for (const [inner, innerValue] of Object.entries(value)) {
        out.set(`${key}.${inner}`, JSON.stringify(innerValue));
      }
    } else if (value !== undefined) {
      out.set(key, JSON.stringify(value));
    }
  }
  return out;
}

export function knobDifferences(a: object, b: object): string[] {
  const left = leaves(a);
  const right = leaves(b);
  const keys = new Set([...left.keys(), ...right.keys()]);
  return [...keys].filter((key) => left.get(key) !== right.get(key)).sort();
}

/** Problems with the table: missing or non-ALLOW twins, twins that differ in more than one knob. */
export function twinProblems<K extends object>(cases: readonly Case<K>[]): string[] {
  const byName = new Map(cases.map((c) => [c.name, c]));
  const problems: string[] = [];
  if (byName.size !== cases.length) problems.push('case names are not unique');
  for (const c of cases) {
    if (c.expect === 'ALLOW') continue;
    const twin = c.twin === undefined ? undefined : byName.get(c.twin);
    if (twin === undefined) {
      problems.push(`${c.name}: no twin named ${String(c.twin)}`);
      continue;
    }
    if (twin.expect !== 'ALLOW') problems.push(`${c.name}: twin ${twin.name} is not an ALLOW case`);
    const differences = knobDifferences(c.knobs, twin.knobs);
    if (differences.length !== 1) {
      problems.push(
        `${c.name}: differs from ${twin.name} in ${differences.length} knobs (${differences.join(', ')})`,
      );
    }
  }
  return problems;
}

// ---- the environment ----------------------------------------------------------------------

export type RulesSuite = {
  readonly server: EmulatorServer;
  readonly env: RulesTestEnvironment;
  /** The Firestore an actor's requests go through (one app per actor, reused). */
  db(actor: Actor): Firestore;
  /** Clears every document, then writes `documents` with rules disabled. */
  reset(documents: Readonly<Record<string, Record<string, unknown>>>): Promise<void>;
  /** Runs `operation` as the case expects: assertSucceeds for ALLOW, assertFails for DENY. */
  check(expectation: Expectation, operation: () => Promise<unknown>): Promise<void>;
  close(): Promise<void>;
};

export async function startRulesSuite(): Promise<RulesSuite> {
  setLogLevel('silent');
  const server = await createServer({ port: 0, log: silentLogger });
  const env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { host: '127.0.0.1', port: server.port, rules: readFileSync(RULES_PATH, 'utf8') },
  });
  const databases = new Map<Actor, Firestore>();
  const db = (actor: Actor): Firestore => {
    let firestore = databases.get(actor);
    if (firestore === undefined) {
      firestore = contextFor(env, actor).firestore() as unknown as Firestore;
      databases.set(actor, firestore);
    }
    return firestore;
  };
  return {
    server,
    env,
    db,
    async reset(documents) {
      await env.clearFirestore();
      await env.withSecurityRulesDisabled(async (context) => {
        const admin = context.firestore() as unknown as Firestore;
        await Promise.all(
          Object.entries(documents).map(([path, data]) =>
            setDoc(doc(admin, path), toSdk(data) as Record<string, unknown>),
          ),
        );
      });
    },
    async check(expectation, operation) {
      if (expectation === 'ALLOW') await assertSucceeds(operation());
      else await assertFails(operation());
    },
    async close() {
      await env.cleanup();
      await server.close();
    },
  };
}

// ---- the seeded world ---------------------------------------------------------------------

export const PUBLISHED = 'showcases/pub';
export const DRAFT = 'showcases/draft';

/** Every prefix of each word, without repeats: the search terms the app stores for them. */
export function prefixes(...words: string[]): string[] {
  const terms = new Set<string>();
  for (const word of words)
    for (let end = 1; end <= word.length; end++) terms.add(word.slice(0, end));
  return [...terms];
}

/** A valid showcase as stored, owned by `ownerUid`. */
export function storedShowcase(
  ownerUid: string,
  status: 'draft' | 'published',
): Record<string, unknown> {
  const title = status === 'published' ? 'Published work' : 'Draft work';
  return {
    title,
    description: 'Made with care.',
    url: 'https://example.com/work',
    imageUrl: 'https://example.com/work.png',
    tags: ['web', 'art'],
    searchTerms: prefixes(...title.toLowerCase().split(' '), 'web', 'art'),
    status,
    ownerUid,
    ownerName: 'Owner',
    createdAt: EARLIER,
    updatedAt: EARLIER,
    likeCount: 0,
  };
}

/** A valid new showcase, as the app writes it (`SELF` is the writer). */
export const newShowcase: Readonly<Record<string, unknown>> = {
  title: 'My app',
  description: 'What I made and why.',
  url: 'https://example.com/app',
  imageUrl: 'https://example.com/app.png',
  tags: ['web', 'tools'],
  searchTerms: prefixes('my', 'app', 'web', 'tools'),
  status: 'published',
  ownerUid: SELF,
  ownerName: 'Owner',
  createdAt: SERVER_TIME,
  updatedAt: SERVER_TIME,
  likeCount: 0,
};

/** The owner's published and draft showcases and the other member's profile. */
export function baseWorld(): Record<string, Record<string, unknown>> {
  return {
    [PUBLISHED]: storedShowcase('owner', 'published'),
    [DRAFT]: storedShowcase('owner', 'draft'),
    'users/owner': {
      displayName: 'Owner',
      photoURL: 'https://example.com/owner.png',
      createdAt: EARLIER,
    },
    'users/other': { displayName: 'Other', createdAt: EARLIER },
  };
}

/** The same, after `other` liked the published showcase. */
export function likedWorld(): Record<string, Record<string, unknown>> {
  return {
    ...baseWorld(),
    [PUBLISHED]: { ...storedShowcase('owner', 'published'), likeCount: 1 },
    [`${PUBLISHED}/likes/other`]: { createdAt: EARLIER },
  };
}

export const chars = (count: number, char = 'x'): string => char.repeat(count);

/** One family of cases: the documents each starts from and the operation it tries. */
export type CaseGroup<Knobs> = {
  readonly cases: readonly Case<Knobs>[];
  world(knobs: Knobs): Record<string, Record<string, unknown>>;
  run(suite: RulesSuite, knobs: Knobs): Promise<unknown>;
};

/** A group with its knobs' type checked here, kept in a list of groups of other knob types. */
export const caseGroup = <Knobs extends object>(group: CaseGroup<Knobs>): CaseGroup<object> =>
  group as unknown as CaseGroup<object>;

/**
 * A rules file's suite: its own emulator, every group's twin check, then each case from its
 * world. `more` adds tests of its own on the same suite.
 */
export function describeRuleCases(
  title: string,
  groups: readonly CaseGroup<object>[],
  more?: (suite: () => RulesSuite) => void,
): void {
  describe(title, () => {
    let suite: RulesSuite;
    beforeAll(async () => {
      suite = await startRulesSuite();
    });
    afterAll(() => suite.close());

    it('pairs every DENY with an ALLOW twin that differs in one knob', () => {
      for (const group of groups) expect(twinProblems(group.cases)).toEqual([]);
    });

    for (const group of groups) {
      it.each(group.cases.map((c) => [c.expect, c.name, c] as const))(
        '%s: %s',
        async (_e, _n, c) => {
          await suite.reset(group.world(c.knobs));
          await suite.check(c.expect, () => group.run(suite, c.knobs));
        },
      );
    }

    more?.(() => suite);
  });
}
