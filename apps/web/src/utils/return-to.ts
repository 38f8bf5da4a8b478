import { paths } from '../config/paths';

/**
 * Where a visitor was going when a guard sent them to sign in. It travels in the router's
 * location state (`{ from }`) across the sign-in screens and is only ever an in-app path.
 */

export type AuthLocationState = {
  /** The path (with search and hash) to return to after signing in. */
  from?: string;
  /** An email to prefill (e.g. "sign in instead" from the sign-up screen). */
  email?: string;
};

/** An in-app path, never another origin (`//evil.example`, `https://…`) or a `javascript:` URL. */
export function isSafeReturnPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\') &&
    value.length <= 2048
  );
}

export function readAuthState(state: unknown): AuthLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const { from, email } = state as Record<string, unknown>;
  return {
    ...(isSafeReturnPath(from) ? { from } : {}),
    ...(typeof email === 'string' && email.length <= 254 ? { email } : {}),
  };
}

/**
 * A link to the sign-in screen that comes back to `from` afterwards (the same `{ from }` the
 * guards pass), for actions a visitor may see but only a member may do.
 */
export function signInFirst(from: string): { to: string; state: AuthLocationState } {
  return { to: paths.signIn, state: { from } };
}

/** The path a guard remembers: everything after the origin. */
export function locationPath(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
