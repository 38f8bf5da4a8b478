// gRPC requests whose bytes are not a valid message, whether garbage or a Value nested 3,000
// levels deep, are the client's mistake: INVALID_ARGUMENT, as production answers, not INTERNAL.
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorServer } from '../../src/server.js';
import { DATABASE, DOCUMENTS, startEmulator } from '../conformance/support.js';
import type { CapturingLogger } from '../conformance/support.js';

let server: EmulatorServer;
let log: CapturingLogger;
let client: grpc.Client;

beforeAll(async () => {
  ({ server, log } = await startEmulator());
  client = new grpc.Client(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
});

afterAll(async () => {
  client?.close();
  await server?.close();
});

function varint(n: number): Buffer {
  const bytes: number[] = [];
  while (n > 127) {
    bytes.push((n & 127) | 128);
    n >>>= 7;
  }
  bytes.push(n);
  return Buffer.from(bytes);
}

/** A length-delimited protobuf field. */
function field(number: number, payload: Buffer | string): Buffer {
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return Buffer.concat([varint((number << 3) | 2), varint(bytes.length), bytes]);
}

/** Value{map_value: MapValue{fields: {"a": …}}} nested `depth` times around a null value. */
function deepValue(depth: number): Buffer {
  let value: Buffer = Buffer.from([0x58, 0x00]); // null_value (field 11) = NULL_VALUE
  for (let i = 0; i < depth; i++)
    value = field(6, field(1, Buffer.concat([field(1, 'a'), field(2, value)])));
  return value;
}

/** CommitRequest{database, writes: [Write{update: Document{name, fields: {"f": value}}}]}. */
function commitRequest(value: Buffer): Buffer {
  const document = Buffer.concat([
    field(1, `${DOCUMENTS}/deep/doc`),
    field(2, Buffer.concat([field(1, 'f'), field(2, value)])),
  ]);
  return Buffer.concat([field(1, DATABASE), field(2, field(1, document))]);
}

function commit(payload: Buffer): Promise<grpc.ServiceError | null> {
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      '/google.firestore.v1.Firestore/Commit',
      (b: Buffer) => b,
      (b: Buffer) => b,
      payload,
      (error) => resolve(error),
    );
  });
}

describe('undecodable gRPC messages', () => {
  it('answers garbage bytes with INVALID_ARGUMENT', async () => {
    const error = await commit(Buffer.from([0xff, 0xff, 0xff, 0x01, 0x02]));
    expect(error?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(error?.details).toMatch(/could not be parsed/);
  });

  it('answers a value nested 3,000 levels deep with INVALID_ARGUMENT', async () => {
    const error = await commit(commitRequest(deepValue(3_000)));
    expect(error?.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('still accepts a well-formed commit, and logged no internal errors', async () => {
    expect(await commit(commitRequest(deepValue(3)))).toBe(null);
    expect(log.errors).toEqual([]);
  });
});
