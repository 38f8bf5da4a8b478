// What every Storage route gets: the parsed request, the caller, the service and the limits;
// and what it returns: one reply the handler writes (errors are thrown, mapped once there).
import type { IncomingMessage } from 'node:http';
import { EmulatorError } from '../../errors.js';
import type { Caller } from '../../service/types.js';
import type { ListRequest, StorageService } from '../../storage/types.js';
import { callerFromAuthorization } from '../caller.js';
import type { StorageBodyLimits } from './storage-wire.js';

export type StorageReply = {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly json?: unknown;
  readonly body?: Buffer;
};

export type StorageRequest = {
  readonly req: IncomingMessage;
  readonly method: string;
  /** The raw path, undecoded. */
  readonly path: string;
  /** Only its query is meaningful. */
  readonly url: URL;
  readonly service: StorageService;
  readonly limits: StorageBodyLimits;
  /** `http://host:port` as the client reached us (upload URLs point back here). */
  readonly origin: string;
  caller(): Caller;
};

/**
 * The Storage SDK sends `Authorization: Firebase <token>` (`Firebase owner` from
 * rules-unit-testing's rules-disabled context); GCS clients send `Bearer …`. Both become the
 * same Caller as on the Firestore side.
 */
export function storageCallerOf(header: string | undefined): Caller {
  if (header === undefined) return callerFromAuthorization(undefined);
  const match = /^Firebase\s+(.+)$/i.exec(header.trim());
  return callerFromAuthorization(match ? `Bearer ${match[1]}` : header);
}

export function queryParam(url: URL, name: string): string | undefined {
  const value = url.searchParams.get(name);
  return value === null ? undefined : value;
}

export function requiredName(url: URL, fallback?: string): string {
  const name = queryParam(url, 'name') ?? fallback;
  if (name === undefined) {
    throw new EmulatorError('INVALID_ARGUMENT', 'The upload needs the object name (?name=…).');
  }
  return name;
}

export function routeNotFound(method: string, pathname: string): EmulatorError {
  return new EmulatorError('NOT_FOUND', `No Storage API route for ${method} ${pathname}.`);
}

/** Answered 405 by the handler. */
export class MethodNotAllowedError extends EmulatorError {
  constructor(method: string, pathname: string) {
    super('INVALID_ARGUMENT', `Method ${method} is not supported on ${pathname}.`);
  }
}

export function methodNotAllowed(method: string, pathname: string): EmulatorError {
  return new MethodNotAllowedError(method, pathname);
}

/** `maxResults` as a positive integer, if given. */
function maxResultsOf(url: URL): number | undefined {
  const raw = queryParam(url, 'maxResults');
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `maxResults must be a whole number, got ${JSON.stringify(raw)}.`,
    );
  }
  return Number(raw);
}

/** A list's parameters, named the same in the Firebase v0 and the GCS JSON APIs. */
export function listRequestOf(url: URL): ListRequest {
  return {
    prefix: queryParam(url, 'prefix') ?? '',
    delimiter: queryParam(url, 'delimiter') ?? '',
    pageToken: queryParam(url, 'pageToken') || undefined,
    maxResults: maxResultsOf(url),
  };
}
