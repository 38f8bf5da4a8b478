import type { Activity, ActivityType } from '@showcase/schema';

/** Several people doing the same thing to the same showcase (or following), told as one line. */
export type ActivityGroup = {
  /** Stable while the group's newest member stays the same kind of thing. */
  key: string;
  type: ActivityType;
  /** Distinct people, newest first. */
  actors: { uid: string; name: string }[];
  showcaseId: string | null;
  showcaseTitle: string | null;
  /** The newest item's time. */
  latest: Date | null;
  /** Some item of the group had not been read when the screen opened. */
  unread: boolean;
  /** Every activity id in the group. */
  ids: string[];
};

const VERB: Record<ActivityType, string> = {
  like: 'liked',
  comment: 'commented on',
  follow: 'started following',
};

/**
 * Groups the member's activity (newest first) by what happened and to which showcase: every
 * like of Lamp is one line, every comment on Lamp another, every new follower a third. A group
 * sits where its newest item would, so the list stays newest first. `unreadIds` are the items
 * that were unread when the screen opened (marking them read must not take the highlight away
 * while the reader looks).
 */
export function groupActivity(
  items: readonly Activity[],
  unreadIds: ReadonlySet<string>,
): ActivityGroup[] {
  const groups = new Map<string, ActivityGroup>();
  for (const item of items) {
    const key = item.type === 'follow' ? 'follow' : `${item.type}:${item.showcaseId ?? ''}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        key,
        type: item.type,
        actors: [],
        showcaseId: item.showcaseId,
        showcaseTitle: item.showcaseTitle,
        latest: item.createdAt,
        unread: false,
        ids: [],
      };
      groups.set(key, group);
    }
    group.ids.push(item.id);
    if (unreadIds.has(item.id)) group.unread = true;
    // One person commenting three times is one person in the line.
    if (!group.actors.some((actor) => actor.uid === item.actorUid))
      group.actors.push({ uid: item.actorUid, name: item.actorName.trim() || 'Someone' });
  }
  return [...groups.values()];
}

/** "Maya liked Lamp", "Maya and Sam liked Lamp", "Maya and 3 others liked Lamp". */
export function activitySentence(group: ActivityGroup): string {
  const [first, second] = group.actors;
  const others = group.actors.length - 1;
  const who =
    others === 0 || first === undefined
      ? (first?.name ?? 'Someone')
      : others === 1 && second !== undefined
        ? `${first.name} and ${second.name}`
        : `${first.name} and ${others.toLocaleString()} others`;
  const what = group.type === 'follow' ? 'you' : group.showcaseTitle?.trim() || 'Untitled';
  return `${who} ${VERB[group.type]} ${what}`;
}
