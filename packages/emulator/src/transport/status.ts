// The single mapping from EmulatorError codes to what each wire says. Every transport turns an
// exception into an EmulatorError here (toEmulatorError) and then reads the HTTP status, the
// gRPC status or the JSON error body from the functions below; nothing else maps codes.
import { CODES, EmulatorError } from '../errors.js';
import type { Code } from '../errors.js';

/**
 * HTTP status per canonical code, as Google's REST front end answers. The Lite SDK reads only the
 * HTTP status, so a permanent error must never map to a transient status.
 */
const HTTP_STATUS: Readonly<Record<Code, number>> = {
  OK: 200,
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  ABORTED: 409,
  OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATA_LOSS: 500,
  UNAUTHENTICATED: 401,
};

export type ErrorLogger = (message: string) => void;

/** The JSON error body of REST and of WebChannel stream failures. */
export type JsonErrorBody = {
  error: { code: number; message: string; status: Code };
};

/**
 * Normalizes anything thrown into an EmulatorError. Unexpected exceptions (bugs) become INTERNAL
 * and are logged here, once, with their stack; callers must not log them again.
 */
export function toEmulatorError(error: unknown, log: ErrorLogger): EmulatorError {
  if (error instanceof EmulatorError) return error;
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  log(`internal error: ${detail}`);
  return new EmulatorError('INTERNAL', 'Internal error in the Firestore emulator.');
}

export function httpStatusOf(code: Code): number {
  return HTTP_STATUS[code];
}

/** The numeric gRPC status (same numbering as grpc-js `status`). */
export function grpcStatusOf(code: Code): number {
  return CODES[code];
}

/** WebChannel stream failures carry the numeric gRPC code, as the SDK expects there. */
export function toJsonErrorBody(error: EmulatorError): JsonErrorBody {
  return { error: { code: CODES[error.code], message: error.message, status: error.code } };
}

/**
 * REST errors as Google's front end writes them: `code` is the HTTP status. Google's REST
 * clients (the Admin SDK with `preferRest`) derive the gRPC code from it, so a gRPC number
 * there would read as UNKNOWN.
 */
export function toRestErrorBody(
  error: EmulatorError,
  httpStatus = httpStatusOf(error.code),
): JsonErrorBody {
  return { error: { code: httpStatus, message: error.message, status: error.code } };
}

/**
 * Storage answers on the same table except quota: the Storage SDK reads 402 as "quota
 * exceeded" and would retry a 429 until its upload deadline.
 */
export function storageHttpStatusOf(code: Code): number {
  return code === 'RESOURCE_EXHAUSTED' ? 402 : HTTP_STATUS[code];
}

/** The Storage JSON error body: `code` is the HTTP status, as both Storage APIs answer. */
export type StorageErrorBody = { error: { code: number; message: string } };

/** `httpStatus` overrides the mapped status for transport-level faults (405, 408, 413, 416). */
export function toStorageErrorBody(error: EmulatorError, httpStatus?: number): StorageErrorBody {
  return { error: { code: httpStatus ?? storageHttpStatusOf(error.code), message: error.message } };
}
