// Decodes the bearer token every transport receives (REST header, WebChannel handshake header,
// gRPC metadata) into a Caller. Tokens are never verified: no signature, no `exp` check — the Auth
// emulator signs nothing (alg none, empty signature) and rules-unit-testing's mock tokens expire
// in 1970.
import { EmulatorError } from '../errors.js';
import type { Caller } from '../service/types.js';

const OWNER: Caller = { kind: 'owner' };
const UNAUTHENTICATED: Caller = { kind: 'unauthenticated' };

function invalid(reason: string): EmulatorError {
  return new EmulatorError(
    'UNAUTHENTICATED',
    `Invalid Authorization header: ${reason}. Expected "Bearer owner" or "Bearer <Firebase ID token>".`,
  );
}

function decodeBase64UrlJson(segment: string): unknown {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(segment)) throw invalid('the token is not base64url');
  const text = Buffer.from(segment, 'base64url').toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('the token payload is not JSON');
  }
}

/** `header` is the raw Authorization value (undefined when absent). */
export function callerFromAuthorization(header: string | undefined): Caller {
  if (header === undefined) return UNAUTHENTICATED;
  const value = header.trim();
  if (value === '') return UNAUTHENTICATED;
  const match = /^Bearer\s+(.+)$/i.exec(value);
  if (!match) throw invalid('not a Bearer token');
  const token = match[1]!.trim();
  if (token === 'owner') return OWNER;
  const parts = token.split('.');
  if (parts.length !== 3) throw invalid('the token is not a JWT');
  const payload = decodeBase64UrlJson(parts[1]!);
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw invalid('the token payload is not a JSON object');
  }
  const claims = payload as Record<string, unknown>;
  const uid = typeof claims.sub === 'string' ? claims.sub : claims.user_id;
  if (typeof uid !== 'string' || uid === '') throw invalid('the token has no "sub" or "user_id"');
  return { kind: 'user', uid, token: claims };
}
