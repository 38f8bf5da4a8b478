import { describe, expect, it } from 'vitest';
import { readFirstPaintApp } from './app-data';

const app = {
  entry: '/assets/index-a.js',
  preloads: ['/assets/shell-b.js'],
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
  });
});
