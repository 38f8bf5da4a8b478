// Makers for the audience screen tests: a public profile as the signed-in shell writes it
// (seeded as the owner, so a test can also seed what the app would not write).
import type { PlainFields } from '@showcase/schema';
import { seedProfile, setDocuments, uniqueId } from '../../src/testing/emulator-rest';

export type Maker = { uid: string; name: string };

/** A maker's profile `users/{uid}`; `extra` adds or overrides fields (bio, links, counters). */
export async function seedMaker(
  name: string,
  extra: PlainFields = {},
  uid = uniqueId('maker'),
): Promise<Maker> {
  await seedProfile(uid, name, extra);
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
