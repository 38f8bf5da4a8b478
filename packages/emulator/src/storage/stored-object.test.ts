import { describe, expect, it } from 'vitest';
import { objectHashesOf } from './checksums.js';
import { OWN_BYTES_SLACK, ownBytes, storedObjectCreate } from './stored-object.js';

const NOW = { seconds: 1_700_000_000, nanos: 0 };

describe('storedObjectCreate', () => {
  it('keeps a payload that is most of its buffer and copies one that is a small view', () => {
    // A multipart body: a little framing around the payload is kept rather than copied.
    const body = Buffer.allocUnsafeSlow(2 ** 20 + 300);
    const payload = body.subarray(200, 200 + 2 ** 20);
    expect(ownBytes(payload)).toBe(payload);
    // A payload that is a small part of a large body gets a buffer of its own.
    const small = body.subarray(0, 1000);
    const owned = ownBytes(small);
    expect(owned).not.toBe(small);
    expect(owned.equals(small)).toBe(true);
    expect(owned.buffer.byteLength - owned.length).toBeLessThanOrEqual(OWN_BYTES_SLACK);
    const object = storedObjectCreate('b', 'n', small, {}, NOW, () => 't');
    expect(object.data.buffer.byteLength - object.data.length).toBeLessThanOrEqual(OWN_BYTES_SLACK);
  });

  it('takes hashes taken as the bytes arrived, and still checks what the client sent', () => {
    const data = Buffer.from('hello');
    const hashes = objectHashesOf(data);
    const object = storedObjectCreate('b', 'n', data, {}, NOW, () => 't', hashes);
    expect(object).toMatchObject({ md5Hash: 'XUFAKrxLKna5cZ2REBfFkg==', crc32c: 'mnG7TA==' });
    expect(() =>
      storedObjectCreate('b', 'n', data, { crc32c: 'AAAAAA==' }, NOW, () => 't', hashes),
    ).toThrow(/doesn't match calculated CRC32C "mnG7TA=="/);
  });
});
