import { describe, expect, it } from 'vitest';
import {
  collectErrors,
  hasErrors,
  validateCurrentPassword,
  validateDisplayName,
  validateEmail,
  validateHttpUrl,
  validateNewPassword,
} from './validation';

describe('validateEmail', () => {
  it.each(['ada@example.com', ' ada@example.com ', 'a.b+tag@sub.example.co.uk'])(
    'accepts %j',
    (value) => expect(validateEmail(value)).toBeNull(),
  );
  it('asks for a missing email', () => {
    expect(validateEmail('')).toBe('Enter your email address.');
    expect(validateEmail('   ')).toBe('Enter your email address.');
  });
  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@@example.com'])(
    'rejects %j',
    (value) => expect(validateEmail(value)).toMatch(/valid email/),
  );
  it('rejects an address longer than 254 characters', () => {
    expect(validateEmail(`${'a'.repeat(250)}@example.com`)).toMatch(/valid email/);
  });
});

describe('passwords', () => {
  it('only requires a current password to be present', () => {
    expect(validateCurrentPassword('')).toBe('Enter your password.');
    expect(validateCurrentPassword('x')).toBeNull();
  });
  it('requires new passwords of at least 6 characters, not only spaces', () => {
    expect(validateNewPassword('')).toBe('Choose a password.');
    expect(validateNewPassword('12345')).toBe('Use at least 6 characters.');
    expect(validateNewPassword('      ')).toBe('A password cannot be only spaces.');
    expect(validateNewPassword('123456')).toBeNull();
    expect(validateNewPassword('x'.repeat(4097))).toBe('Use at most 4096 characters.');
  });
});

describe('validateDisplayName', () => {
  it('requires a non-blank name of at most 50 characters', () => {
    expect(validateDisplayName(' ')).toBe('Enter a display name.');
    expect(validateDisplayName('Ada Lovelace')).toBeNull();
    expect(validateDisplayName('a'.repeat(50))).toBeNull();
    expect(validateDisplayName('a'.repeat(51))).toBe('Use at most 50 characters.');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(validateDisplayName('😀'.repeat(50))).toBeNull();
  });
  it('rejects control characters', () => {
    expect(validateDisplayName('Ada\u0007')).toMatch(/letters/);
  });
});

describe('validateHttpUrl', () => {
  it.each(['https://example.com/a.png', 'http://example.com', ' https://x.io/p?q=1#h '])(
    'accepts %j',
    (value) => expect(validateHttpUrl(value, { required: true })).toBeNull(),
  );
  it('treats empty as valid only when optional', () => {
    expect(validateHttpUrl('', { required: false })).toBeNull();
    expect(validateHttpUrl('', { required: true })).toBe('Enter a web address.');
  });
  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'ftp://example.com/a',
    'file:///etc/passwd',
  ])('rejects the non-web scheme %j', (value) =>
    expect(validateHttpUrl(value, { required: true })).toMatch(/Only web addresses/),
  );
  it.each(['example.com/a.png', 'not a url', 'https://'])('rejects the incomplete %j', (value) =>
    expect(validateHttpUrl(value, { required: true })).toMatch(/full web address/),
  );
  it('rejects addresses longer than 2048 characters', () => {
    expect(validateHttpUrl(`https://example.com/${'a'.repeat(2048)}`, { required: true })).toBe(
      'Use at most 2048 characters.',
    );
  });
});

describe('collectErrors', () => {
  it('keeps only the failing fields', () => {
    const errors = collectErrors({ email: 'Bad.', password: null });
    expect(errors).toEqual({ email: 'Bad.' });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(collectErrors({ email: null }))).toBe(false);
  });
});
