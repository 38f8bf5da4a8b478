// One typed client for the two emulators' REST APIs, as the scripts, the e2e suite and the benches
// use them: Firestore writes, reads and clearing as the owner (`Bearer owner` bypasses the rules,
// as in the official emulator), rules upload, and the Auth emulator's account API.
import { API_KEY, PROJECT_ID } from './paths.js';
import type { PlainFields, PlainValue, RestFields } from '@showcase/schema';
import { fromFields, toFields } from '@showcase/schema';

export type EmulatorAddresses = { authUrl: string; firestoreUrl: string };
/** A document as the server holds it; `updateTime` (RFC 3339) is its version. */
export type StoredDocument = {
  id: string;
  path: string;
  data: Record<string, PlainValue>;
  updateTime: string;
};
export type DocumentWrite = { path: string; data: PlainFields };
/**
 * Sets the given fields of a document, leaving its others alone, only if it is still at
 * `ifUpdateTime` (the `updateTime` it was read at).
 */
export type FieldsUpdate = { path: string; data: PlainFields; ifUpdateTime: string };
/** How one update of `updateFields` ended: written, not applied (changed or gone), or refused. */
export type FieldsUpdateOutcome = 'written' | 'precondition-failed' | 'refused';

export type AccountRecord = {
  localId: string;
  email?: string;
  displayName?: string;
  disabled?: boolean;
  providerUserInfo?: { providerId: string; email?: string; rawId?: string }[];
};
/** An account for the Auth emulator's batchCreate (admin import). */
export type ImportedAccount = {
  localId: string;
  email: string;
  rawPassword: string;
  displayName?: string;
  photoUrl?: string;
  emailVerified?: boolean;
  createdAt?: string;
  lastLoginAt?: string;
};
export type OobCode = { email: string; requestType: string; oobCode: string; oobLink: string };

const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' };
const DATABASE = `projects/${PROJECT_ID}/databases/(default)`;

type RestDocument = { name: string; fields?: RestFields; updateTime: string };
type RestStatus = { code?: number; message?: string };
/** gRPC codes a precondition miss comes back with: the document changed, or is gone. */
const PRECONDITION_CODES = new Set([5 /* NOT_FOUND */, 9 /* FAILED_PRECONDITION */]);

