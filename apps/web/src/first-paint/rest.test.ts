import { describe, expect, it } from 'vitest';
import {
  FIRST_PAINT_CARDS,
  firstPaintRequest,
  profileRequests,
  readFirstPaintAnswer,
  readFirstPaintShowcase,
  readProfileAnswer,
} from './rest';

const production = { origin: 'https://firestore.googleapis.com', projectId: 'p-1', apiKey: 'k&1' };
const emulator = { origin: 'http://127.0.0.1:8080', projectId: 'demo-showcase', apiKey: null };

const str = (stringValue: string) => ({ stringValue });

function restDocument(id: string, fields: Record<string, unknown>) {
  return {
    name: `projects/demo-showcase/databases/(default)/documents/showcases/${id}`,
    fields,
    createTime: '2026-11-01T10:00:00.000000Z',
    updateTime: '2026-11-02T10:00:00.000000Z',
  };
}

const published = {
  title: str('Lighthouse Series'),
  description: str('Twenty-two lighthouses.\n\nShot on film.'),
  imageUrl: str('https://example.com/a.png'),
  imageAlt: str('  A lighthouse at dusk '),
  status: str('published'),
  ownerUid: str('u1'),
  ownerName: str('Jonas Berg'),
  tags: { arrayValue: { values: [str('photography'), str('travel')] } },
  likeCount: { integerValue: '3' },
  createdAt: { timestampValue: '2026-11-18T09:30:00.123456Z' },
  updatedAt: { timestampValue: '2026-11-20T09:30:00Z' },
};

describe('readFirstPaintShowcase', () => {
  it('reads a published showcase as the app does', () => {
    expect(readFirstPaintShowcase(restDocument('demo%2D1', published))).toEqual({
      id: 'demo-1',
      title: 'Lighthouse Series',
      description: 'Twenty-two lighthouses.\n\nShot on film.',
      url: '',
      imageUrl: 'https://example.com/a.png',
      imageAlt: '  A lighthouse at dusk ',
      images: [],
      tags: ['photography', 'travel'],
      searchTerms: [],
      status: 'published',
      ownerUid: 'u1',
      ownerName: 'Jonas Berg',
      createdAt: new Date('2026-11-18T09:30:00.123Z'),
      updatedAt: new Date('2026-11-20T09:30:00Z'),
      likeCount: 3,
      commentCount: 0,
      pending: false,
    });
  });

  it('gives up on fields that do not decode', () => {
    expect(
      readFirstPaintShowcase(restDocument('x', { ...published, title: { unknownValue: 1 } })),
    ).toBeNull();
    expect(readFirstPaintShowcase(restDocument('x', { ...published, title: 'plain' }))).toBeNull();
  });

  it('never draws a draft, a nameless document or an unsafe image address', () => {
    expect(readFirstPaintShowcase(restDocument('d', { ...published, status: str('draft') }))).toBe(
      null,
    );
    expect(readFirstPaintShowcase({ fields: published })).toBeNull();
    expect(readFirstPaintShowcase(undefined)).toBeNull();
    const unsafe = readFirstPaintShowcase(
      restDocument('x', { ...published, imageUrl: str('javascript:alert(1)') }),
    );
    expect(unsafe?.imageUrl).toBeNull();
  });

  it('reads missing or mistyped optional fields as the app does: empty, none, zero', () => {
    const { imageUrl: _url, imageAlt: _alt, ...rest } = published;
    const bare = readFirstPaintShowcase(
      restDocument('b', { ...rest, tags: str('x'), likeCount: str('7'), createdAt: str('soon') }),
    );
    expect(bare).toMatchObject({
      imageUrl: null,
      imageAlt: null,
      tags: [],
      likeCount: 0,
      createdAt: null,
    });
  });
});

describe('readFirstPaintAnswer', () => {
  const gallery = { kind: 'gallery', sort: 'newest', tag: null } as const;

  it("reads a runQuery's results in order, and a GET's document", () => {
    const answer = [
      { document: restDocument('a', published), readTime: '2026-11-24T00:00:00Z' },
      { document: restDocument('b', published), readTime: '2026-11-24T00:00:00Z' },
    ];
    expect(readFirstPaintAnswer(gallery, answer)?.map((showcase) => showcase.id)).toEqual([
      'a',
      'b',
    ]);
    const one = readFirstPaintAnswer({ kind: 'showcase', id: 'a' }, restDocument('a', published));
    expect(one?.map((showcase) => showcase.id)).toEqual(['a']);
  });

  it('gives up on an empty gallery, a draft, or anything unexpected', () => {
    // An empty runQuery answers with one result carrying only its read time.
    expect(readFirstPaintAnswer(gallery, [{ readTime: '2026-11-24T00:00:00Z' }])).toBeNull();
    expect(readFirstPaintAnswer(gallery, [])).toBeNull();
    expect(readFirstPaintAnswer(gallery, { error: 'x' })).toBeNull();
    const draft = restDocument('d', { ...published, status: str('draft') });
    expect(readFirstPaintAnswer({ kind: 'showcase', id: 'd' }, draft)).toBeNull();
  });
});

