// The link-preview function's inlined document, read by the first paint, is the showcase its
// REST read would have given: the function's own renderer (functions/) against this reader.
import {
  INLINE_DATA_ID as FUNCTION_INLINE_DATA_ID,
  previewFor,
  renderPreviewPage,
} from '@showcase/functions';
import { buildShowcase, buildShowcaseImage, toFields } from '@showcase/schema';
import { describe, expect, it } from 'vitest';
import { INLINE_DATA_ID, readInlinedAnswer } from './inline';
import { readFirstPaintAnswer } from './rest';

const SITE = { origin: 'http://127.0.0.1:5173', projectId: 'demo-showcase' };
const route = { kind: 'showcase', id: 'lamp' } as const;

function inlinedText(data: Record<string, unknown>): string | undefined {
  const html = renderPreviewPage(
    '<html><head><title>Showcase</title><script></script></head></html>',
    previewFor(route, data, SITE),
    SITE.origin,
  );
  return new RegExp(
    `<script type="application/json" id="${INLINE_DATA_ID}">(.*?)</script>`,
    'u',
  ).exec(html)?.[1];
}

describe('readInlinedAnswer', () => {
  it('reads the element the function writes', () => {
    expect(FUNCTION_INLINE_DATA_ID).toBe(INLINE_DATA_ID);
  });

  it('gives the showcase a REST read of the same document gives', () => {
    const images = [buildShowcaseImage('maya', 'lamp', { alt: 'Lamp' })];
    const data = buildShowcase({
      title: '</script><b>Lamp',
      ownerUid: 'maya',
      images,
      likeCount: 2,
    });
    const rest = {
      name: 'projects/demo-showcase/databases/(default)/documents/showcases/lamp',
      fields: toFields({ ...data, searchTerms: [] }),
    };
    const inlined = readInlinedAnswer(route, inlinedText(data));
    expect(inlined).not.toBeNull();
    expect(inlined).toEqual(readFirstPaintAnswer(route, rest));
  });

  it('reads nothing for the gallery, another showcase, a draft or broken text', () => {
    const text = inlinedText(buildShowcase({ title: 'Lamp' }));
    expect(readInlinedAnswer({ kind: 'gallery', sort: 'newest', tag: null }, text)).toBeNull();
    expect(readInlinedAnswer({ kind: 'showcase', id: 'other' }, text)).toBeNull();
    expect(inlinedText(buildShowcase({ status: 'draft' }))).toBeUndefined();
    expect(readInlinedAnswer(route, '{"name":')).toBeNull();
    expect(readInlinedAnswer(route, undefined)).toBeNull();
  });
});