/** A JSON call as the owner (unless `headers` say otherwise); a 404 is `undefined` when allowed. */
async function request<T>(
  what: string,
  url: string,
  { allow404 = false, headers = OWNER, ...init }: RequestInit & { allow404?: boolean } = {},
): Promise<T> {
  const response = await fetch(url, { ...init, headers });
  const text = await response.text();
  if (allow404 && response.status === 404) return undefined as T;
  if (!response.ok) throw new Error(`${what} failed: HTTP ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

function toStored(document: RestDocument): StoredDocument {
  const path = document.name.split('/documents/')[1] ?? document.name;
  return {
    id: path.split('/').pop() ?? path,
    path,
    data: fromFields(document.fields),
    updateTime: document.updateTime,
  };
}

export class EmulatorClient {
  readonly authUrl: string;
  readonly firestoreUrl: string;

  constructor({ authUrl, firestoreUrl }: EmulatorAddresses) {
    this.authUrl = authUrl;
    this.firestoreUrl = firestoreUrl;
  }

  // Firestore ---------------------------------------------------------------------------------

  /** Writes whole documents; each batch of `batchSize` is one atomic commit. */
  async commit(documents: DocumentWrite[], batchSize = 400): Promise<void> {
    for (let start = 0; start < documents.length; start += batchSize) {
      const writes = documents.slice(start, start + batchSize).map(({ path, data }) => ({
        update: { name: `${DATABASE}/documents/${path}`, fields: toFields(data) },
      }));
      await request('Firestore commit', `${this.firestoreUrl}/v1/${DATABASE}/documents:commit`, {
        method: 'POST',
        body: JSON.stringify({ writes }),
      });
    }
  }

  /**
   * Field updates, each applied on its own (batchWrite: one that misses its precondition does
   * not stop the others), `batchSize` per request. Returns each update's outcome, in order.
   */
  async updateFields(updates: FieldsUpdate[], batchSize = 500): Promise<FieldsUpdateOutcome[]> {
    const outcomes: FieldsUpdateOutcome[] = [];
    for (let start = 0; start < updates.length; start += batchSize) {
      const writes = updates
        .slice(start, start + batchSize)
        .map(({ path, data, ifUpdateTime }) => ({
          update: { name: `${DATABASE}/documents/${path}`, fields: toFields(data) },
          updateMask: { fieldPaths: Object.keys(data) },
          currentDocument: { updateTime: ifUpdateTime },
        }));
      const { status = [] } = await request<{ status?: RestStatus[] }>(
        'Firestore batchWrite',
        `${this.firestoreUrl}/v1/${DATABASE}/documents:batchWrite`,
        { method: 'POST', body: JSON.stringify({ writes }) },
      );
      for (let index = 0; index < writes.length; index += 1) {
        const code = status[index]?.code ?? 0;
        outcomes.push(
          code === 0 ? 'written' : PRECONDITION_CODES.has(code) ? 'precondition-failed' : 'refused',
        );
      }
    }
    return outcomes;
  }

  /** Deletes documents (missing ones are fine) in one atomic commit. */
  async deleteDocuments(paths: string[]): Promise<void> {
    const writes = paths.map((path) => ({ delete: `${DATABASE}/documents/${path}` }));
    await request('Firestore delete', `${this.firestoreUrl}/v1/${DATABASE}/documents:commit`, {
      method: 'POST',
      body: JSON.stringify({ writes }),
    });
  }

  /** One document as the server holds it, or undefined. */
  async getDocument(path: string): Promise<StoredDocument | undefined> {
    const url = `${this.firestoreUrl}/v1/${DATABASE}/documents/${path}`;
    const found = await request<RestDocument | undefined>(`Reading ${path}`, url, {
      allow404: true,
    });
    return found && toStored(found);
  }

  /** Which of `paths` hold a document now (one batchGet; order and duplicates do not matter). */
  async existingPaths(paths: string[]): Promise<Set<string>> {
    if (paths.length === 0) return new Set();
    const results = await request<{ found?: RestDocument }[]>(
      'Reading documents',
      `${this.firestoreUrl}/v1/${DATABASE}/documents:batchGet`,
      {
        method: 'POST',
        body: JSON.stringify({ documents: paths.map((path) => `${DATABASE}/documents/${path}`) }),
      },
    );
    return new Set(
      results.flatMap((result) => (result.found ? [toStored(result.found).path] : [])),
    );
  }

  /** Every document of a collection (`showcases`, `showcases/x/likes`), as the server holds them. */
  async listDocuments(collectionPath: string): Promise<StoredDocument[]> {
    const slash = collectionPath.lastIndexOf('/');
    const parent = slash < 0 ? '' : `/${collectionPath.slice(0, slash)}`;
    const results = await request<{ document?: RestDocument }[]>(
      `Listing ${collectionPath}`,
      `${this.firestoreUrl}/v1/${DATABASE}/documents${parent}:runQuery`,
      {
        method: 'POST',
        body: JSON.stringify({
          structuredQuery: { from: [{ collectionId: collectionPath.slice(slash + 1) }] },
        }),
      },
    );
    return results.flatMap((result) => (result.document ? [toStored(result.document)] : []));
  }

  /** Deletes every document (open listeners see the deletes). */
  async clearFirestore(): Promise<void> {
    await request(
      'Clearing Firestore',
      `${this.firestoreUrl}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`,
      { method: 'DELETE' },
    );
  }

  /** Replaces the rules in force; throws with the compile errors when they do not compile. */
  async loadRules(content: string, name = 'firestore.rules'): Promise<void> {
    await request(
      'Loading rules',
      `${this.firestoreUrl}/emulator/v1/projects/${PROJECT_ID}:securityRules`,
      { method: 'PUT', body: JSON.stringify({ rules: { files: [{ name, content }] } }) },
    );
  }

  // Auth --------------------------------------------------------------------------------------

  /** An Identity Toolkit call: admin ones as the owner, public ones (`asUser`) as the app. */
  private auth<T>(method: string, body: unknown, asUser = false): Promise<T> {
    const path = asUser ? `accounts:${method}` : `projects/${PROJECT_ID}/accounts:${method}`;
    return request<T>(
      `Auth emulator accounts:${method}`,
      `${this.authUrl}/identitytoolkit.googleapis.com/v1/${path}?key=${API_KEY}`,
      {
        method: 'POST',
        body: JSON.stringify(body),
        ...(asUser ? { headers: { 'content-type': 'application/json' } } : {}),
      },
    );
  }

  /** Creates an email/password account through the public sign-up API, as the app would. */
  async signUp(account: { email: string; password: string; displayName?: string }) {
    const created = await this.auth<{ localId: string }>(
      'signUp',
      { ...account, returnSecureToken: true },
      true,
    );
    return created.localId;
  }

  /** The emulator's records of the given accounts (those that exist). */
  async lookupAccounts(query: { uids: string[] } | { emails: string[] }): Promise<AccountRecord[]> {
    const body = 'uids' in query ? { localId: query.uids } : { email: query.emails };
    return (await this.auth<{ users?: AccountRecord[] }>('lookup', body)).users ?? [];
  }

  /** Imports accounts with fixed uids (the demo members). */
  async importAccounts(users: ImportedAccount[]): Promise<void> {
    const result = await this.auth<{ error?: unknown[] }>('batchCreate', { users });
    if (result.error?.length)
      throw new Error(`Importing accounts failed: ${JSON.stringify(result.error)}`);
  }

  /** Disables (or re-enables) an account: its refresh token stops working while disabled. */
  async setAccountDisabled(uid: string, disabled: boolean): Promise<void> {
    await this.auth('update', { localId: uid, disableUser: disabled });
  }

  async deleteAccount(uid: string): Promise<void> {
    await this.auth('delete', { localId: uid });
  }

  /** Out-of-band codes (password reset, email verification) the emulator "sent". */
  async oobCodes(): Promise<OobCode[]> {
    const url = `${this.authUrl}/emulator/v1/projects/${PROJECT_ID}/oobCodes`;
    return (await request<{ oobCodes?: OobCode[] }>('Listing oob codes', url)).oobCodes ?? [];
  }
}
