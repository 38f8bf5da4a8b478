// Creating, editing and deleting showcases: every field boundary the rules enforce, forged
// fields, extra keys and immutable fields, by every actor, against firestore.rules.
import { deleteDoc, doc, setDoc, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DELETE,
  DRAFT,
  EARLIER,
  LATER,
  PUBLISHED,
  SERVER_TIME,
  baseWorld,
  chars,
  increase,
  newShowcase,
  prefixes,
  startRulesSuite,
  storedShowcase,
  toSdk,
  twinProblems,
  withChanges,
  type Actor,
  type Case,
  type Expectation,
  type RulesSuite,
} from './support.js';

type WriteKnobs = {
  readonly actor: Actor;
  readonly op: 'create' | 'update' | 'delete';
  readonly path: string;
  /** create: the whole document (setDoc); update: the changed fields (updateDoc). */
  readonly data?: Readonly<Record<string, unknown>>;
};

const NEW = 'showcases/new';
/** A showcase stored before search terms existed: the owner's, published, without them. */
const LEGACY = 'showcases/legacy';
const EXAMPLE = 'https://example.com/';

const VALID = 'create: a valid showcase';

function create(
  name: string,
  expect: Expectation,
  changes: Readonly<Record<string, unknown>>,
  options: { twin?: string; actor?: Actor } = {},
): Case<WriteKnobs> {
  const knobs: WriteKnobs = {
    actor: options.actor ?? 'owner',
    op: 'create',
    path: NEW,
    data: withChanges(newShowcase, changes),
  };
  return {
    name: `create: ${name}`,
    expect,
    ...(options.twin ? { twin: options.twin } : {}),
    knobs,
  };
}

const EDIT = 'update: owner edits the title';
const edit = { title: 'Edited title', updatedAt: SERVER_TIME };

function update(
  name: string,
  expect: Expectation,
  changes: Readonly<Record<string, unknown>>,
  options: { twin?: string; actor?: Actor; path?: string } = {},
): Case<WriteKnobs> {
  const knobs: WriteKnobs = {
    actor: options.actor ?? 'owner',
    op: 'update',
    path: options.path ?? PUBLISHED,
    data: changes,
  };
  return {
    name: `update: ${name}`,
    expect,
    ...(options.twin ? { twin: options.twin } : {}),
    knobs,
  };
}

function remove(
  name: string,
  expect: Expectation,
  actor: Actor,
  path: string,
  twin?: string,
): Case<WriteKnobs> {
  return {
    name: `delete: ${name}`,
    expect,
    ...(twin ? { twin } : {}),
    knobs: { actor, op: 'delete', path },
  };
}

const url2048 = EXAMPLE + chars(2048 - EXAMPLE.length, 'a');
/** `count` distinct search terms in several scripts. */
const terms = (count: number) =>
  Array.from({ length: count }, (_, index) => `${['t', 'ä', 'ж', '字'][index % 4]}${index}`);
const TERM_24 = 'create: a search term of 24 characters';
const TERMS_EDIT = 'update: owner edits the title and its search terms';
const termsEdit = { ...edit, searchTerms: prefixes('edited', 'title', 'web', 'art') };

