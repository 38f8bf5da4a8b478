// The seeded world of the audience rules tests (comments, follows, saves, activity, reports):
// the base world plus profiles for every member and one comment by `other` on each showcase.
import { EARLIER, PUBLISHED, DRAFT, baseWorld, storedShowcase } from './support.js';

/** `other`'s comment on the published showcase (counted: commentCount 1). */
export const COMMENT = `${PUBLISHED}/comments/c1`;
/** `other`'s comment on the draft, left from before it was unpublished. */
export const DRAFT_COMMENT = `${DRAFT}/comments/d1`;
/** What the published showcase is called (an activity repeats it). */
export const PUBLISHED_TITLE = 'Published work';

export const profile = (displayName: string, extra: Record<string, unknown> = {}) => ({
  displayName,
  createdAt: EARLIER,
  followerCount: 0,
  followingCount: 0,
  ...extra,
});

export function audienceWorld(): Record<string, Record<string, unknown>> {
  return {
    ...baseWorld(),
    [PUBLISHED]: {
      ...storedShowcase('owner', 'published'),
      commentCount: 1,
      lastCommentWrite: 'c1',
    },
    [DRAFT]: { ...storedShowcase('owner', 'draft'), commentCount: 1, lastCommentWrite: 'd1' },
    [COMMENT]: { authorUid: 'other', authorName: 'Other', text: 'Lovely.', createdAt: EARLIER },
    [DRAFT_COMMENT]: {
      authorUid: 'other',
      authorName: 'Other',
      text: 'Early.',
      createdAt: EARLIER,
    },
    'users/owner': profile('Owner'),
    'users/other': profile('Other'),
    'users/fan': profile('Fan'),
  };
}

/** The same after `other` followed `owner` (both edges, both counters). */
export function followingWorld(): Record<string, Record<string, unknown>> {
  const world = audienceWorld();
  return {
    ...world,
    'users/other': profile('Other', { followingCount: 1, lastFollowingWrite: 'owner' }),
    'users/owner': profile('Owner', { followerCount: 1 }),
    'users/other/following/owner': { createdAt: EARLIER },
    'users/owner/followers/other': { createdAt: EARLIER },
  };
}
