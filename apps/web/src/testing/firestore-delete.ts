/** Deleting documents on the screen tests' Firestore emulator as the owner (rules bypassed). */
import { inject } from 'vitest';
import { readFirebaseConfig } from '../config/env';

/** Deletes these documents (paths like `showcases/x`) in one commit, as a server-side change. */
export async function deleteDocuments(paths: string[]): Promise<void> {
  const { projectId } = readFirebaseConfig();
  const database = `projects/${projectId}/databases/(default)`;
  const url = `http://${inject('screenStack').firestoreHost}/v1/${database}/documents:commit`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({
      writes: paths.map((path) => ({ delete: `${database}/documents/${path}` })),
    }),
  });
  if (!response.ok) throw new Error(`Deleting ${paths.join(', ')} failed: HTTP ${response.status}`);
}
