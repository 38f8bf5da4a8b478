// Makers for the audience screen tests: a public profile as the signed-in shell writes it
// (seeded as the owner, so a test can also seed what the app would not write).
import { nameTermsFor } from '@showcase/schema';
import { setDocuments, uniqueId } from '../../src/testing/emulator-rest';

export type Maker = { uid: string; name: string };

/** A maker's profile `users/{uid}`; `extra` adds or overrides fields (bio, links, counters). */
export async function seedMaker(
  name: string,
  extra: Record<string, unknown> = {},
  uid = uniqueId('maker'),
): Promise<Maker> {
  await setDocuments([
    {
      path: `users/${uid}`,
      data: {
        displayName: name,
        photoURL: null,
        nameTerms: nameTermsFor(name),
        followerCount: 0,
        followingCount: 0,
        createdAt: new Date(),
        ...extra,
      } as never,
    },
  ]);
  return { uid, name };
}

/** `follower` follows each of `makers`, with both edges (counters left as they are). */
export async function seedFollows(followerUid: string, makerUids: readonly string[]) {
  await setDocuments(
    makerUids.flatMap((makerUid) => [
      { path: `users/${followerUid}/following/${makerUid}`, data: { createdAt: new Date() } },
      { path: `users/${makerUid}/followers/${followerUid}`, data: { createdAt: new Date() } },
    ]),
  );
}
