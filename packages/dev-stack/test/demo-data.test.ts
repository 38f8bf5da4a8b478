import fs from 'node:fs';
import path from 'node:path';
import { searchTermsFor, showcaseDocumentProblems } from '@showcase/schema';
import { describe, expect, it } from 'vitest';
import { DEMO_MEMBERS, buildDemoData } from '../src/demo-data.js';
import { DEMO_COVERS } from '../src/demo-images.js';

const ORIGIN = 'http://127.0.0.1:5173';
const NOW = new Date('2026-03-01T12:00:00Z');
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../apps/web/public');
const { members, showcases } = buildDemoData({ appOrigin: ORIGIN, now: NOW });

describe('demo data with uploaded pictures', () => {
  const withPhotos = buildDemoData({
    appOrigin: ORIGIN,
    now: NOW,
    photos: { storageHost: '127.0.0.1:9199' },
  }).showcases;

  it('gives each showcase with a cover 2–4 raster pictures instead of an image address', () => {
    const illustrated = withPhotos.filter((s) => (s.images ?? []).length > 0);
    expect(illustrated.length).toBe(showcases.filter((s) => s.imageUrl !== undefined).length);
    for (const s of withPhotos) {
      expect(s.imageUrl).toBeUndefined();
      if (!s.images?.length) continue;
      expect(s.images.length).toBeGreaterThanOrEqual(2);
      expect(s.images.length).toBeLessThanOrEqual(4);
      expect(new Set(s.images.map((image) => image.id)).size).toBe(s.images.length);
    }
    expect(new Set(illustrated.map((s) => s.images!.length))).toEqual(new Set([2, 3, 4]));
  });

  it('stores every picture as the rules want: described, placeholder, sizes under the owner', () => {
    for (const { id, likes: _likes, uploads, ...document } of withPhotos) {
      expect(showcaseDocumentProblems(document, id)).toEqual({});
      for (const image of document.images ?? []) {
        expect(image.alt.length).toBeGreaterThan(10);
        expect(image.placeholder.length).toBeGreaterThan(10);
        expect(image.sizes.map((size) => size.width)).toEqual([480, 960]);
      }
      // One upload per stored width, each a committed WebP file.
      expect(uploads).toHaveLength((document.images ?? []).length * 2);
      for (const upload of uploads) {
        expect(upload.path.startsWith(`users/${document.ownerUid}/showcases/${id}/`)).toBe(true);
        expect(fs.readFileSync(upload.file).subarray(8, 12).toString('ascii')).toBe('WEBP');
      }
    }
  });
});

describe('demo data', () => {
  it('has a few dozen showcases by several members, mostly published', () => {
    expect(showcases.length).toBeGreaterThanOrEqual(30);
    const published = showcases.filter((s) => s.status === 'published');
    expect(published.length).toBeGreaterThanOrEqual(24);
    expect(showcases.some((s) => s.status === 'draft')).toBe(true);
    expect(new Set(showcases.map((s) => s.ownerUid)).size).toBe(DEMO_MEMBERS.length);
    expect(new Set(showcases.map((s) => s.id)).size).toBe(showcases.length);
  });

  it('shapes every showcase as the schema says, search terms included', () => {
    for (const { id, likes: _likes, uploads: _uploads, ...document } of showcases) {
      expect(showcaseDocumentProblems(document, id)).toEqual({});
      expect(document.searchTerms).toEqual(searchTermsFor(document.title, document.tags));
      const owner = members.find((m) => m.uid === document.ownerUid);
      expect(document.ownerName).toBe(owner?.displayName);
    }
  });

  it('keeps every like count equal to its like documents, never liked by the owner', () => {
    for (const s of showcases) {
      expect(s.likeCount).toBe(s.likes.length);
      expect(new Set(s.likes.map((l) => l.uid)).size).toBe(s.likes.length);
      for (const like of s.likes) {
        expect(like.uid).not.toBe(s.ownerUid);
        expect(like.createdAt.getTime()).toBeGreaterThanOrEqual(s.createdAt.getTime());
        expect(like.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      }
      if (s.status === 'draft') expect(s.likeCount).toBe(0);
    }
    expect(showcases.reduce((sum, s) => sum + s.likeCount, 0)).toBeGreaterThan(30);
  });

  it('spreads dates over recent weeks, updates never before creation', () => {
    const sixWeeks = 43 * 24 * 60 * 60 * 1000;
    for (const s of showcases) {
      expect(s.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(NOW.getTime() - s.createdAt.getTime()).toBeLessThanOrEqual(sixWeeks);
      expect(s.updatedAt.getTime()).toBeGreaterThanOrEqual(s.createdAt.getTime());
      expect(s.updatedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    const days = new Set(
      showcases.map((s) => Math.floor((NOW.getTime() - s.createdAt.getTime()) / 86_400_000)),
    );
    expect(days.size).toBeGreaterThan(20);
  });

  it('points every image at a file the app serves', () => {
    const urls = [
      ...showcases.flatMap((s) => (s.imageUrl ? [s.imageUrl] : [])),
      ...members.map((m) => m.photoURL),
    ];
    for (const url of urls) {
      expect(url.startsWith(`${ORIGIN}/demo/`)).toBe(true);
      expect(fs.existsSync(path.join(PUBLIC_DIR, new URL(url).pathname))).toBe(true);
    }
  });

  it('gives every cover to the one showcase it illustrates', () => {
    const covers = showcases.flatMap((s) => (s.imageUrl ? [s.imageUrl] : []));
    expect(new Set(covers).size).toBe(covers.length);
    for (const s of showcases.filter((x) => x.imageUrl)) {
      const name = path.basename(new URL(s.imageUrl!).pathname, '.svg');
      expect(DEMO_COVERS.find((cover) => cover.name === name)?.title).toBe(s.title);
    }
  });

  it('is the same for the same clock', () => {
    expect(buildDemoData({ appOrigin: ORIGIN, now: NOW })).toEqual({ members, showcases });
  });
});
