import { describe, expect, it } from 'vitest';
import {
  BIO_MAX,
  COMMENT_TEXT_MAX,
  REPORT_NOTE_MAX,
  commentActivityId,
  commentDocumentProblems,
  commentTarget,
  followActivityId,
  isPlainText,
  likeActivityId,
  nameTermsFor,
  plainText,
  publicName,
  readActivity,
  readComment,
  readCommentCount,
  readProfileAudience,
  readShowcase,
  showcaseActivityFields,
  showcaseDocumentProblems,
  showcaseTarget,
  validateCommentText,
  validateProfileEdit,
  validateReport,
  buildShowcase,
} from '../src/index.js';

describe('comment text', () => {
  it('is stored trimmed, with \\n line endings and without stray control characters', () => {
    expect(plainText('  Hi\r\nthere\u0007 \t')).toBe('Hi\nthere');
    expect(validateCommentText('  Nice work.\r\n')).toEqual({ ok: true, value: 'Nice work.' });
  });

  it('must hold something, and at most 1,000 characters (code points)', () => {
    expect(validateCommentText(' \n ')).toEqual({ ok: false, error: 'Write something first.' });
    expect(validateCommentText('😀'.repeat(COMMENT_TEXT_MAX)).ok).toBe(true);
    expect(validateCommentText('😀'.repeat(COMMENT_TEXT_MAX + 1))).toEqual({
      ok: false,
      error: 'Keep comments to 1,000 characters (now 1,001).',
    });
  });

  it('agrees with the stored shape the rules check', () => {
    expect(isPlainText('a\nb\tc', 1, 10)).toBe(true);
    expect(isPlainText(' a', 1, 10)).toBe(false);
    expect(isPlainText('a\u0000b', 1, 10)).toBe(false);
    expect(isPlainText(7, 0, 10)).toBe(false);
  });
});

describe('comment documents', () => {
  const valid = { authorUid: 'u1', authorName: 'Maya', text: 'Nice.', createdAt: new Date() };

  it('accepts a valid comment and names each problem of a broken one', () => {
    expect(commentDocumentProblems(valid)).toEqual([]);
    expect(commentDocumentProblems({ ...valid, text: '', extra: 1 })).toEqual([
      'unknown extra',
      'text must be trimmed plain text of 1–1000 characters',
    ]);
    expect(commentDocumentProblems({ text: 'x' })).toContain('missing authorUid');
  });

  it('reads any stored data without throwing', () => {
    expect(readComment('s1', 'c1', { text: 42, createdAt: 'soon' }, true)).toEqual({
      id: 'c1',
      showcaseId: 's1',
      authorUid: '',
      authorName: '',
      text: '',
      createdAt: null,
      pending: true,
    });
  });

  it('stores a public name of 1–80 characters', () => {
    expect(publicName('  ')).toBe('Member');
    expect(Array.from(publicName('é'.repeat(100)))).toHaveLength(80);
  });
});

describe('showcases count their comments', () => {
  it('reads a missing or broken commentCount as 0', () => {
    expect(readShowcase('s', {}, false).commentCount).toBe(0);
    expect(readShowcase('s', { commentCount: 3 }, false).commentCount).toBe(3);
    expect(readCommentCount({ commentCount: -2 })).toBe(0);
  });

  it('accepts a stored showcase with or without the counter', () => {
    expect(showcaseDocumentProblems(buildShowcase())).toEqual({});
    expect(
      showcaseDocumentProblems({ ...buildShowcase(), commentCount: 2, lastCommentWrite: 'c9' }),
    ).toEqual({});
    expect(showcaseDocumentProblems({ ...buildShowcase(), commentCount: -1 })).toEqual({
      commentCount: 'commentCount must be absent or an integer ≥ 0',
    });
  });
});

