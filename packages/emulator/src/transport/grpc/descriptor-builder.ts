// Builds protos/firestore-service.json: the google.firestore.v1.Firestore service and every
// message and enum its methods reach, in protobufjs's JSON form, without options that do not
// change the wire (google.api annotations) and without the files that only declare them. The
// gRPC transport loads that file at run time instead of parsing the .proto files, which spares
// the parser and proto-loader's descriptor work (tens of ms) on the first gRPC connection.
// Build time only: `node scripts/generate-grpc-descriptor.mjs` writes the file, and a test
// checks that the committed file is what this builds.
import { fileURLToPath } from 'node:url';
import { isAbsolute, join } from 'node:path';
import protobuf from 'protobufjs';
import { SERVICE_NAME } from './service-definition.js';

export const PROTO_ROOT = fileURLToPath(new URL('../../../protos/', import.meta.url));
export const SERVICE_PROTO = 'google/firestore/v1/firestore.proto';

type Json = { [key: string]: unknown };

/** The vendored protos parsed as @grpc/proto-loader parses them (lowerCamel field names). */
export function parseServiceProtos(): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => (isAbsolute(target) ? target : join(PROTO_ROOT, target));
  root.loadSync(SERVICE_PROTO, { keepCase: false });
  root.resolveAll();
  return root;
}

/** Every message and enum a method of the service reads or writes, at any depth. */
function reachableTypes(service: protobuf.Service): Set<protobuf.ReflectionObject> {
  const reached = new Set<protobuf.ReflectionObject>();
  const visit = (type: protobuf.Type | protobuf.Enum | null): void => {
    if (type === null || reached.has(type)) return;
    reached.add(type);
    if (type instanceof protobuf.Type) {
      for (const field of type.fieldsArray) visit(field.resolve().resolvedType);
    }
  };
  for (const method of service.methodsArray) {
    method.resolve();
    visit(method.resolvedRequestType);
    visit(method.resolvedResponseType);
  }
  return reached;
}

/** Options spelled `(package.name)` are custom annotations; the wire ignores them. */
function wireOptions(options: unknown): Json | undefined {
  if (options === undefined) return undefined;
  const kept = Object.entries(options as Json).filter(([name]) => !name.startsWith('('));
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

function withoutUndefined(json: Json): Json {
  return Object.fromEntries(Object.entries(json).filter(([, value]) => value !== undefined));
}

function typeJson(type: protobuf.Type, keep: (o: protobuf.ReflectionObject) => boolean): Json {
  const json = type.toJSON() as unknown as Json;
  const fields: Json = {};
  for (const [name, field] of Object.entries(json.fields as Json)) {
    const { options, ...rest } = field as Json;
    fields[name] = withoutUndefined({ ...rest, options: wireOptions(options) });
  }
  return withoutUndefined({
    ...json,
    options: wireOptions(json.options),
    fields,
    nested: nestedJson(type, keep),
  });
}

function serviceJson(service: protobuf.Service): Json {
  const methods: Json = {};
  for (const method of service.methodsArray) {
    methods[method.name] = withoutUndefined({
      requestType: method.requestType,
      requestStream: method.requestStream ? true : undefined,
      responseType: method.responseType,
      responseStream: method.responseStream ? true : undefined,
    });
  }
  return { methods };
}

function nestedJson(
  namespace: protobuf.NamespaceBase,
  keep: (o: protobuf.ReflectionObject) => boolean,
): Json | undefined {
  const nested: Json = {};
  // By name: the order in which protobufjs met the files varies with what loaded it before.
  const children = [...namespace.nestedArray].sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const child of children) {
    if (!keep(child)) continue;
    if (child instanceof protobuf.Service) nested[child.name] = serviceJson(child);
    else if (child instanceof protobuf.Type) nested[child.name] = typeJson(child, keep);
    else if (child instanceof protobuf.Enum) nested[child.name] = child.toJSON();
    else if (child instanceof protobuf.Namespace) {
      nested[child.name] = { nested: nestedJson(child, keep) };
    }
  }
  return Object.keys(nested).length === 0 ? undefined : nested;
}

/** The descriptor file's content: the service and what it reaches, nothing else. */
export function buildServiceDescriptor(root: protobuf.Root = parseServiceProtos()): string {
  const service = root.lookupService(SERVICE_NAME);
  const reached = reachableTypes(service);
  reached.add(service);
  const isReached = (o: protobuf.ReflectionObject): boolean => {
    if (reached.has(o)) return true;
    const namespace = o instanceof protobuf.Namespace ? o : undefined;
    return namespace !== undefined && namespace.nestedArray.some(isReached);
  };
  return `${JSON.stringify({ nested: nestedJson(root, isReached) }, null, 2)}\n`;
}
