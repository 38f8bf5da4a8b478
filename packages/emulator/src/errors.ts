// The single error type of the emulator. Cores throw it; each transport maps it exactly once
// (see transport/status.ts). Messages follow production's wording where production has one.

/** Canonical gRPC status names, numbered as on the wire. */
export const CODES = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

export type Code = keyof typeof CODES;

export class EmulatorError extends Error {
  override readonly name = 'EmulatorError';
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }

  get numericCode(): number {
    return CODES[this.code];
  }
}

export const PERMISSION_DENIED_MESSAGE = 'Missing or insufficient permissions.';
