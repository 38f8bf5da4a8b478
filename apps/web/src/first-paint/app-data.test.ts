import { describe, expect, it } from 'vitest';
import { matchesPattern, readFirstPaintApp } from './app-data';

const app = {
  entry: '/assets/index-a.js',
  preloads: ['/assets/shell-b.js'],
  screens: [{ pattern: '/u/:uid', files: ['/assets/user-page-d.js'] }],
  signedIn: ['/assets/auth-e.js', '/assets/firestore-f.js'],
  templates: '/assets/first-paint-templates-c.html',
  rest: { origin: 'http://127.0.0.1:8080', projectId: 'demo-showcase', apiKey: null },
};

describe('readFirstPaintApp', () => {
  it('reads the data block the build writes', () => {
    expect(readFirstPaintApp(JSON.stringify(app))).toEqual(app);
    expect(readFirstPaintApp(JSON.stringify({ ...app, rest: null }))).toEqual({
      ...app,
      rest: null,
    });
  });

  it('refuses a missing or malformed block', () => {
    expect(() => readFirstPaintApp(undefined)).toThrow(/first-paint-app/u);
    expect(() => readFirstPaintApp(JSON.stringify({ ...app, preloads: [1] }))).toThrow();
    expect(() => readFirstPaintApp(JSON.stringify({ ...app, rest: { origin: 'x' } }))).toThrow();
    expect(() => readFirstPaintApp(JSON.stringify({ ...app, screens: undefined }))).toThrow();
    expect(() => readFirstPaintApp(JSON.stringify({ ...app, signedIn: undefined }))).toThrow();
    expect(() => readFirstPaintApp(JSON.stringify({ ...app, signedIn: [null] }))).toThrow();
    expect(() =>
      readFirstPaintApp(JSON.stringify({ ...app, screens: [{ pattern: '/', files: [2] }] })),
    ).toThrow();
  });
});

describe('matchesPattern', () => {
  it('matches a route pattern segment by segment', () => {
    expect(matchesPattern('/', '/')).toBe(true);
    expect(matchesPattern('/welcome', '/welcome')).toBe(true);
    expect(matchesPattern('/u/:uid', '/u/abc')).toBe(true);
    expect(matchesPattern('/u/:uid', '/u/')).toBe(false);
    expect(matchesPattern('/u/:uid', '/u/abc/more')).toBe(false);
    expect(matchesPattern('/s/:id', '/s/abc/edit')).toBe(false);
    expect(matchesPattern('/', '/welcome')).toBe(false);
  });
});