export const WRITE_CASES: readonly Case<WriteKnobs>[] = [
  // ---- create: actors -------------------------------------------------------------------
  create('a valid showcase', 'ALLOW', {}),
  create('as another member', 'ALLOW', {}, { actor: 'other' }),
  create('as a guest', 'DENY', {}, { actor: 'guest', twin: VALID }),
  create('as a visitor', 'DENY', {}, { actor: 'visitor', twin: VALID }),

  // ---- create: title 1–80 characters, trimmed --------------------------------------------
  create('title of 1 character', 'ALLOW', { title: 'a' }),
  create('empty title', 'DENY', { title: '' }, { twin: 'create: title of 1 character' }),
  create('title of 80 characters', 'ALLOW', { title: chars(80) }),
  create(
    'title of 81 characters',
    'DENY',
    { title: chars(81) },
    { twin: 'create: title of 80 characters' },
  ),
  create('title of 1 character outside the BMP', 'ALLOW', { title: '😀' }),
  create('title of 80 characters outside the BMP', 'ALLOW', { title: chars(80, '😀') }),
  create(
    'title of 81 characters outside the BMP',
    'DENY',
    { title: chars(81, '😀') },
    { twin: 'create: title of 80 characters outside the BMP' },
  ),
  create('title of 79 letters and 1 emoji', 'ALLOW', { title: chars(79) + '𝒜' }),
  create(
    'title of 80 letters and 1 emoji',
    'DENY',
    { title: chars(80) + '𝒜' },
    { twin: 'create: title of 79 letters and 1 emoji' },
  ),
  create(
    'title of only spaces',
    'DENY',
    { title: '   ' },
    { twin: 'create: title of 1 character' },
  ),
  create('title with a leading space', 'DENY', { title: ' My app' }, { twin: VALID }),
  create('title with a trailing newline', 'DENY', { title: 'My app\n' }, { twin: VALID }),
  create('title that is not a string', 'DENY', { title: 42 }, { twin: VALID }),
  create('without a title', 'DENY', { title: DELETE }, { twin: VALID }),

  // ---- create: description ≤ 2,000 -------------------------------------------------------
  create('empty description', 'ALLOW', { description: '' }),
  create('description of 2000 characters', 'ALLOW', { description: chars(2000) }),
  create(
    'description of 2001 characters',
    'DENY',
    { description: chars(2001) },
    { twin: 'create: description of 2000 characters' },
  ),
  create('description that is not a string', 'DENY', { description: ['x'] }, { twin: VALID }),
  create('without a description', 'DENY', { description: DELETE }, { twin: VALID }),

  // ---- create: url, http(s) only, ≤ 2,048, nothing attribute-breaking ---------------------
  create('http url', 'ALLOW', { url: 'http://example.com/app' }),
  create('upper-case HTTPS url', 'ALLOW', { url: 'HTTPS://EXAMPLE.COM/APP' }),
  create('url with query and fragment', 'ALLOW', { url: `${EXAMPLE}app?a=1&b=2#top` }),
  create('javascript: url', 'DENY', { url: 'javascript:alert(1)' }, { twin: VALID }),
  create('JaVaScRiPt: url', 'DENY', { url: 'JaVaScRiPt:alert(1)' }, { twin: VALID }),
  create(
    'javascript: url with a fake https prefix',
    'DENY',
    { url: 'javascript://https://example.com/%0Aalert(1)' },
    { twin: VALID },
  ),
  create(
    'data: url',
    'DENY',
    { url: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' },
    { twin: VALID },
  ),
  create('bare http: url', 'DENY', { url: 'http:' }, { twin: 'create: http url' }),
  create('bare https: url', 'DENY', { url: 'https:' }, { twin: VALID }),
  create('https url without a host', 'DENY', { url: 'https://' }, { twin: VALID }),
  create('protocol-relative url', 'DENY', { url: '//example.com/app' }, { twin: VALID }),
  create('ftp url', 'DENY', { url: 'ftp://example.com/app' }, { twin: VALID }),
  create(
    'url breaking out of a double-quoted attribute',
    'DENY',
    { url: `${EXAMPLE}"onmouseover="alert(1)` },
    { twin: VALID },
  ),
  create(
    'url breaking out of a single-quoted attribute',
    'DENY',
    { url: `${EXAMPLE}'onmouseover='alert(1)` },
    { twin: VALID },
  ),
  create(
    'url with angle brackets',
    'DENY',
    { url: `${EXAMPLE}<script>alert(1)</script>` },
    { twin: VALID },
  ),
  create('url with a backtick', 'DENY', { url: `${EXAMPLE}\`x` }, { twin: VALID }),
  create('url with a space', 'DENY', { url: `${EXAMPLE}a b` }, { twin: VALID }),
  create('url with a newline', 'DENY', { url: `${EXAMPLE}\njavascript:alert(1)` }, { twin: VALID }),
  create('url with a no-break space', 'DENY', { url: `${EXAMPLE}a\u00a0b` }, { twin: VALID }),
  create('url of 2048 characters', 'ALLOW', { url: url2048 }),
  create(
    'url of 2049 characters',
    'DENY',
    { url: url2048 + 'a' },
    { twin: 'create: url of 2048 characters' },
  ),
  create('url that is not a string', 'DENY', { url: 42 }, { twin: VALID }),
  create('without a url', 'DENY', { url: DELETE }, { twin: VALID }),
  // A draft needs only a title: its link may be empty until it is published.
  create('a draft with an empty url', 'ALLOW', { status: 'draft', url: '' }),
  create('a published showcase with an empty url', 'DENY', { url: '' }, { twin: VALID }),

  // ---- create: imageUrl, http(s) ≤ 2,048 or absent -----------------------------------------
  create('without an imageUrl', 'ALLOW', { imageUrl: DELETE }),
  create('http imageUrl', 'ALLOW', { imageUrl: 'http://example.com/a.png' }),
  create('null imageUrl', 'DENY', { imageUrl: null }, { twin: 'create: without an imageUrl' }),
  create('javascript: imageUrl', 'DENY', { imageUrl: 'javascript:alert(1)' }, { twin: VALID }),
  create('JaVaScRiPt: imageUrl', 'DENY', { imageUrl: 'JaVaScRiPt:alert(1)' }, { twin: VALID }),
  create(
    'data: imageUrl',
    'DENY',
    { imageUrl: 'data:image/svg+xml;base64,PHN2Zy8+' },
    { twin: VALID },
  ),
  create(
    'imageUrl breaking out of an attribute',
    'DENY',
    { imageUrl: `${EXAMPLE}a.png" onerror="alert(1)` },
    { twin: VALID },
  ),
  create('imageUrl of 2048 characters', 'ALLOW', { imageUrl: url2048 }),
  create(
    'imageUrl of 2049 characters',
    'DENY',
    { imageUrl: url2048 + 'a' },
    { twin: 'create: imageUrl of 2048 characters' },
  ),

  // ---- create: imageAlt, a string ≤ 200 or absent ------------------------------------------
  create('imageAlt of 200 characters', 'ALLOW', { imageAlt: chars(200, '🖼') }),
  create(
    'imageAlt of 201 characters',
    'DENY',
    { imageAlt: chars(201, '🖼') },
    { twin: 'create: imageAlt of 200 characters' },
  ),
  create('imageAlt that is not a string', 'DENY', { imageAlt: 42 }, { twin: VALID }),

  // ---- create: tags, ≤ 5 distinct strings matching [a-z0-9-]{1,24} -------------------------
  create('no tags', 'ALLOW', { tags: [] }),
  create('5 tags', 'ALLOW', { tags: ['a', 'b', 'c', 'd', 'e'] }),
  create('6 tags', 'DENY', { tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, { twin: 'create: 5 tags' }),
  create('a non-string tag', 'DENY', { tags: ['web', 7] }, { twin: VALID }),
  create('a map as a tag', 'DENY', { tags: ['web', { tools: true }] }, { twin: VALID }),
  create('a repeated tag', 'DENY', { tags: ['web', 'web'] }, { twin: VALID }),
  create('an upper-case tag', 'DENY', { tags: ['Web', 'tools'] }, { twin: VALID }),
  create('a tag of 24 characters', 'ALLOW', { tags: [chars(24, 'a')] }),
  create(
    'a tag of 25 characters',
    'DENY',
    { tags: [chars(25, 'a')] },
    { twin: 'create: a tag of 24 characters' },
  ),
  create('an empty tag', 'DENY', { tags: [''] }, { twin: 'create: a tag of 24 characters' }),
  create(
    'a tag with a space',
    'DENY',
    { tags: ['web dev'] },
    { twin: 'create: a tag of 24 characters' },
  ),
  create(
    'a tag with punctuation',
    'DENY',
    { tags: ['c++'] },
    { twin: 'create: a tag of 24 characters' },
  ),
  create('a tag with digits and dashes', 'ALLOW', { tags: ['web-3d', '2024'] }),
  create('tags as a string', 'DENY', { tags: 'web' }, { twin: VALID }),
  create('without tags', 'DENY', { tags: DELETE }, { twin: VALID }),

  // ---- create: searchTerms, ≤ 200 distinct strings of 1–24 lower-case letters or digits -----
  create('200 search terms', 'ALLOW', { searchTerms: terms(200) }),
  create(
    '201 search terms',
    'DENY',
    { searchTerms: terms(201) },
    { twin: 'create: 200 search terms' },
  ),
  create('no search terms', 'ALLOW', { searchTerms: [] }),
  create('a search term of 24 characters', 'ALLOW', { searchTerms: ['web', chars(24, 'a')] }),
  create(
    'a search term of 25 characters',
    'DENY',
    { searchTerms: ['web', chars(25, 'a')] },
    { twin: TERM_24 },
  ),
  create('a search term of 24 characters outside the BMP', 'ALLOW', {
    searchTerms: ['web', chars(24, '𠀀')],
  }),
  create(
    'a search term of 25 characters outside the BMP',
    'DENY',
    { searchTerms: ['web', chars(25, '𠀀')] },
    { twin: 'create: a search term of 24 characters outside the BMP' },
  ),
  create('search terms in several scripts, with modifier letters and other digits', 'ALLOW', {
    searchTerms: ['ж', 'жар', '字', 'ä', 'ʰ', '٣', '২০২৪'],
  }),
  create('an empty search term', 'DENY', { searchTerms: ['web', ''] }, { twin: TERM_24 }),
  create('an upper-case search term', 'DENY', { searchTerms: ['web', 'App'] }, { twin: TERM_24 }),
  create(
    'an upper-case search term in another script',
    'DENY',
    { searchTerms: ['web', 'Жар'] },
    { twin: TERM_24 },
  ),
  create(
    'a search term with punctuation',
    'DENY',
    { searchTerms: ['web', 'c++'] },
    { twin: TERM_24 },
  ),
  create(
    'a search term with a hyphen',
    'DENY',
    { searchTerms: ['web', 'web-3d'] },
    { twin: TERM_24 },
  ),
  // Joined with spaces, ['my app'] reads like ['my', 'app']: the rules must tell them apart.
  create(
    'a search term with a space',
    'DENY',
    { searchTerms: ['web', 'my app'] },
    { twin: TERM_24 },
  ),
  create(
    'a search term with a leading space',
    'DENY',
    { searchTerms: ['web', ' app'] },
    { twin: TERM_24 },
  ),
  create('a number as a search term', 'DENY', { searchTerms: ['web', 7] }, { twin: TERM_24 }),
  create(
    'a map as a search term',
    'DENY',
    { searchTerms: ['web', { app: true }] },
    { twin: TERM_24 },
  ),
  create('a repeated search term', 'DENY', { searchTerms: ['web', 'web'] }, { twin: TERM_24 }),
  create('search terms as a string', 'DENY', { searchTerms: 'web' }, { twin: VALID }),
  create('search terms as a map', 'DENY', { searchTerms: { web: true } }, { twin: VALID }),
  // The app writes them with every create; only documents from before may lack them.
  create('without search terms', 'DENY', { searchTerms: DELETE }, { twin: VALID }),

  // ---- create: status ---------------------------------------------------------------------
  create('a draft', 'ALLOW', { status: 'draft' }),
  create('status archived', 'DENY', { status: 'archived' }, { twin: VALID }),
  create('status Published', 'DENY', { status: 'Published' }, { twin: VALID }),
  create('without a status', 'DENY', { status: DELETE }, { twin: VALID }),

  // ---- create: owner fields ---------------------------------------------------------------
  create('forged ownerUid', 'DENY', { ownerUid: 'other' }, { twin: VALID }),
  create('without an ownerUid', 'DENY', { ownerUid: DELETE }, { twin: VALID }),
  create('ownerName of 80 characters', 'ALLOW', { ownerName: chars(80) }),
  create(
    'ownerName of 81 characters',
    'DENY',
    { ownerName: chars(81) },
    { twin: 'create: ownerName of 80 characters' },
  ),
  create('ownerName that is not a string', 'DENY', { ownerName: 42 }, { twin: VALID }),
  create('without an ownerName', 'DENY', { ownerName: DELETE }, { twin: VALID }),

  // ---- create: server-controlled fields -------------------------------------------------
  create('forged createdAt', 'DENY', { createdAt: EARLIER }, { twin: VALID }),
  create('without createdAt', 'DENY', { createdAt: DELETE }, { twin: VALID }),
  create('forged updatedAt', 'DENY', { updatedAt: EARLIER }, { twin: VALID }),
  create('without updatedAt', 'DENY', { updatedAt: DELETE }, { twin: VALID }),
  create('forged likeCount of 1', 'DENY', { likeCount: 1 }, { twin: VALID }),
  create('forged likeCount of 1000', 'DENY', { likeCount: 1000 }, { twin: VALID }),
  create('negative likeCount', 'DENY', { likeCount: -1 }, { twin: VALID }),
  create('likeCount as a string', 'DENY', { likeCount: '0' }, { twin: VALID }),
  create('without likeCount', 'DENY', { likeCount: DELETE }, { twin: VALID }),

  // ---- create: extra keys ---------------------------------------------------------------
  create('an extra key', 'DENY', { featured: true }, { twin: VALID }),
  create('an extra nested key', 'DENY', { meta: { admin: true } }, { twin: VALID }),

  // ---- update: actors and immutable fields -------------------------------------------------
  update('owner edits the title', 'ALLOW', edit),
  update('other member edits the title', 'DENY', edit, { actor: 'other', twin: EDIT }),
  update('guest edits the title', 'DENY', edit, { actor: 'guest', twin: EDIT }),
  update('visitor edits the title', 'DENY', edit, { actor: 'visitor', twin: EDIT }),
  update('owner edits without updatedAt', 'DENY', { title: 'Edited title' }, { twin: EDIT }),
  update('owner sets a client updatedAt', 'DENY', { ...edit, updatedAt: LATER }, { twin: EDIT }),
  update('owner changes ownerUid', 'DENY', { ...edit, ownerUid: 'other' }, { twin: EDIT }),
  update('owner changes createdAt', 'DENY', { ...edit, createdAt: SERVER_TIME }, { twin: EDIT }),
  update('owner sets likeCount', 'DENY', { ...edit, likeCount: 99 }, { twin: EDIT }),
  update('owner increments likeCount', 'DENY', { ...edit, likeCount: increase(1) }, { twin: EDIT }),
  update('owner removes likeCount', 'DENY', { ...edit, likeCount: DELETE }, { twin: EDIT }),
  update('owner adds an extra key', 'DENY', { ...edit, featured: true }, { twin: EDIT }),
  update('owner removes the description', 'DENY', { ...edit, description: DELETE }, { twin: EDIT }),
  update('owner removes the imageUrl', 'ALLOW', { ...edit, imageUrl: DELETE }),
  update('owner sets a title of 80 characters', 'ALLOW', { ...edit, title: chars(80) }),
  update(
    'owner sets a title of 81 characters',
    'DENY',
    { ...edit, title: chars(81) },
    { twin: 'update: owner sets a title of 80 characters' },
  ),
  update('owner sets an empty title', 'DENY', { ...edit, title: '' }, { twin: EDIT }),
  update('owner sets an http url', 'ALLOW', { ...edit, url: 'http://example.com/new' }),
  update(
    'owner sets a JaVaScRiPt: url',
    'DENY',
    { ...edit, url: 'JaVaScRiPt:alert(1)' },
    { twin: 'update: owner sets an http url' },
  ),
  update(
    'owner empties the url of the draft',
    'ALLOW',
    { url: '', updatedAt: SERVER_TIME },
    {
      path: DRAFT,
    },
  ),
  update(
    'owner empties the url of the published showcase',
    'DENY',
    { ...edit, url: '' },
    {
      twin: EDIT,
    },
  ),
  update('owner sets an imageAlt', 'ALLOW', { ...edit, imageAlt: 'A lamp on a desk' }),
  update(
    'owner sets an imageAlt of 201 characters',
    'DENY',
    { ...edit, imageAlt: chars(201) },
    { twin: 'update: owner sets an imageAlt' },
  ),
  update('owner sets 5 tags', 'ALLOW', { ...edit, tags: ['a', 'b', 'c', 'd', 'e'] }),
  update(
    'owner sets 6 tags',
    'DENY',
    { ...edit, tags: ['a', 'b', 'c', 'd', 'e', 'f'] },
    { twin: 'update: owner sets 5 tags' },
  ),
  update('owner unpublishes', 'ALLOW', { ...edit, status: 'draft' }),
  update(
    'owner sets status archived',
    'DENY',
    { ...edit, status: 'archived' },
    { twin: 'update: owner unpublishes' },
  ),
  update(
    'owner publishes the draft',
    'ALLOW',
    { status: 'published', updatedAt: SERVER_TIME },
    { path: DRAFT },
  ),
  update(
    'owner publishes the draft with an empty url',
    'DENY',
    { status: 'published', url: '', updatedAt: SERVER_TIME },
    { path: DRAFT, twin: 'update: owner publishes the draft' },
  ),
  update(
    'other member publishes the draft',
    'DENY',
    { status: 'published', updatedAt: SERVER_TIME },
    {
      path: DRAFT,
      actor: 'other',
      twin: 'update: owner publishes the draft',
    },
  ),

  // ---- update: searchTerms ----------------------------------------------------------------
  update('owner edits the title and its search terms', 'ALLOW', termsEdit),
  update('other member edits the title and its search terms', 'DENY', termsEdit, {
    actor: 'other',
    twin: TERMS_EDIT,
  }),
  update('owner sets 200 search terms', 'ALLOW', { ...edit, searchTerms: terms(200) }),
  update(
    'owner sets 201 search terms',
    'DENY',
    { ...edit, searchTerms: terms(201) },
    { twin: 'update: owner sets 200 search terms' },
  ),
  update(
    'owner sets an upper-case search term',
    'DENY',
    { ...edit, searchTerms: ['edited', 'Title'] },
    { twin: TERMS_EDIT },
  ),
  update(
    'owner sets a search term with a space',
    'DENY',
    { ...edit, searchTerms: ['edited title'] },
    { twin: TERMS_EDIT },
  ),
  // Once a showcase has search terms they may change but not go: it would vanish from search.
  update(
    'owner removes the search terms',
    'DENY',
    { ...edit, searchTerms: DELETE },
    { twin: EDIT },
  ),
  // Showcases stored before search terms existed stay editable without them (older app
  // versions may still be open), and any edit may add them.
  update('owner edits the title of a showcase stored without search terms', 'ALLOW', edit, {
    path: LEGACY,
  }),
  update('owner adds search terms to a showcase stored without them', 'ALLOW', termsEdit, {
    path: LEGACY,
  }),
  update(
    'owner adds malformed search terms to a showcase stored without them',
    'DENY',
    { ...edit, searchTerms: ['Edited'] },
    {
      path: LEGACY,
      twin: 'update: owner edits the title of a showcase stored without search terms',
    },
  ),

  // ---- delete: only the owner -------------------------------------------------------------
  remove('owner deletes the published showcase', 'ALLOW', 'owner', PUBLISHED),
  remove('owner deletes the draft', 'ALLOW', 'owner', DRAFT),
  remove(
    'other member deletes the published showcase',
    'DENY',
    'other',
    PUBLISHED,
    'delete: owner deletes the published showcase',
  ),
  remove(
    'guest deletes the published showcase',
    'DENY',
    'guest',
    PUBLISHED,
    'delete: owner deletes the published showcase',
  ),
  remove(
    'visitor deletes the published showcase',
    'DENY',
    'visitor',
    PUBLISHED,
    'delete: owner deletes the published showcase',
  ),
  remove(
    'other member deletes the draft',
    'DENY',
    'other',
    DRAFT,
    'delete: owner deletes the draft',
  ),
];

function run(suite: RulesSuite, knobs: WriteKnobs): Promise<unknown> {
  const reference = doc(suite.db(knobs.actor), knobs.path);
  const data = toSdk(knobs.data ?? {}, knobs.actor) as Record<string, unknown>;
  switch (knobs.op) {
    case 'create':
      return setDoc(reference, data);
    case 'update':
      return updateDoc(reference, data);
    case 'delete':
      return deleteDoc(reference);
  }
}

describe('firestore.rules: showcase writes', () => {
  let suite: RulesSuite;
  beforeAll(async () => {
    suite = await startRulesSuite();
  });
  afterAll(() => suite.close());
  beforeEach(() => {
    const { searchTerms: _terms, ...legacy } = storedShowcase('owner', 'published');
    return suite.reset({ ...baseWorld(), [LEGACY]: legacy });
  });

  it('pairs every DENY with an ALLOW twin that differs in one knob', () => {
    expect(twinProblems(WRITE_CASES)).toEqual([]);
  });

  it.each(WRITE_CASES.map((c) => [c.expect, c.name, c] as const))('%s: %s', async (_e, _n, c) => {
    await suite.check(c.expect, () => run(suite, c.knobs));
  });
});
