// Seeds the demo members (Auth emulator accounts + users/{uid}) and their showcases with likes.
// Idempotent: accounts that exist are kept, and Firestore is left alone once the first profile
// exists.
import { buildDemoData } from './demo-data.js';
import type { DocumentWrite, EmulatorClient } from './emulator-client.js';

export type SeedResult = {
  accountsCreated: number;
  documentsWritten: number;
  members: { email: string; password: string; displayName: string }[];
};

export async function seedDemoData(
  client: EmulatorClient,
  { appOrigin, now = new Date() }: { appOrigin: string; now?: Date },
): Promise<SeedResult> {
  const { members, showcases } = buildDemoData({ appOrigin, now });
  const existing = await client.lookupAccounts({ uids: members.map((m) => m.uid) });
  const known = new Set(existing.map((account) => account.localId));
  const missing = members.filter((m) => !known.has(m.uid));
  if (missing.length > 0)
    await client.importAccounts(
      missing.map((m) => ({
        localId: m.uid,
        email: m.email,
        rawPassword: m.password,
        displayName: m.displayName,
        photoUrl: m.photoURL,
        emailVerified: true,
        createdAt: String(m.createdAt.getTime()),
        lastLoginAt: String(m.createdAt.getTime()),
      })),
    );

  const documents: DocumentWrite[] = [];
  if (!(await client.getDocument(`users/${members[0]!.uid}`))) {
    for (const { likes, id, ...showcase } of showcases) {
      documents.push({ path: `showcases/${id}`, data: showcase });
      for (const like of likes)
        documents.push({
          path: `showcases/${id}/likes/${like.uid}`,
          data: { createdAt: like.createdAt },
        });
    }
    // Profiles last: the first profile is the "already seeded" marker, so a half-done seed is redone.
    for (const m of members)
      documents.push({
        path: `users/${m.uid}`,
        data: { displayName: m.displayName, photoURL: m.photoURL, createdAt: m.createdAt },
      });
    await client.commit(documents);
  }
  return {
    accountsCreated: missing.length,
    documentsWritten: documents.length,
    members: members.map(({ email, password, displayName }) => ({ email, password, displayName })),
  };
}
