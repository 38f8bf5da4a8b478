// Seeds the demo members (Auth emulator accounts + users/{uid}) and their showcases with likes.
// Idempotent and by content: only missing accounts and documents are added; nothing is overwritten.
import { buildDemoData } from './demo-data.js';
import type { DemoUpload } from './demo-uploads.js';
import { uploadDemoPhotos } from './demo-uploads.js';
import type { DocumentWrite, EmulatorClient } from './emulator-client.js';

export type SeedResult = {
  accountsCreated: number;
  documentsWritten: number;
  members: { email: string; password: string; displayName: string }[];
};

export async function seedDemoData(
  client: EmulatorClient,
  {
    appOrigin,
    now = new Date(),
    storageHost,
  }: {
    appOrigin: string;
    now?: Date;
    /** The Storage emulator (`host:port`): the demo showcases get uploaded pictures there. */
    storageHost?: string;
  },
): Promise<SeedResult> {
  const { members, showcases } = buildDemoData({
    appOrigin,
    now,
    ...(storageHost === undefined ? {} : { photos: { storageHost } }),
  });
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

  // Seeded by content: every demo document that is missing is written, the rest are left as they
  // are (an app already running may have recreated a profile, or a member may have edited a demo
  // showcase). A showcase's likes are written only together with it, so its likeCount always
  // matches its like documents.
  const showcasePath = (id: string) => `showcases/${id}`;
  const profilePath = (uid: string) => `users/${uid}`;
  const present = await client.existingPaths([
    ...showcases.map((s) => showcasePath(s.id)),
    ...members.map((m) => profilePath(m.uid)),
  ]);
  const documents: DocumentWrite[] = [];
  const uploads: DemoUpload[] = [];
  for (const { likes, id, uploads: pictures, ...showcase } of showcases) {
    if (present.has(showcasePath(id))) continue;
    uploads.push(...pictures);
    documents.push({ path: showcasePath(id), data: showcase });
    for (const like of likes)
      documents.push({
        path: `${showcasePath(id)}/likes/${like.uid}`,
        data: { createdAt: like.createdAt },
      });
  }
  for (const m of members)
    if (!present.has(profilePath(m.uid)))
      documents.push({
        path: profilePath(m.uid),
        data: { displayName: m.displayName, photoURL: m.photoURL, createdAt: m.createdAt },
      });
  // The pictures first: a showcase is never stored pointing at objects that are not there yet.
  if (storageHost !== undefined) await uploadDemoPhotos(storageHost, uploads);
  await client.commit(documents);
  return {
    accountsCreated: missing.length,
    documentsWritten: documents.length,
    members: members.map(({ email, password, displayName }) => ({ email, password, displayName })),
  };
}
