import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../errors.js';
import { callerFromAuthorization } from './caller.js';

function unsignedJwt(payload: object): string {
  const encode = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

describe('callerFromAuthorization', () => {
  it('maps absence, owner and unsigned ID tokens', () => {
    expect(callerFromAuthorization(undefined)).toEqual({ kind: 'unauthenticated' });
    expect(callerFromAuthorization('Bearer owner')).toEqual({ kind: 'owner' });
    // rules-unit-testing's mock tokens expired in 1970; that must not matter.
    const token = { sub: 'alice', iat: 0, exp: 3600, firebase: { sign_in_provider: 'custom' } };
    expect(callerFromAuthorization(`Bearer ${unsignedJwt(token)}`)).toEqual({
      kind: 'user',
      uid: 'alice',
      token,
    });
    const legacy = { user_id: 'bob', email: 'b@example.com' };
    expect(callerFromAuthorization(`Bearer ${unsignedJwt(legacy)}`)).toMatchObject({
      kind: 'user',
      uid: 'bob',
    });
  });

  it('answers garbage with UNAUTHENTICATED and a message', () => {
    for (const header of [
      'Basic abc',
      'Bearer garbage',
      'Bearer a.!!!.c',
      `Bearer ${unsignedJwt({ email: 'x' })}`,
    ]) {
      try {
        callerFromAuthorization(header);
        throw new Error(`accepted ${header}`);
      } catch (error) {
        expect(error).toBeInstanceOf(EmulatorError);
        expect((error as EmulatorError).code).toBe('UNAUTHENTICATED');
        expect((error as EmulatorError).message).toMatch(/Authorization/);
      }
    }
  });
});