describe('activity', () => {
  it('derives ids from the action', () => {
    expect(likeActivityId('s1', 'u1')).toBe('like_s1_u1');
    expect(commentActivityId('c1')).toBe('comment_c1');
    expect(followActivityId('u1')).toBe('follow_u1');
  });

  it('writes an activity about a showcase with the public name and unread, apart from its time', () => {
    const fields = showcaseActivityFields(
      'like',
      { uid: 'u1', name: '  ' },
      { id: 's1', title: 'Lamp' },
    );
    expect(fields).toEqual({
      type: 'like',
      actorUid: 'u1',
      actorName: 'Member',
      showcaseId: 's1',
      showcaseTitle: 'Lamp',
      read: false,
    });
    // What the actor writes is what the reader reads back, once the server has set its time.
    expect(
      readActivity(likeActivityId('s1', 'u1'), { ...fields, createdAt: new Date(0) }, false),
    ).toMatchObject({ ...fields, commentId: null, createdAt: new Date(0) });
  });

  it('reads each type, and skips unknown ones', () => {
    const base = { actorUid: 'u1', actorName: 'Maya', createdAt: new Date(0), read: false };
    expect(
      readActivity(
        'comment_c1',
        { ...base, type: 'comment', showcaseId: 's1', showcaseTitle: 'Lamp' },
        false,
      ),
    ).toMatchObject({ type: 'comment', showcaseId: 's1', showcaseTitle: 'Lamp', commentId: 'c1' });
    expect(
      readActivity('follow_u1', { ...base, type: 'follow', showcaseId: 's1' }, false),
    ).toMatchObject({
      type: 'follow',
      showcaseId: null,
      showcaseTitle: null,
      commentId: null,
    });
    expect(readActivity('x', { ...base, type: 'poke' }, false)).toBeNull();
    expect(readActivity('x', { type: 'like', read: 'yes' }, false)?.read).toBe(false);
  });
});

describe('profiles', () => {
  it('read the new fields defensively', () => {
    expect(readProfileAudience({})).toEqual({
      bio: '',
      links: [],
      followerCount: 0,
      followingCount: 0,
    });
    expect(
      readProfileAudience({
        bio: 'Hi',
        links: ['https://a.example', 'javascript:alert(1)', 7],
        followerCount: 2.9,
        followingCount: '3',
      }),
    ).toEqual({ bio: 'Hi', links: ['https://a.example'], followerCount: 2, followingCount: 0 });
  });

  it('store the prefixes of the name’s words for search', () => {
    expect(nameTermsFor('Maya Lin')).toEqual(['m', 'ma', 'may', 'maya', 'l', 'li', 'lin']);
  });

  it('validate a bio of at most 300 characters and up to three web links', () => {
    expect(validateProfileEdit({ bio: ' Maker. ', links: ['', ' https://a.example '] })).toEqual({
      ok: true,
      value: { bio: 'Maker.', links: ['https://a.example'] },
    });
    expect(validateProfileEdit({ bio: 'x'.repeat(BIO_MAX + 1), links: [] })).toEqual({
      ok: false,
      errors: { bio: 'Keep your bio to 300 characters (now 301).' },
    });
    const four = [
      'https://a.example',
      'https://b.example',
      'https://c.example',
      'https://d.example',
    ];
    expect(validateProfileEdit({ bio: '', links: four })).toEqual({
      ok: false,
      errors: { links: 'Add at most 3 links (now 4).' },
    });
    expect(validateProfileEdit({ bio: '', links: ['javascript:alert(1)'] })).toEqual({
      ok: false,
      errors: {
        links: 'Use full web addresses starting with http:// or https:// ("javascript:alert(1)").',
      },
    });
  });
});

describe('reports', () => {
  it('point at a showcase or a comment, with a listed reason and an optional note', () => {
    expect(validateReport({ target: showcaseTarget('s1'), reason: 'spam', note: '  ' })).toEqual({
      ok: true,
      value: { target: 'showcases/s1', reason: 'spam', note: null },
    });
    expect(
      validateReport({ target: commentTarget('s1', 'c1'), reason: 'other', note: 'Rude' }),
    ).toEqual({
      ok: true,
      value: { target: 'showcases/s1/comments/c1', reason: 'other', note: 'Rude' },
    });
    expect(validateReport({ target: 'users/u1', reason: 'spam', note: '' }).ok).toBe(false);
    expect(validateReport({ target: 'showcases/s1', reason: 'boring', note: '' })).toEqual({
      ok: false,
      error: 'Choose a reason.',
    });
    expect(
      validateReport({
        target: 'showcases/s1',
        reason: 'spam',
        note: 'x'.repeat(REPORT_NOTE_MAX + 1),
      }),
    ).toEqual({ ok: false, error: 'Keep the note to 500 characters (now 501).' });
  });
});
