// gRPC over HTTP/2, the bytes and headers: each message travels as a 5-byte prefix (a compressed
// flag, then the length as a big-endian uint32) and its bytes, in DATA frames that split and join
// messages at will; deadlines arrive as `grpc-timeout` and the status leaves as `grpc-status` and a
// percent-encoded `grpc-message`. Pure: no I/O, no protobuf.
import { EmulatorError } from '../../errors.js';

const PREFIX_BYTES = 5;

/** One message as it arrived: its bytes, and whether the client compressed them. */
export type RawMessage = { readonly compressed: boolean; readonly bytes: Buffer };

/**
 * Cuts an HTTP/2 request body into messages, however the DATA frames split them. A length above
 * `maxMessageBytes` or a flag other than 0 or 1 is the client's error, thrown as an
 * EmulatorError before any of that message is buffered.
 */
export class MessageDeframer {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;

  constructor(private readonly maxMessageBytes: number) {}

  /** The complete messages this chunk finishes, in order. */
  push(chunk: Buffer): RawMessage[] {
    if (chunk.length === 0) return [];
    this.buffered.push(chunk);
    this.bufferedBytes += chunk.length;
    const messages: RawMessage[] = [];
    for (;;) {
      if (this.bufferedBytes < PREFIX_BYTES) return messages;
      const head = this.peek(PREFIX_BYTES);
      const flag = head[0]!;
      if (flag > 1) {
        throw new EmulatorError('INVALID_ARGUMENT', `Invalid gRPC message flag ${flag}.`);
      }
      const length = head.readUInt32BE(1);
      if (length > this.maxMessageBytes) {
        throw new EmulatorError(
          'RESOURCE_EXHAUSTED',
          `Received message larger than max (${length} vs ${this.maxMessageBytes})`,
        );
      }
      if (this.bufferedBytes < PREFIX_BYTES + length) return messages;
      const framed = this.take(PREFIX_BYTES + length);
      messages.push({ compressed: flag === 1, bytes: framed.subarray(PREFIX_BYTES) });
    }
  }

  /** Bytes of a message that has not arrived in full (at the end of the body: a truncated one). */
  get pendingBytes(): number {
    return this.bufferedBytes;
  }

  private peek(n: number): Buffer {
    const first = this.buffered[0]!;
    if (first.length >= n) return first;
    const joined = Buffer.concat(this.buffered, this.bufferedBytes);
    this.buffered = [joined];
    return joined;
  }

  private take(n: number): Buffer {
    const joined = this.peek(n);
    const rest = joined.subarray(n);
    this.buffered = rest.length === 0 ? [] : [rest];
    this.bufferedBytes -= n;
    return joined.subarray(0, n);
  }
}

/** A message with its 5-byte prefix, never compressed. */
export function frameMessage(bytes: Uint8Array): Buffer {
  const framed = Buffer.allocUnsafe(PREFIX_BYTES + bytes.length);
  framed[0] = 0;
  framed.writeUInt32BE(bytes.length, 1);
  framed.set(bytes, PREFIX_BYTES);
  return framed;
}

const TIMEOUT_UNIT_MS: Readonly<Record<string, number>> = {
  H: 3_600_000,
  M: 60_000,
  S: 1_000,
  m: 1,
  u: 0.001,
  n: 0.000_001,
};

/**
 * `grpc-timeout` (up to 8 digits and a unit: `10S`, `250m`) in milliseconds, rounded up so that
 * a deadline below a millisecond still passes; undefined when the value is malformed.
 */
export function parseGrpcTimeout(value: string): number | undefined {
  const match = /^(\d{1,8})([HMSmun])$/.exec(value.trim());
  if (!match) return undefined;
  return Math.ceil(Number(match[1]) * TIMEOUT_UNIT_MS[match[2]!]!);
}

/**
 * `grpc-message`: UTF-8, with every byte outside printable ASCII and `%` itself written as
 * `%XX`, so any text survives an HTTP/2 header.
 */
export function encodeGrpcMessage(text: string): string {
  if (/^[\x20-\x24\x26-\x7e]*$/.test(text)) return text;
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    out +=
      byte >= 0x20 && byte <= 0x7e && byte !== 0x25
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
