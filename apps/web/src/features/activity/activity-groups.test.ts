import { describe, expect, it } from 'vitest';
import type { Activity } from '@showcase/schema';
import { activitySentence, groupActivity } from './activity-groups';

let sequence = 0;
function item(overrides: Partial<Activity>): Activity {
  sequence += 1;
  return {
    id: `a${sequence}`,
    type: 'like',
    actorUid: `u${sequence}`,
    actorName: `Person ${sequence}`,
    showcaseId: 's1',
    showcaseTitle: 'Lamp',
    commentId: null,
    createdAt: new Date(Date.UTC(2026, 10, 27, 12, 0, 60 - sequence)),
    read: true,
    pending: false,
    ...overrides,
  };
}

describe('groupActivity', () => {
  it('puts likes of one showcase on one line, newest group first', () => {
    const items = [
      item({ id: 'l1', actorUid: 'maya', actorName: 'Maya' }),
      item({ id: 'c1', type: 'comment', actorUid: 'sam', actorName: 'Sam' }),
      item({ id: 'l2', actorUid: 'ana' }),
      item({ id: 'l3', actorUid: 'bo' }),
      item({ id: 'l4', actorUid: 'cy' }),
      item({
        id: 'l5',
        showcaseId: 's2',
        showcaseTitle: 'Chair',
        actorUid: 'maya',
        actorName: 'Maya',
      }),
    ];
    const groups = groupActivity(items, new Set(['l3']));
    expect(groups.map((group) => group.key)).toEqual(['like:s1', 'comment:s1', 'like:s2']);
    expect(groups.map(activitySentence)).toEqual([
      'Maya and 3 others liked Lamp',
      'Sam commented on Lamp',
      'Maya liked Chair',
    ]);
    expect(groups.map((group) => group.unread)).toEqual([true, false, false]);
    expect(groups[0]!.ids).toEqual(['l1', 'l2', 'l3', 'l4']);
  });

  it('counts a person once however often they commented, and names two people', () => {
    const items = [
      item({ type: 'comment', actorUid: 'maya', actorName: 'Maya' }),
      item({ type: 'comment', actorUid: 'maya', actorName: 'Maya' }),
      item({ type: 'comment', actorUid: 'sam', actorName: 'Sam' }),
    ];
    expect(groupActivity(items, new Set()).map(activitySentence)).toEqual([
      'Maya and Sam commented on Lamp',
    ]);
  });

  it('tells followers apart from showcases and names an untitled showcase', () => {
    const items = [
      item({ type: 'follow', showcaseId: null, showcaseTitle: null, actorName: 'Maya' }),
      item({ showcaseTitle: '  ', actorName: '' }),
    ];
    expect(groupActivity(items, new Set()).map(activitySentence)).toEqual([
      'Maya started following you',
      'Someone liked Untitled',
    ]);
  });
});
