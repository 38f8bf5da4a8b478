/** Which showcase the screen shows, read from the address as the router keeps it. */

/** The id of the showcase whose page (`/s/:id`) or form (`/s/:id/edit`, `/new?id=`) is open. */
export function openShowcaseId(): string {
  const { pathname, search } = window.location;
  const id = pathname.startsWith('/s/')
    ? pathname.split('/')[2]
    : new URLSearchParams(search).get('id');
  if (!id) throw new Error(`No showcase is open at ${pathname}${search}`);
  return id;
}
