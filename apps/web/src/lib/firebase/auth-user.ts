import type { User } from 'firebase/auth';
import type { SessionUser } from '../session/session-user';

/** The SDK's live `User` object as the plain snapshot the rest of the app sees. */
export function toSessionUser(user: User): SessionUser {
  const toEpoch = (time: string | undefined) => {
    const value = time ? Date.parse(time) : NaN;
    return Number.isNaN(value) ? null : value;
  };
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    photoURL: user.photoURL,
    phoneNumber: user.phoneNumber,
    isAnonymous: user.isAnonymous,
    tenantId: user.tenantId,
    providerData: user.providerData.map((info) => ({
      providerId: info.providerId,
      uid: info.uid,
      displayName: info.displayName,
      email: info.email,
      phoneNumber: info.phoneNumber,
      photoURL: info.photoURL,
    })),
    metadata: {
      createdAt: toEpoch(user.metadata.creationTime),
      lastLoginAt: toEpoch(user.metadata.lastSignInTime),
    },
  };
}
