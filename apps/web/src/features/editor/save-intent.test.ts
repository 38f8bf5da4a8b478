import { describe, expect, it } from 'vitest';
import type { SaveIntent } from './save-intent';
import { actionsOf, intentText, saveActions, statusAfter } from './save-intent';

const ALL: SaveIntent[] = ['publish', 'save-draft', 'save-changes', 'unpublish'];

describe('saveActions', () => {
  it('offers Publish and Save draft until a showcase is published', () => {
    expect(saveActions(false).map((intent) => intentText[intent].label)).toEqual([
      'Publish',
      'Save draft',
    ]);
  });

  it('offers Save changes and Unpublish on a published showcase', () => {
    expect(saveActions(true).map((intent) => intentText[intent].label)).toEqual([
      'Save changes',
      'Unpublish',
    ]);
  });

  it('keeps showing the actions a running save was started from', () => {
    for (const intent of ALL) expect(actionsOf(intent)).toContain(intent);
    expect(actionsOf('unpublish')).toBe(saveActions(true));
    expect(actionsOf('save-draft')).toBe(saveActions(false));
  });
});

describe('statusAfter', () => {
  it('keeps a published showcase published unless it is unpublished', () => {
    expect(statusAfter('save-changes')).toBe('published');
    expect(statusAfter('unpublish')).toBe('draft');
  });

  it('publishes or keeps a draft as asked', () => {
    expect(statusAfter('publish')).toBe('published');
    expect(statusAfter('save-draft')).toBe('draft');
  });

  it('only the submit action of a published showcase keeps it published', () => {
    const [submit, other] = saveActions(true);
    expect([statusAfter(submit), statusAfter(other)]).toEqual(['published', 'draft']);
  });
});
