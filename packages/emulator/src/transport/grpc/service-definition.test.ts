// The prebuilt descriptor against the .proto files it comes from: the committed file is what the
// builder makes of them now, and every method's messages go through the runtime definition and
// through @grpc/proto-loader (which parses the .proto files) to the same bytes and objects.
import { readFileSync } from 'node:fs';
import * as protoLoader from '@grpc/proto-loader';
import type { MethodDefinition } from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { GRPC_LOADER_OPTIONS } from '../codec.js';
import {
  buildServiceDescriptor,
  parseServiceProtos,
  PROTO_ROOT,
  SERVICE_PROTO,
} from './descriptor-builder.js';
import { DESCRIPTOR_URL, loadServiceDefinition, SERVICE_NAME } from './service-definition.js';

type Method = MethodDefinition<unknown, unknown>;

const parsed = parseServiceProtos();
const fromProtos = protoLoader.loadSync(SERVICE_PROTO, {
  ...GRPC_LOADER_OPTIONS,
  includeDirs: [PROTO_ROOT],
})[SERVICE_NAME] as unknown as Record<string, Method>;
const prebuilt = loadServiceDefinition() as Record<string, Method>;

/** A deterministic generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function scalar(type: string, next: () => number): unknown {
  const int = Math.floor(next() * 2_000_000) - 1_000_000;
  switch (type) {
    case 'string':
      return `s${int}é`;
    case 'bool':
      return next() < 0.5;
    case 'double':
    case 'float':
      return int / 4;
    case 'bytes':
      return Buffer.from([int & 0xff, (int >> 8) & 0xff, 7]);
    case 'int64':
    case 'uint64':
    case 'sint64':
    case 'fixed64':
    case 'sfixed64':
      return String(type.startsWith('u') || type === 'fixed64' ? Math.abs(int) : int);
    default:
      return type.startsWith('u') || type === 'fixed32' ? Math.abs(int) : int;
  }
}

/** A message of `type` with a random subset of its fields set, nested a few levels deep. */
function sample(type: protobuf.Type, next: () => number, depth = 0): Record<string, unknown> {
  const message: Record<string, unknown> = {};
  // One member of each oneof, each as likely as the others.
  const chosen = new Set(
    type.oneofsArray.map(
      (oneof) => oneof.fieldsArray[Math.floor(next() * oneof.fieldsArray.length)],
    ),
  );
  for (const field of type.fieldsArray) {
    if (field.partOf !== null ? !chosen.has(field) : next() < 0.4) continue;
    const resolved = field.resolve().resolvedType;
    const value = (): unknown => {
      if (resolved === null) return scalar(field.type, next);
      if ('values' in resolved && !('fieldsArray' in resolved)) {
        const names = Object.keys((resolved as protobuf.Enum).values);
        return names[Math.floor(next() * names.length)];
      }
      return depth < 4 ? sample(resolved as protobuf.Type, next, depth + 1) : {};
    };
    if (field.map) message[field.name] = { a: value(), b: value() };
    else if (field.repeated) message[field.name] = [value(), value()];
    else message[field.name] = value();
  }
  return message;
}

describe('the prebuilt Firestore descriptor', () => {
  it('is what the builder makes of the vendored protos (run scripts/generate-grpc-descriptor.mjs)', () => {
    expect(readFileSync(DESCRIPTOR_URL, 'utf8')).toBe(buildServiceDescriptor(parsed));
  });

  it('declares every method of the service, with its streaming kinds and path', () => {
    expect(Object.keys(prebuilt).sort()).toEqual(Object.keys(fromProtos).sort());
    for (const [name, method] of Object.entries(fromProtos)) {
      const { path, requestStream, responseStream } = prebuilt[name]!;
      expect({ path, requestStream, responseStream }).toEqual({
        path: method.path,
        requestStream: method.requestStream,
        responseStream: method.responseStream,
      });
    }
  });

  const service = parsed.lookupService(SERVICE_NAME);
  for (const method of service.methodsArray) {
    it(`(de)serializes ${method.name} messages as proto-loader does`, () => {
      method.resolve();
      const ours = prebuilt[method.name]!;
      const theirs = fromProtos[method.name]!;
      const next = random(method.name.length * 7919);
      for (let i = 0; i < 50; i++) {
        const request = sample(method.resolvedRequestType!, next);
        const bytes = theirs.requestSerialize(request);
        expect(ours.requestSerialize(request)).toEqual(bytes);
        expect(ours.requestDeserialize(bytes)).toEqual(theirs.requestDeserialize(bytes));

        const response = sample(method.resolvedResponseType!, next);
        const answer = theirs.responseSerialize(response);
        expect(ours.responseSerialize(response)).toEqual(answer);
        expect(ours.responseDeserialize(answer)).toEqual(theirs.responseDeserialize(answer));
      }
    });
  }

  it('refuses an array where a message belongs, as proto-loader does', () => {
    const commit = prebuilt.Commit!;
    expect(() => commit.requestSerialize([])).toThrow(
      'Failed to serialize message: expected object with CommitRequest structure, got array instead',
    );
  });
});
