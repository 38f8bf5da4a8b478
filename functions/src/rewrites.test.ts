import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { HostingRewrite } from './rewrites.js';
import { hostingRewriteFor, rewriteFunctionId } from './rewrites.js';

/** The repository's own firebase.json: what Hosting deploys and the dev stack serves. */
const rewrites = (
  JSON.parse(fs.readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8')) as {
    hosting: { rewrites: HostingRewrite[] };
  }
).hosting.rewrites;

const target = (pathname: string) => {
  const rewrite = hostingRewriteFor(rewrites, pathname);
  return rewrite === null ? null : (rewriteFunctionId(rewrite) ?? rewrite.destination);
};

describe("firebase.json's rewrites", () => {
  it('send a showcase page and a profile to the previews function', () => {
    expect(target('/s/lamp')).toBe('previews');
    expect(target('/u/maya')).toBe('previews');
  });

  it('send everything else to index.html, the editor and the gallery included', () => {
    for (const pathname of ['/', '/s/lamp/edit', '/u/maya/x', '/new', '/saved', '/signin', '/s'])
      expect(target(pathname), pathname).toBe('/index.html');
  });
});
