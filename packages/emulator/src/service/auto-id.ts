import { randomBytes } from 'node:crypto';

const AUTO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character document id, as the SDKs generate for `add()`. */
export function autoId(): string {
  let id = '';
  for (const byte of randomBytes(40)) {
    // Rejection sampling keeps the alphabet uniform (248 = 4 × 62).
    if (byte >= 248) continue;
    id += AUTO_ID_ALPHABET[byte % AUTO_ID_ALPHABET.length];
    if (id.length === 20) return id;
  }
  return id + autoId().slice(0, 20 - id.length);
}
