// The methods of google.firestore.v1.Firestore with their message codecs, read from the prebuilt
// descriptor (protos/firestore-service.json, written by descriptor-builder.ts): no .proto parsing
// and no protobuf library when the first gRPC connection arrives. Messages are (de)serialized by
// protobuf-codec.ts exactly as @grpc/proto-loader does with GRPC_LOADER_OPTIONS, so the codec's
// object face sees the same objects. Each method has the shape of a grpc-js MethodDefinition, so
// tests can compare it with proto-loader's.
import { readFileSync } from 'node:fs';
import { decodeMessage, encodeMessage, MessageTypes } from './protobuf-codec.js';
import type { DescriptorJson, MessageInfo, MessageObject } from './protobuf-codec.js';

export const SERVICE_NAME = 'google.firestore.v1.Firestore';
/** The committed descriptor, relative to this module in src/ and in dist/. */
export const DESCRIPTOR_URL = new URL('../../../protos/firestore-service.json', import.meta.url);

/** One method: its HTTP/2 path, its streaming sides and the codecs of its two messages. */
export type MethodDefinition<Request, Response> = {
  readonly path: string;
  readonly requestStream: boolean;
  readonly responseStream: boolean;
  readonly requestSerialize: (value: Request) => Buffer;
  readonly requestDeserialize: (bytes: Buffer) => Request;
  readonly responseSerialize: (value: Response) => Buffer;
  readonly responseDeserialize: (bytes: Buffer) => Response;
};

/** Every method of the service, by method name. */
export type ServiceDefinition = Readonly<
  Record<string, MethodDefinition<MessageObject, MessageObject>>
>;

function serializer(types: MessageTypes, name: string): (value: MessageObject) => Buffer {
  let type: MessageInfo | undefined;
  return (value) => {
    type ??= types.message(name);
    if (Array.isArray(value)) {
      const shortName = name.slice(name.lastIndexOf('.') + 1);
      throw new Error(
        `Failed to serialize message: expected object with ${shortName} structure, got array instead`,
      );
    }
    return encodeMessage(type, value);
  };
}

function deserializer(types: MessageTypes, name: string): (bytes: Buffer) => MessageObject {
  let type: MessageInfo | undefined;
  return (bytes) => decodeMessage((type ??= types.message(name)), bytes);
}

/** Reads the descriptor (a few ms); each message's field table is built when first used. */
export function loadServiceDefinition(): ServiceDefinition {
  const types = new MessageTypes(
    JSON.parse(readFileSync(DESCRIPTOR_URL, 'utf8')) as DescriptorJson,
  );
  const definition: Record<string, MethodDefinition<MessageObject, MessageObject>> = {};
  for (const [name, method] of types.serviceMethods(SERVICE_NAME)) {
    definition[name] = {
      path: `/${SERVICE_NAME}/${name}`,
      requestStream: method.requestStream === true,
      responseStream: method.responseStream === true,
      requestSerialize: serializer(types, method.request),
      requestDeserialize: deserializer(types, method.request),
      responseSerialize: serializer(types, method.response),
      responseDeserialize: deserializer(types, method.response),
    };
  }
  return definition;
}
