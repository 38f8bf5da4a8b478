import { describe, expect, it } from 'vitest';
import { CODES, EmulatorError } from '../errors.js';
import type { Code } from '../errors.js';
import {
  grpcStatusOf,
  httpStatusOf,
  toEmulatorError,
  toJsonErrorBody,
  toRestErrorBody,
} from './status.js';

describe('status mapping', () => {
  it('gives the Lite SDK an HTTP status it maps back to the same code family', () => {
    // The Lite SDK's table (it reads only the HTTP status) for the statuses it understands.
    const lite: Partial<Record<Code, number>> = {
      FAILED_PRECONDITION: 400,
      INVALID_ARGUMENT: 400,
      UNAUTHENTICATED: 401,
      PERMISSION_DENIED: 403,
      NOT_FOUND: 404,
      ABORTED: 409,
      ALREADY_EXISTS: 409,
      RESOURCE_EXHAUSTED: 429,
      CANCELLED: 499,
      UNIMPLEMENTED: 501,
      UNAVAILABLE: 503,
      DEADLINE_EXCEEDED: 504,
    };
    for (const [code, status] of Object.entries(lite))
      expect(httpStatusOf(code as Code)).toBe(status);
    for (const code of Object.keys(CODES) as Code[]) {
      if (code !== 'OK') expect(httpStatusOf(code)).toBeGreaterThanOrEqual(400);
      expect(grpcStatusOf(code)).toBe(CODES[code]);
    }
  });

  it('writes {error:{code,message,status}}', () => {
    expect(
      toJsonErrorBody(
        new EmulatorError('PERMISSION_DENIED', 'Missing or insufficient permissions.'),
      ),
    ).toEqual({
      error: {
        code: 7,
        message: 'Missing or insufficient permissions.',
        status: 'PERMISSION_DENIED',
      },
    });
  });

  it("writes the HTTP status as the code of REST errors, as Google's front end does", () => {
    expect(toRestErrorBody(new EmulatorError('INVALID_ARGUMENT', 'bad'))).toEqual({
      error: { code: 400, message: 'bad', status: 'INVALID_ARGUMENT' },
    });
  });

  it('turns unexpected exceptions into INTERNAL, logged once with the stack', () => {
    const logged: string[] = [];
    const mapped = toEmulatorError(new TypeError('boom'), (m) => logged.push(m));
    expect(mapped.code).toBe('INTERNAL');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('TypeError: boom');
    const passthrough = new EmulatorError('ABORTED', 'contention');
    expect(toEmulatorError(passthrough, (m) => logged.push(m))).toBe(passthrough);
    expect(logged).toHaveLength(1);
  });
});
