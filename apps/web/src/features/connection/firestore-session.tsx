import { Suspense, useEffect, useRef } from 'react';
import { useNotify } from '../../components/feedback/notifier';
import { onLocalCache } from '../../lib/firebase/firestore';
import {
  createUserProfile,
  isAccountLeaving,
  publicNameOf,
  updateUserProfileDoc,
  userProfileRef,
} from '../../lib/firebase/profiles';
import { useDocSnapshot, useFirestore } from '../../lib/firebase/use-snapshot';
import type { SessionUser } from '../../lib/session';
import { useSession } from '../../lib/session';

let memoryCacheExplained = false;

/**
 * The signed-in user's Firestore session, mounted once in the app bar:
 * - listens to the user's own `users/{uid}` document, which keeps the connection indicator fed
 *   on every screen and creates/updates the public profile of members;
 * - says once when the browser only allows the memory cache.
 * (The sign-out guard lives in sign-out-guard.tsx, mounted without waiting for Firestore.)
 */
export function FirestoreSession() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <SessionKeeper user={session.user} />
    </Suspense>
  );
}

function isHttpUrl(value: string | null): value is string {
  return value !== null && /^https?:\/\/\S+$/i.test(value) && value.length <= 2048;
}

function SessionKeeper({ user }: { user: SessionUser }) {
  const db = useFirestore();
  const notify = useNotify();

  useEffect(
    () =>
      onLocalCache((kind) => {
        if (kind !== 'memory' || memoryCacheExplained) return;
        memoryCacheExplained = true;
        notify({
          severity: 'warning',
          message:
            "This browser doesn't let Showcase keep data on this device, so it works online only: changes made offline are lost when you close the tab.",
        });
      }),
    [notify],
  );

  // The public profile of members: created the first time the server says it is missing, then
  // kept in step with the account's name and photo (not while the account is being deleted).
  // One attempt per value, so a rejected write can never loop.
  const profile = useDocSnapshot(userProfileRef, [user.uid]);
  const attempted = useRef(new Set<string>());
  const wantedName = publicNameOf(user);
  const wantedPhoto = isHttpUrl(user.photoURL) ? user.photoURL : null;
  useEffect(() => {
    if (
      user.isAnonymous ||
      isAccountLeaving(user.uid) ||
      profile.status !== 'success' ||
      profile.fromCache ||
      profile.hasPendingWrites
    )
      return;
    const existing = profile.data;
    if (existing && existing.displayName === wantedName && existing.photoURL === wantedPhoto)
      return;
    const attempt = `${existing ? 'update' : 'create'}|${wantedName}|${wantedPhoto ?? ''}`;
    if (attempted.current.has(attempt)) return;
    attempted.current.add(attempt);
    const fields = { displayName: wantedName, photoURL: wantedPhoto };
    const write = existing
      ? updateUserProfileDoc(db, user.uid, fields)
      : createUserProfile(db, user.uid, fields);
    write.catch((error: unknown) =>
      console.warn('[showcase] The public profile was not saved.', error),
    );
  }, [db, user.uid, user.isAnonymous, wantedName, wantedPhoto, profile]);

  return null;
}