describe('firstPaintRequest', () => {
  it("GETs a showcase's document, with the API key in production", () => {
    expect(firstPaintRequest(production, { kind: 'showcase', id: 'a b' })).toEqual({
      url: 'https://firestore.googleapis.com/v1/projects/p-1/databases/(default)/documents/showcases/a%20b?key=k%261',
      init: {},
    });
    expect(firstPaintRequest(emulator, { kind: 'showcase', id: 'x' }).url).toBe(
      'http://127.0.0.1:8080/v1/projects/demo-showcase/databases/(default)/documents/showcases/x',
    );
  });

  it("asks for the gallery's query: published, the tag, most liked and newest first", () => {
    const request = firstPaintRequest(emulator, { kind: 'gallery', sort: 'liked', tag: 'game' });
    expect(request.url).toBe(
      'http://127.0.0.1:8080/v1/projects/demo-showcase/databases/(default)/documents:runQuery',
    );
    expect(request.init.method).toBe('POST');
    expect(JSON.parse(request.init.body as string)).toEqual({
      structuredQuery: {
        from: [{ collectionId: 'showcases' }],
        where: {
          compositeFilter: {
            op: 'AND',
            filters: [
              {
                fieldFilter: {
                  field: { fieldPath: 'status' },
                  op: 'EQUAL',
                  value: str('published'),
                },
              },
              {
                fieldFilter: {
                  field: { fieldPath: 'tags' },
                  op: 'ARRAY_CONTAINS',
                  value: str('game'),
                },
              },
            ],
          },
        },
        orderBy: [
          { field: { fieldPath: 'likeCount' }, direction: 'DESCENDING' },
          { field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' },
        ],
        limit: FIRST_PAINT_CARDS,
      },
    });
    const newest = JSON.parse(
      firstPaintRequest(emulator, { kind: 'gallery', sort: 'newest', tag: null }).init
        .body as string,
    );
    expect(newest.structuredQuery.where).toEqual({
      fieldFilter: { field: { fieldPath: 'status' }, op: 'EQUAL', value: str('published') },
    });
    expect(newest.structuredQuery.orderBy).toEqual([
      { field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' },
    ]);
  });
});

describe('readProfileAnswer', () => {
  const profile = {
    name: 'projects/demo-showcase/databases/(default)/documents/users/u1',
    fields: {
      displayName: str('Jonas Berg'),
      bio: str('Film, mostly.'),
      followerCount: { integerValue: '4' },
      createdAt: { timestampValue: '2026-01-05T00:00:00Z' },
    },
  };
  const results = [{ document: restDocument('s1', published) }];
  const counted = (count: number) => [
    { result: { aggregateFields: { shown: { integerValue: String(count) } } } },
  ];

  it('reads the profile, its cards and the count the page shows', () => {
    const painted = readProfileAnswer('u1', { profile, showcases: results, count: counted(1) });
    expect(painted).toMatchObject({
      profile: { uid: 'u1', displayName: 'Jonas Berg', bio: 'Film, mostly.', followerCount: 4 },
      showcaseCount: '1',
    });
    expect(painted?.showcases.map((showcase) => showcase.id)).toEqual(['s1']);
    expect(
      readProfileAnswer('u1', { profile, showcases: results, count: counted(60) })?.showcaseCount,
    ).toBe('60+');
  });

  it('draws nothing without a profile, a published card of theirs or a count to trust', () => {
    const answers = { profile, showcases: results, count: counted(1) };
    expect(readProfileAnswer('u1', { ...answers, profile: null })).toBeNull();
    expect(readProfileAnswer('u1', { ...answers, showcases: [{ readTime: 'x' }] })).toBeNull();
    expect(readProfileAnswer('u2', answers)).toBeNull();
    expect(readProfileAnswer('u1', { ...answers, count: null })).toBeNull();
    expect(readProfileAnswer('u1', { ...answers, count: counted(0) })).toBeNull();
  });
});

describe('profileRequests', () => {
  it('reads the document, the first cards and a count up to the page’s limit', () => {
    const { profile, showcases, count } = profileRequests(emulator, 'u/1');
    expect(profile.url).toBe(
      'http://127.0.0.1:8080/v1/projects/demo-showcase/databases/(default)/documents/users/u%2F1',
    );
    expect(JSON.parse(showcases.init.body as string)).toMatchObject({
      structuredQuery: { limit: FIRST_PAINT_CARDS },
    });
    expect(JSON.parse(count.init.body as string)).toMatchObject({
      structuredAggregationQuery: { aggregations: [{ count: { upTo: 60 } }] },
    });
  });
});
