/**
 * Whether `id` could name a Firestore document that a client wrote: not empty, at most 1,500
 * bytes' worth of characters, no slash, not `.` or `..`, and not reserved (`__…__`). Addresses
 * that carry an id (`/s/:id`, `/u/:uid`) check it before any read is made.
 */
export function isDocumentId(id: string): boolean {
  return (
    id.length > 0 &&
    id.length <= 1500 &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !/^__.*__$/u.test(id)
  );
}
