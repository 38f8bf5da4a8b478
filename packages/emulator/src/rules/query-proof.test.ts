import { describe, expect, it } from 'vitest';
import type { Filter, StructuredQuery } from '../model/types.js';
import { RulesHarness, doc, nameOf, toValue, user } from './testing.js';

const rules = (body: string): string => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}`;

const eq = (field: string, value: unknown): Filter => ({
  kind: 'field',
  field: field.split('.'),
  op: 'EQUAL',
  value: toValue(value),
});
const where = (
  field: string,
  op: Extract<Filter, { kind: 'field' }>['op'],
  value: unknown,
): Filter => ({
  kind: 'field',
  field: field.split('.'),
  op,
  value: toValue(value),
});
const and = (...filters: Filter[]): Filter => ({ kind: 'composite', op: 'AND', filters });
const or = (...filters: Filter[]): Filter => ({ kind: 'composite', op: 'OR', filters });
const query = (
  extra: Partial<StructuredQuery> = {},
): Partial<StructuredQuery> & Pick<StructuredQuery, 'from'> => ({
  from: [{ collectionId: 'stories', allDescendants: false }],
  ...extra,
});

const alice = user('alice');

describe('rules are not filters: a query must be allowed for every document it could return', () => {
  const harness = new RulesHarness(
    rules(`    match /stories/{storyId} {
      allow list: if request.auth != null
        && (resource.data.published == true || resource.data.author == request.auth.uid);
    }`),
    [doc('stories/s1', { published: true, author: 'bob' })],
  );

  it('allows a query whose equality filter proves the condition', () => {
    expect(harness.list(alice, '', query({ where: eq('published', true) }))).toBe(true);
    expect(harness.list(alice, '', query({ where: eq('author', 'alice') }))).toBe(true);
    expect(
      harness.list(alice, '', query({ where: and(eq('author', 'alice'), eq('genre', 'poetry')) })),
    ).toBe(true);
  });

  it('denies a query that could return other documents, whatever is stored', () => {
    expect(harness.list(alice, '', query())).toBe(false);
    expect(harness.list(alice, '', query({ where: eq('author', 'bob') }))).toBe(false);
    expect(harness.list(alice, '', query({ where: eq('published', false) }))).toBe(false);
    expect(harness.list(alice, '', query({ where: eq('genre', 'poetry') }))).toBe(false);
  });

  it('does not take a range, inequality or array filter as proof', () => {
    expect(harness.list(alice, '', query({ where: where('published', 'NOT_EQUAL', false) }))).toBe(
      false,
    );
    expect(
      harness.list(alice, '', query({ where: where('author', 'GREATER_THAN_OR_EQUAL', 'alice') })),
    ).toBe(false);
    expect(
      harness.list(alice, '', query({ where: where('author', 'ARRAY_CONTAINS', 'alice') })),
    ).toBe(false);
  });

  it('requires every value of an `in` filter to pass', () => {
    expect(harness.list(alice, '', query({ where: where('author', 'IN', ['alice']) }))).toBe(true);
    expect(harness.list(alice, '', query({ where: where('author', 'IN', ['alice', 'bob']) }))).toBe(
      false,
    );
    expect(harness.list(alice, '', query({ where: where('published', 'IN', [true, true]) }))).toBe(
      true,
    );
  });

  it('requires every branch of an OR filter to pass', () => {
    expect(
      harness.list(alice, '', query({ where: or(eq('published', true), eq('author', 'alice')) })),
    ).toBe(true);
    expect(
      harness.list(alice, '', query({ where: or(eq('published', true), eq('author', 'bob')) })),
    ).toBe(false);
  });

  it('denies visitors even with the right filter', () => {
    expect(
      harness.list({ kind: 'unauthenticated' }, '', query({ where: eq('published', true) })),
    ).toBe(false);
  });
});

describe('request.query', () => {
  const harness = new RulesHarness(
    rules(`    match /feed/{id} {
      allow list: if request.query.limit <= 50 && request.query.offset == 0;
    }
    match /ordered/{id} {
      allow list: if request.query.orderBy.createdAt == 'DESC';
    }`),
  );
  const feed = (extra: Partial<StructuredQuery>) => ({
    from: [{ collectionId: 'feed', allDescendants: false }],
    ...extra,
  });

  it('bounds the limit', () => {
    expect(harness.list(alice, '', feed({ limit: 50 }))).toBe(true);
    expect(harness.list(alice, '', feed({ limit: 51 }))).toBe(false);
    expect(harness.list(alice, '', feed({}))).toBe(false);
    expect(harness.list(alice, '', feed({ limit: 10, offset: 5 }))).toBe(false);
  });

  it('exposes orderBy as field → direction', () => {
    const ordered = (direction: 'ASCENDING' | 'DESCENDING') => ({
      from: [{ collectionId: 'ordered', allDescendants: false }],
      orderBy: [{ field: ['createdAt'], direction }],
    });
    expect(harness.list(alice, '', ordered('DESCENDING'))).toBe(true);
    expect(harness.list(alice, '', ordered('ASCENDING'))).toBe(false);
  });
});

describe('what a query leaves unknown', () => {
  const harness = new RulesHarness(
    rules(`    match /boxes/{boxId} {
      allow list: if resource.data.owner.uid == request.auth.uid;
      allow list: if boxId == 'public';
      allow list: if resource.id == 'shared';
      allow list: if resource != null && resource.data.keys().size() > 0;
    }
    match /tickets/{id} {
      allow list: if get(/databases/$(database)/documents/admins/$(request.auth.uid)) != null;
    }`),
    [doc('admins/root', {})],
  );
  const boxes = (where?: Filter) => ({
    from: [{ collectionId: 'boxes', allDescendants: false }],
    ...(where ? { where } : {}),
  });

  it('knows nested fields fixed by filters on their paths', () => {
    expect(harness.list(alice, '', boxes(eq('owner.uid', 'alice')))).toBe(true);
    expect(harness.list(alice, '', boxes(eq('owner', { uid: 'alice', name: 'A' })))).toBe(true);
    expect(harness.list(alice, '', boxes(eq('owner.name', 'A')))).toBe(false);
  });

  it('does not know the document id or the whole document', () => {
    expect(harness.list(alice, '', boxes())).toBe(false);
  });

  it('knows the id when the query pins __name__', () => {
    const byName = (id: string): Filter => ({
      kind: 'field',
      field: ['__name__'],
      op: 'EQUAL',
      value: { kind: 'reference', value: nameOf(`boxes/${id}`) },
    });
    expect(harness.list(alice, '', boxes(byName('shared')))).toBe(true);
    expect(harness.list(alice, '', boxes(byName('public')))).toBe(true);
    expect(harness.list(alice, '', boxes(byName('private')))).toBe(false);
  });

  it('can still read other documents with get()', () => {
    const tickets = { from: [{ collectionId: 'tickets', allDescendants: false }] };
    expect(harness.list(user('root'), '', tickets)).toBe(true);
    expect(harness.list(alice, '', tickets)).toBe(false);
  });
});
