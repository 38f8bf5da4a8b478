// Reading request bodies with a size limit, and parsing JSON bodies whatever their Content-Type
// (the SDK sends JSON as text/plain to keep some requests simple).
import type { IncomingMessage } from 'node:http';
import { EmulatorError } from '../errors.js';
import { decodeUtf8Strictly, parseJsonText } from './json-reader.js';

/** Above production's 10 MiB request limit, so legal requests always fit. */
export const MAX_BODY_BYTES = 12 * 1024 * 1024;

export class BodyTooLargeError extends EmulatorError {
  constructor(limit: number) {
    super('INVALID_ARGUMENT', `Request payload size exceeds the limit: ${limit} bytes.`);
  }
}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new BodyTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (!failed) {
        failed = true;
        reject(
          new EmulatorError('CANCELLED', `The request body could not be read: ${error.message}`),
        );
      }
    });
  });
}

export function parseJsonBody(body: Buffer): unknown {
  const text = decodeUtf8Strictly(body);
  if (text.trim() === '') return {};
  return parseJsonText(text);
}
