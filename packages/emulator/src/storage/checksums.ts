// The two hashes production reports for every object: MD5 and CRC32C (Castagnoli), both base64
// of the big-endian digest, as in `md5Hash`, `crc32c` and the `x-goog-hash` download header
// (which the Admin SDK checks every download against).
import { createHash } from 'node:crypto';

const CRC32C_TABLE: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC32C of `chunks` taken in order. */
export function crc32cOf(chunks: readonly Uint8Array[]): number {
  let crc = 0xffffffff;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      crc = CRC32C_TABLE[(crc ^ chunk[i]!) & 0xff]! ^ (crc >>> 8);
    }
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export function crc32cBase64(chunks: readonly Uint8Array[]): string {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32cOf(chunks));
  return out.toString('base64');
}

export function md5Base64(chunks: readonly Uint8Array[]): string {
  const hash = createHash('md5');
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest('base64');
}
