// Seeds the demo members (Auth emulator accounts + users/{uid}) and their showcases with likes.
// Idempotent: accounts that exist are kept, and Firestore is left alone once the first profile exists.
// Run standalone against running emulators: node scripts/seed.mjs
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildDemoData } from './lib/demo-data.mjs';
import { PROJECT_ID } from './lib/emulators.mjs';
import { commitDocuments, documentExists } from './lib/firestore-rest.mjs';
import { portFromEnv } from './lib/ports.mjs';

const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' };

async function authAdmin(authUrl, method, body) {
  const response = await fetch(
    `${authUrl}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:${method}`,
    {
      method: 'POST',
      headers: OWNER,
      body: JSON.stringify(body),
    },
  );
  const json = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new Error(
      `Auth emulator accounts:${method} failed: HTTP ${response.status} ${JSON.stringify(json)}`,
    );
  return json;
}

/** Creates the demo accounts that do not exist yet; returns how many were created. */
async function seedAccounts(authUrl, members) {
  const found = await authAdmin(authUrl, 'lookup', { localId: members.map((m) => m.uid) });
  const existing = new Set((found.users ?? []).map((u) => u.localId));
  const missing = members.filter((m) => !existing.has(m.uid));
  if (missing.length === 0) return 0;
  const result = await authAdmin(authUrl, 'batchCreate', {
    users: missing.map((m) => ({
      localId: m.uid,
      email: m.email,
      rawPassword: m.password,
      displayName: m.displayName,
      photoUrl: m.photoURL,
      emailVerified: true,
      createdAt: String(m.createdAt.getTime()),
      lastLoginAt: String(m.createdAt.getTime()),
    })),
  });
  if (result.error?.length)
    throw new Error(`Creating demo accounts failed: ${JSON.stringify(result.error)}`);
  return missing.length;
}

/**
 * @param {{ authUrl: string, firestoreUrl: string, appOrigin: string, now?: Date }} options
 * @returns {Promise<{ accountsCreated: number, documentsWritten: number, members: { email: string, password: string, displayName: string }[] }>}
 */
export async function seedDemoData({ authUrl, firestoreUrl, appOrigin, now = new Date() }) {
  const { members, showcases } = buildDemoData({ appOrigin, now });
  const accountsCreated = await seedAccounts(authUrl, members);
  let documentsWritten = 0;
  if (!(await documentExists(firestoreUrl, `users/${members[0].uid}`))) {
    const documents = [];
    for (const { likes, id, ...showcase } of showcases) {
      documents.push({ path: `showcases/${id}`, data: showcase });
      for (const like of likes)
        documents.push({
          path: `showcases/${id}/likes/${like.uid}`,
          data: { createdAt: like.createdAt },
        });
    }
    // Profiles last: the first profile is the "already seeded" marker, so a half-done seed is redone.
    for (const m of members) {
      documents.push({
        path: `users/${m.uid}`,
        data: { displayName: m.displayName, photoURL: m.photoURL, createdAt: m.createdAt },
      });
    }
    await commitDocuments(firestoreUrl, documents);
    documentsWritten = documents.length;
  }
  return {
    accountsCreated,
    documentsWritten,
    members: members.map(({ email, password, displayName }) => ({ email, password, displayName })),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const authPort = portFromEnv('SHOWCASE_AUTH_PORT', 9099);
  const firestorePort = portFromEnv('SHOWCASE_FIRESTORE_PORT', 8080);
  const webPort = portFromEnv('SHOWCASE_WEB_PORT', 5173);
  try {
    const result = await seedDemoData({
      authUrl: `http://127.0.0.1:${authPort}`,
      firestoreUrl: `http://127.0.0.1:${firestorePort}`,
      appOrigin: `http://127.0.0.1:${webPort}`,
    });
    console.log(
      `Seeded ${result.accountsCreated} accounts and ${result.documentsWritten} documents.`,
    );
  } catch (error) {
    console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
    console.error('Are the emulators running? Start them with npm start.');
    process.exit(1);
  }
}
