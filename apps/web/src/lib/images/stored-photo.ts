import { PROFILE_PHOTO_WIDTHS, profilePhotoPath } from '@showcase/schema';

/**
 * The Storage paths of the profile photo a download URL points at, when it is one of this
 * member's uploads (`…/o/users%2F{uid}%2Fprofile%2F{photoId}%2F{width}.webp?…`); none for any
 * other address (a photo from a sign-in provider, a typed URL).
 */
export function profilePhotoPaths(photoURL: string | null, ownerUid: string): string[] {
  if (!photoURL) return [];
  let name: string;
  try {
    const { pathname } = new URL(photoURL);
    const at = pathname.indexOf('/o/');
    if (at < 0) return [];
    name = decodeURIComponent(pathname.slice(at + 3));
  } catch {
    return [];
  }
  const prefix = `users/${ownerUid}/profile/`;
  const match = /^([A-Za-z0-9_-]{1,40})\/\d+\.webp$/.exec(
    name.startsWith(prefix) ? name.slice(prefix.length) : '',
  );
  if (!match) return [];
  return PROFILE_PHOTO_WIDTHS.map((width) => profilePhotoPath(ownerUid, match[1]!, width));
}
