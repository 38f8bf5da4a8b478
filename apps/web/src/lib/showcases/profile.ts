/**
 * A member's public profile (`users/{uid}`) as the screens show it, read from stored fields by
 * the data layer's converter and by the first paint's REST read alike, and the counts its page
 * shows.
 */
import type { ProfileAudience, Showcase } from '@showcase/schema';
import { formatDate } from './format';
import { readOptionalText, readProfileAudience, readText, toDate } from '@showcase/schema';

export type UserProfile = ProfileAudience & {
  uid: string;
  displayName: string;
  photoURL: string | null;
  createdAt: Date | null;
  pending: boolean;
};

export function userProfileFromFields(
  uid: string,
  data: Readonly<Record<string, unknown>>,
  pending: boolean,
): UserProfile {
  return {
    uid,
    displayName: readText(data.displayName),
    photoURL: readOptionalText(data.photoURL),
    ...readProfileAudience(data),
    createdAt: toDate(data.createdAt),
    pending,
  };
}

/** A profile page lists this many of the member's showcases; past it, the count reads "60+". */
export const PROFILE_SHOWCASES_LIMIT = 60;

/** The showcase count a profile shows for `count` showcases read (at most the limit). */
export function profileShowcaseCount(count: number): string {
  return count >= PROFILE_SHOWCASES_LIMIT ? `${PROFILE_SHOWCASES_LIMIT}+` : `${count}`;
}

/** Showcases, followers, following: each count's label and value, in the page's order. */
export function profileCountEntries(counts: {
  showcases: string;
  followers: number;
  following: number;
}): [label: string, value: string][] {
  return [
    [counts.showcases === '1' ? 'showcase' : 'showcases', counts.showcases],
    [counts.followers === 1 ? 'follower' : 'followers', counts.followers.toLocaleString()],
    ['following', counts.following.toLocaleString()],
  ];
}

/** The name a profile shows: its own, or the one its newest showcase carries ('' for neither). */
export function profileName(profile: UserProfile | null, showcases: readonly Showcase[]): string {
  return profile?.displayName || showcases[0]?.ownerName || '';
}

/** The letter a maker's avatar shows without a photo. */
export function nameInitial(name: string): string {
  return Array.from(name)[0]?.toUpperCase() ?? '?';
}

/** A profile's heading, for a maker with no name too. */
export const profileHeading = (name: string): string => name || 'A member';

/** The accessible name of a profile's grid of showcases. */
export const profileGridLabel = (name: string): string => `Showcases by ${name || 'this member'}`;

/** The line under a profile's name. */
export const memberSince = (createdAt: Date): string => `Member since ${formatDate(createdAt)}`;
