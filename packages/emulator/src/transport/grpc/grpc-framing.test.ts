import { describe, expect, it } from 'vitest';
import { EmulatorError } from '../../errors.js';
import {
  encodeGrpcMessage,
  frameMessage,
  MessageDeframer,
  parseGrpcTimeout,
} from './grpc-framing.js';

const framed = (text: string): Buffer => frameMessage(Buffer.from(text));

describe('MessageDeframer', () => {
  it('finds messages however the chunks split and join them', () => {
    const body = Buffer.concat([framed('first'), framed(''), framed('third message')]);
    for (let size = 1; size <= body.length; size++) {
      const deframer = new MessageDeframer(1024);
      const seen: string[] = [];
      for (let at = 0; at < body.length; at += size) {
        for (const m of deframer.push(body.subarray(at, at + size))) seen.push(m.bytes.toString());
      }
      expect(seen).toEqual(['first', '', 'third message']);
      expect(deframer.pendingBytes).toBe(0);
    }
  });

  it('reports the compressed flag', () => {
    const message = framed('x');
    message[0] = 1;
    expect(new MessageDeframer(10).push(message)).toEqual([
      { compressed: true, bytes: Buffer.from('x') },
    ]);
  });

  it('counts the bytes of a message not yet complete', () => {
    const deframer = new MessageDeframer(1024);
    expect(deframer.push(framed('abcdef').subarray(0, 8))).toEqual([]);
    expect(deframer.pendingBytes).toBe(8);
  });

  it('refuses a length above the limit from the prefix alone', () => {
    const prefix = Buffer.from([0, 0, 0, 4, 1]);
    expect(() => new MessageDeframer(1024).push(prefix)).toThrow(
      new EmulatorError('RESOURCE_EXHAUSTED', 'Received message larger than max (1025 vs 1024)'),
    );
  });

  it('refuses a flag other than 0 or 1', () => {
    const message = framed('x');
    message[0] = 2;
    expect(() => new MessageDeframer(10).push(message)).toThrow(/Invalid gRPC message flag 2/);
  });
});

describe('gRPC headers', () => {
  it('frames a message with its 5-byte prefix', () => {
    expect(frameMessage(Buffer.from('hi'))).toEqual(Buffer.from([0, 0, 0, 0, 2, 0x68, 0x69]));
  });

  it('reads grpc-timeout in every unit, rounding up to a millisecond', () => {
    expect(parseGrpcTimeout('2H')).toBe(7_200_000);
    expect(parseGrpcTimeout('3M')).toBe(180_000);
    expect(parseGrpcTimeout('10S')).toBe(10_000);
    expect(parseGrpcTimeout('250m')).toBe(250);
    expect(parseGrpcTimeout('1500u')).toBe(2);
    expect(parseGrpcTimeout('1n')).toBe(1);
    expect(parseGrpcTimeout('99999999S')).toBe(99_999_999_000);
  });

  it('refuses a malformed grpc-timeout', () => {
    for (const bad of ['', 'S', '10', '10s', '123456789S', '-1S', '1.5S']) {
      expect(parseGrpcTimeout(bad)).toBeUndefined();
    }
  });

  it('percent-encodes grpc-message outside printable ASCII, and % itself', () => {
    expect(encodeGrpcMessage('Missing or insufficient permissions.')).toBe(
      'Missing or insufficient permissions.',
    );
    expect(encodeGrpcMessage('100% "é"\n')).toBe('100%25 "%C3%A9"%0A');
    expect(decodeURIComponent(encodeGrpcMessage('ü 😀 %41'))).toBe('ü 😀 %41');
  });
});
