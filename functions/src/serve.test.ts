import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encode, requestOrigin } from './serve.js';

describe('encode', () => {
  const page = '<html>'.padEnd(5000, 'x');

  it('compresses as the client accepts: brotli first, then gzip, else not', () => {
    const br = encode(page, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const gzip = encode(page, 'gzip;q=1.0, br;q=0');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    expect(encode(page, undefined)).toEqual({ encoding: null, body: Buffer.from(page) });
  });
});

describe('requestOrigin', () => {
  it('takes the host Hosting forwards, https unless local', () => {
    expect(requestOrigin({ 'x-forwarded-host': 'showcase.example', host: 'fn.run.app' })).toBe(
      'https://showcase.example',
    );
    expect(requestOrigin({ host: '127.0.0.1:5173' })).toBe('http://127.0.0.1:5173');
  });
});
