// The grpc-js definition of google.firestore.v1.Firestore, read from the prebuilt descriptor
// (protos/firestore-service.json, written by descriptor-builder.ts) with protobufjs's light
// build: no .proto parsing and no proto-loader descriptor work when the first gRPC connection
// arrives. Messages are (de)serialized exactly as @grpc/proto-loader does with
// GRPC_LOADER_OPTIONS, so the codec's object face sees the same objects.
import { readFileSync } from 'node:fs';
import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js';
import protobuf from 'protobufjs/light.js';
import { GRPC_LOADER_OPTIONS } from '../codec.js';

export const SERVICE_NAME = 'google.firestore.v1.Firestore';
/** The committed descriptor, relative to this module in src/ and in dist/. */
export const DESCRIPTOR_URL = new URL('../../../protos/firestore-service.json', import.meta.url);

type Message = { readonly [field: string]: unknown };

function serializer(type: protobuf.Type): (value: Message) => Buffer {
  return (value) => {
    if (Array.isArray(value)) {
      throw new Error(
        `Failed to serialize message: expected object with ${type.name} structure, got array instead`,
      );
    }
    const bytes = type.encode(type.fromObject(value)).finish();
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
}

function deserializer(type: protobuf.Type): (bytes: Buffer) => Message {
  return (bytes) => type.toObject(type.decode(bytes), GRPC_LOADER_OPTIONS);
}

function methodDefinition(method: protobuf.Method): MethodDefinition<Message, Message> {
  method.resolve();
  const request = method.resolvedRequestType as protobuf.Type;
  const response = method.resolvedResponseType as protobuf.Type;
  return {
    path: `/${SERVICE_NAME}/${method.name}`,
    requestStream: method.requestStream === true,
    responseStream: method.responseStream === true,
    requestSerialize: serializer(request),
    requestDeserialize: deserializer(request),
    responseSerialize: serializer(response),
    responseDeserialize: deserializer(response),
  };
}

/** Builds the service definition (a few ms); each call returns a new one. */
export function loadServiceDefinition(): ServiceDefinition {
  const json = JSON.parse(readFileSync(DESCRIPTOR_URL, 'utf8')) as protobuf.INamespace;
  const service = protobuf.Root.fromJSON(json).lookupService(SERVICE_NAME);
  const definition: Record<string, MethodDefinition<Message, Message>> = {};
  for (const method of service.methodsArray) definition[method.name] = methodDefinition(method);
  return definition;
}
