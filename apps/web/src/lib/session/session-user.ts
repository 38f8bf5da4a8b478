export type ProviderProfile = {
  providerId: string;
  uid: string;
  displayName: string | null;
  email: string | null;
  phoneNumber: string | null;
  photoURL: string | null;
};

/** The signed-in user record, as a plain immutable snapshot (never an SDK object). */
export type SessionUser = {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoURL: string | null;
  phoneNumber: string | null;
  /** A guest (anonymous sign-in); otherwise a member. */
  isAnonymous: boolean;
  tenantId: string | null;
  providerData: readonly ProviderProfile[];
  /** Epoch milliseconds (the record's `metadata.createdAt` / `metadata.lastLoginAt`). */
  metadata: { createdAt: number | null; lastLoginAt: number | null };
};

export type ReauthenticationMethod = 'password' | 'google';

/** How the current user can prove it is them again, or `null` (a guest cannot). */
export function reauthenticationMethod(user: SessionUser): ReauthenticationMethod | null {
  const providers = user.providerData.map((info) => info.providerId);
  if (providers.includes('password') && user.email) return 'password';
  if (providers.includes('google.com')) return 'google';
  return null;
}
