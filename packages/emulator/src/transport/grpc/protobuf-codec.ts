// Protobuf wire format for the messages of the prebuilt descriptor (protobufjs's JSON form), read
// and written by reflection over the descriptor: no protobufjs at run time, no code generation,
// and a message's field table is built the first time it is met. Objects have exactly the shape
// @grpc/proto-loader gives them with GRPC_LOADER_OPTIONS (lowerCamel names, int64 as decimal
// strings, enums as names, bytes as Buffers, unset fields absent), and writing follows
// protobufjs's fromObject + encode, so the bytes are the same too: fields by number, every field
// present in the object written (zeros included), repeated numbers packed.
// service-definition.test.ts checks both directions against proto-loader for every method.
//
// Only the scalar types the Firestore service uses are supported (double, int32, int64, bool,
// string, bytes, enums, messages, string-keyed maps); building a field of any other type throws,
// so a proto change that needs more fails its first test.

/** A namespace, message or enum in protobufjs's JSON form. */
export type DescriptorJson = {
  readonly nested?: Readonly<Record<string, DescriptorJson>>;
  readonly fields?: Readonly<Record<string, FieldJson>>;
  readonly values?: Readonly<Record<string, number>>;
  readonly methods?: Readonly<Record<string, MethodJson>>;
};

type FieldJson = {
  readonly type: string;
  readonly id: number;
  readonly rule?: string;
  readonly keyType?: string;
};

type MethodJson = {
  readonly requestType: string;
  readonly responseType: string;
  readonly requestStream?: boolean;
  readonly responseStream?: boolean;
};

export type MessageObject = { [field: string]: unknown };

/** protoc's default recursion limit, which protobufjs applies too. */
const RECURSION_LIMIT = 100;

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_DELIMITED = 2;
const WIRE_START_GROUP = 3;
const WIRE_END_GROUP = 4;
const WIRE_FIXED32 = 5;

type ScalarKind = 'double' | 'int32' | 'int64' | 'bool' | 'string' | 'bytes';
type Kind = ScalarKind | 'enum' | 'message';

const WIRE_TYPE: Readonly<Record<Kind, number>> = {
  double: WIRE_FIXED64,
  int32: WIRE_VARINT,
  int64: WIRE_VARINT,
  bool: WIRE_VARINT,
  enum: WIRE_VARINT,
  string: WIRE_DELIMITED,
  bytes: WIRE_DELIMITED,
  message: WIRE_DELIMITED,
};

const SCALARS: ReadonlySet<string> = new Set([
  'double',
  'int32',
  'int64',
  'bool',
  'string',
  'bytes',
]);

type EnumInfo = {
  readonly byName: ReadonlyMap<string, number>;
  readonly byNumber: ReadonlyMap<number, string>;
};

type FieldInfo = {
  readonly name: string;
  /** `.package.Message.field`, as protobufjs names it in its errors. */
  readonly fullName: string;
  readonly id: number;
  readonly kind: Kind;
  readonly repeated: boolean;
  /** A `map<string, …>`; `kind` is then the value's. */
  readonly map: boolean;
  /** Repeated numbers travel packed (proto3's default). */
  readonly packed: boolean;
  /** The tag each occurrence is written with. */
  readonly tag: number;
  readonly enumInfo: EnumInfo | undefined;
  /** The message type of a message field (or map value), built on first use. */
  message: (() => MessageInfo) | undefined;
};

export type MessageInfo = {
  readonly fullName: string;
  /** By field number, for writing in order. */
  readonly fields: readonly FieldInfo[];
  /** Indexed by field number, for reading. */
  readonly byId: readonly (FieldInfo | undefined)[];
};

/** The message types of a descriptor, each built when first asked for. */
export class MessageTypes {
  private readonly nodes = new Map<string, DescriptorJson>();
  private readonly built = new Map<string, MessageInfo>();
  private readonly enums = new Map<string, EnumInfo>();

  constructor(root: DescriptorJson) {
    const index = (node: DescriptorJson, name: string): void => {
      for (const [child, json] of Object.entries(node.nested ?? {})) {
        const full = name === '' ? child : `${name}.${child}`;
        this.nodes.set(full, json);
        index(json, full);
      }
    };
    index(root, '');
  }

  /** The methods of a service, with their types' full names. */
  serviceMethods(
    serviceName: string,
  ): [string, MethodJson & { request: string; response: string }][] {
    const service = this.node(serviceName);
    const scope = serviceName.slice(0, serviceName.lastIndexOf('.'));
    return Object.entries(service.methods ?? {}).map(([name, method]) => [
      name,
      {
        ...method,
        request: this.resolve(method.requestType, scope),
        response: this.resolve(method.responseType, scope),
      },
    ]);
  }

  message(fullName: string): MessageInfo {
    let info = this.built.get(fullName);
    if (info === undefined) {
      info = this.build(fullName);
      this.built.set(fullName, info);
    }
    return info;
  }

  private node(fullName: string): DescriptorJson {
    const node = this.nodes.get(fullName);
    if (node === undefined) throw new Error(`no type ${fullName} in the descriptor`);
    return node;
  }

  /** A type reference as protobufjs resolves it: from the innermost scope outwards. */
  private resolve(reference: string, scope: string): string {
    if (reference.startsWith('.')) return reference.slice(1);
    for (let at = scope; ; at = at.slice(0, Math.max(0, at.lastIndexOf('.')))) {
      const candidate = at === '' ? reference : `${at}.${reference}`;
      if (this.nodes.has(candidate)) return candidate;
      if (at === '') throw new Error(`cannot resolve type ${reference} from ${scope}`);
    }
  }

  private enumInfo(fullName: string): EnumInfo {
    let info = this.enums.get(fullName);
    if (info === undefined) {
      const values = Object.entries(this.node(fullName).values ?? {});
      const byNumber = new Map<number, string>();
      // protobufjs names a number by the last name given to it.
      for (const [name, number] of values) byNumber.set(number, name);
      info = { byName: new Map(values), byNumber };
      this.enums.set(fullName, info);
    }
    return info;
  }

  private build(fullName: string): MessageInfo {
    const fields: FieldInfo[] = [];
    for (const [name, json] of Object.entries(this.node(fullName).fields ?? {})) {
      fields.push(this.field(fullName, name, json));
    }
    fields.sort((a, b) => a.id - b.id);
    const byId: (FieldInfo | undefined)[] = [];
    for (const field of fields) byId[field.id] = field;
    return { fullName, fields, byId };
  }

  private field(owner: string, name: string, json: FieldJson): FieldInfo {
    const fullName = `.${owner}.${name}`;
    if (json.keyType !== undefined && json.keyType !== 'string') {
      throw new Error(`${fullName}: map keys of type ${json.keyType} are not supported`);
    }
    let kind: Kind;
    let enumInfo: EnumInfo | undefined;
    let message: (() => MessageInfo) | undefined;
    if (SCALARS.has(json.type)) {
      kind = json.type as ScalarKind;
    } else {
      const typeName = this.resolveType(json.type, owner, fullName);
      if (this.node(typeName).values !== undefined) {
        kind = 'enum';
        enumInfo = this.enumInfo(typeName);
      } else {
        kind = 'message';
        message = () => this.message(typeName);
      }
    }
    const map = json.keyType !== undefined;
    const repeated = json.rule === 'repeated';
    const packed = repeated && WIRE_TYPE[kind] !== WIRE_DELIMITED;
    const wire = map || packed ? WIRE_DELIMITED : WIRE_TYPE[kind];
    return {
      name,
      fullName,
      id: json.id,
      kind,
      repeated,
      map,
      packed,
      tag: ((json.id << 3) | wire) >>> 0,
      enumInfo,
      message,
    };
  }

  private resolveType(reference: string, owner: string, fullName: string): string {
    if (/^[a-z]/.test(reference) && !reference.includes('.')) {
      throw new Error(`${fullName}: fields of type ${reference} are not supported`);
    }
    return this.resolve(reference, owner);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

class Reader {
  pos = 0;
  /** The end of the message being read. */
  limit: number;

  constructor(readonly buf: Buffer) {
    this.limit = buf.length;
  }

  /** A varint's low 32 bits, unsigned (a longer varint is read whole). */
  uint32(): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const byte = this.byte();
      value |= (byte & 0x7f) << shift;
      if (byte < 0x80) return value >>> 0;
    }
    // Bytes 6 to 10 of a 64-bit varint carry only high bits.
    for (let i = 5; i < 10; i++) if (this.byte() < 0x80) return value >>> 0;
    throw new Error('invalid varint encoding');
  }

  /** A 64-bit varint as a signed decimal string. */
  int64(): string {
    let lo = 0;
    let hi = 0;
    let byte = 0x80;
    for (let shift = 0; shift < 28 && byte >= 0x80; shift += 7) {
      byte = this.byte();
      lo |= (byte & 0x7f) << shift;
    }
    if (byte >= 0x80) {
      byte = this.byte();
      lo |= (byte & 0x0f) << 28;
      hi = (byte & 0x7f) >> 4;
      for (let shift = 3; shift < 32 && byte >= 0x80; shift += 7) {
        byte = this.byte();
        hi |= (byte & 0x7f) << shift;
      }
      if (byte >= 0x80) throw new Error('invalid varint encoding');
    }
    lo >>>= 0;
    hi >>>= 0;
    if (hi === 0) return String(lo);
    return BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo)).toString();
  }

  double(): number {
    this.need(8);
    const value = this.buf.readDoubleLE(this.pos);
    this.pos += 8;
    return value;
  }

  /** The end of a length-delimited field that starts here. */
  delimited(): number {
    const length = this.uint32();
    this.need(length);
    return this.pos + length;
  }

  string(): string {
    const end = this.delimited();
    const value = this.buf.toString('utf8', this.pos, end);
    this.pos = end;
    return value;
  }

  /** A copy, so that a stored value does not keep the whole request alive. */
  bytes(): Buffer {
    const end = this.delimited();
    const value = Buffer.from(this.buf.subarray(this.pos, end));
    this.pos = end;
    return value;
  }

  skip(wireType: number, depth: number): void {
    switch (wireType) {
      case WIRE_VARINT:
        this.uint32();
        return;
      case WIRE_FIXED64:
        this.need(8);
        this.pos += 8;
        return;
      case WIRE_DELIMITED:
        this.pos = this.delimited();
        return;
      case WIRE_START_GROUP:
        if (depth > RECURSION_LIMIT) throw new Error('maximum nesting depth exceeded');
        for (;;) {
          const tag = this.uint32();
          if ((tag & 7) === WIRE_END_GROUP) return;
          this.skip(tag & 7, depth + 1);
        }
      case WIRE_FIXED32:
        this.need(4);
        this.pos += 4;
        return;
      default:
        throw new Error(`invalid wire type ${wireType} at offset ${this.pos}`);
    }
  }

  private byte(): number {
    if (this.pos >= this.limit)
      throw new RangeError(`index out of range: ${this.pos} + 1 > ${this.limit}`);
    return this.buf[this.pos++]!;
  }

  private need(length: number): void {
    if (this.pos + length > this.limit) {
      throw new RangeError(`index out of range: ${this.pos} + ${length} > ${this.limit}`);
    }
  }
}

function setOwn(target: MessageObject, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

function readScalar(reader: Reader, field: FieldInfo, depth: number): unknown {
  switch (field.kind) {
    case 'double':
      return reader.double();
    case 'int32':
      return reader.uint32() | 0;
    case 'int64':
      return reader.int64();
    case 'bool':
      return reader.uint32() !== 0;
    case 'string':
      return reader.string();
    case 'bytes':
      return reader.bytes();
    case 'enum': {
      const number = reader.uint32() | 0;
      return field.enumInfo!.byNumber.get(number) ?? number;
    }
    case 'message':
      return readMessage(reader, field.message!(), reader.delimited(), depth + 1);
  }
}

function readMapEntry(
  reader: Reader,
  field: FieldInfo,
  target: MessageObject,
  depth: number,
): void {
  const end = reader.delimited();
  const outer = reader.limit;
  reader.limit = end;
  let key = '';
  let value: unknown;
  while (reader.pos < end) {
    const tag = reader.uint32();
    if (tag === ((1 << 3) | WIRE_DELIMITED)) key = reader.string();
    else if (tag >>> 3 === 2 && (tag & 7) === WIRE_TYPE[field.kind])
      value = readScalar(reader, field, depth);
    else reader.skip(tag & 7, depth);
  }
  reader.limit = outer;
  if (value === undefined) value = field.kind === 'message' ? {} : defaultOf(field);
  setOwn(target, key, value);
}

function defaultOf(field: FieldInfo): unknown {
  switch (field.kind) {
    case 'string':
      return '';
    case 'bytes':
      return Buffer.alloc(0);
    case 'int64':
      return '0';
    case 'bool':
      return false;
    case 'enum':
      return field.enumInfo!.byNumber.get(0) ?? 0;
    default:
      return 0;
  }
}

function readMessage(reader: Reader, type: MessageInfo, end: number, depth: number): MessageObject {
  if (depth > RECURSION_LIMIT) throw new Error('maximum nesting depth exceeded');
  const outer = reader.limit;
  reader.limit = end;
  const message: MessageObject = {};
  while (reader.pos < end) {
    const tag = reader.uint32();
    const wireType = tag & 7;
    const field = type.byId[tag >>> 3];
    if (field === undefined) {
      reader.skip(wireType, depth);
    } else if (field.map) {
      if (wireType !== WIRE_DELIMITED) throw wrongWireType(field, wireType);
      const map = (message[field.name] ??= {}) as MessageObject;
      readMapEntry(reader, field, map, depth + 1);
    } else if (field.repeated) {
      // Created by the first element: an empty packed list reads as absent, as with proto-loader.
      let list = message[field.name] as unknown[] | undefined;
      if (field.packed && wireType === WIRE_DELIMITED) {
        const packedEnd = reader.delimited();
        while (reader.pos < packedEnd) (list ??= []).push(readScalar(reader, field, depth));
        if (reader.pos !== packedEnd) throw new RangeError('index out of range');
      } else if (wireType === WIRE_TYPE[field.kind]) {
        (list ??= []).push(readScalar(reader, field, depth));
      } else {
        throw wrongWireType(field, wireType);
      }
      if (list !== undefined) message[field.name] = list;
    } else {
      if (wireType !== WIRE_TYPE[field.kind]) throw wrongWireType(field, wireType);
      message[field.name] = readScalar(reader, field, depth);
    }
  }
  if (reader.pos !== end) throw new RangeError('index out of range');
  reader.limit = outer;
  return message;
}

function wrongWireType(field: FieldInfo, wireType: number): Error {
  return new Error(`invalid wire type ${wireType} for ${field.fullName}`);
}

/** Decodes one message; throws on bytes that are not one. */
export function decodeMessage(type: MessageInfo, bytes: Buffer): MessageObject {
  const reader = new Reader(bytes);
  return readMessage(reader, type, bytes.length, 0);
}

// ---------------------------------------------------------------------------------------------
// Writing

const TWO_TO_32 = 4_294_967_296;

/** One growable buffer, reused: encoding is synchronous, and each result is copied out. */
class Writer {
  buf = Buffer.allocUnsafe(4096);
  pos = 0;

  reset(): void {
    this.pos = 0;
  }

  ensure(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + bytes) size *= 2;
    const grown = Buffer.allocUnsafe(size);
    this.buf.copy(grown, 0, 0, this.pos);
    this.buf = grown;
  }

  uint32(value: number): void {
    this.ensure(5);
    while (value > 0x7f) {
      this.buf[this.pos++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    this.buf[this.pos++] = value;
  }

  /** A 64-bit varint from its two unsigned 32-bit halves. */
  varint64(lo: number, hi: number): void {
    this.ensure(10);
    while (hi !== 0) {
      this.buf[this.pos++] = (lo & 0x7f) | 0x80;
      lo = ((lo >>> 7) | (hi << 25)) >>> 0;
      hi >>>= 7;
    }
    while (lo > 0x7f) {
      this.buf[this.pos++] = (lo & 0x7f) | 0x80;
      lo >>>= 7;
    }
    this.buf[this.pos++] = lo;
  }

  int32(value: number): void {
    if (value >= 0) this.uint32(value);
    else this.varint64(value >>> 0, 0xffffffff);
  }

  /** A safe integer, or a 64-bit one, as int64 (two's complement when negative). */
  int64(value: number | bigint): void {
    if (typeof value === 'number') {
      this.varint64(value >>> 0, Math.floor(value / TWO_TO_32) >>> 0);
    } else {
      const bits = BigInt.asUintN(64, value);
      this.varint64(Number(bits & 0xffffffffn), Number(bits >> 32n));
    }
  }

  double(value: number): void {
    this.ensure(8);
    this.buf.writeDoubleLE(value, this.pos);
    this.pos += 8;
  }

  string(value: string): void {
    // Up to 42 UTF-16 units are at most 126 bytes: a one-byte length, written after the text.
    if (value.length <= 42) {
      this.ensure(1 + value.length * 3);
      const length = this.buf.write(value, this.pos + 1, 'utf8');
      this.buf[this.pos] = length;
      this.pos += 1 + length;
      return;
    }
    const length = Buffer.byteLength(value, 'utf8');
    this.uint32(length);
    this.ensure(length);
    this.buf.write(value, this.pos, 'utf8');
    this.pos += length;
  }

  bytes(value: Uint8Array): void {
    this.uint32(value.length);
    this.ensure(value.length);
    this.buf.set(value, this.pos);
    this.pos += value.length;
  }

  /** Starts a length-delimited part; `endFork` writes its length in front of it. */
  fork(): number {
    this.ensure(1);
    return this.pos++;
  }

  endFork(start: number): void {
    const length = this.pos - start - 1;
    if (length < 0x80) {
      this.buf[start] = length;
      return;
    }
    let size = 1;
    while (length >= 2 ** (7 * size)) size++;
    this.ensure(size - 1);
    this.buf.copyWithin(start + size, start + 1, this.pos);
    this.pos += size - 1;
    let value = length;
    let at = start;
    while (value > 0x7f) {
      this.buf[at++] = (value & 0x7f) | 0x80;
      value = Math.floor(value / 128);
    }
    this.buf[at] = value;
  }
}

const writer = new Writer();
/** A buffer grown past this by one large message is let go once the message is written. */
const KEPT_WRITER_BYTES = 1024 * 1024;

function isObject(value: unknown): value is MessageObject {
  return typeof value === 'object' && value !== null;
}

/** An int64 as protobufjs's fromObject takes it: a decimal string, a number or a Long. */
function int64Of(value: unknown): number | bigint {
  if (typeof value === 'string') {
    const number = Number(value);
    return Number.isSafeInteger(number) && /^-?\d+$/.test(value) ? number : BigInt(value);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === 'bigint') return value;
  if (isObject(value) && typeof value.low === 'number' && typeof value.high === 'number') {
    return (BigInt(value.high >>> 0) << 32n) | BigInt(value.low >>> 0);
  }
  throw new TypeError(`cannot write ${String(value)} as an int64`);
}

/** An enum's number as fromObject finds it: by name or as a number; undefined when neither. */
function enumNumber(field: FieldInfo, value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return typeof value === 'string' ? field.enumInfo!.byName.get(value) : undefined;
}

function bytesOf(value: unknown): Uint8Array | undefined {
  if (typeof value === 'string') return Buffer.from(value, 'base64');
  if (value instanceof Uint8Array) return value;
  if (Array.isArray(value)) return Uint8Array.from(value as number[]);
  return undefined;
}

/** Writes a value without its tag; false when fromObject would leave the field unset. */
function writeValue(field: FieldInfo, value: unknown, depth: number, inList: boolean): boolean {
  switch (field.kind) {
    case 'double':
      writer.double(Number(value));
      return true;
    case 'int32':
      writer.int32((value as number) | 0);
      return true;
    case 'int64':
      writer.int64(int64Of(value));
      return true;
    case 'bool':
      writer.uint32(value ? 1 : 0);
      return true;
    case 'string':
      writer.string(String(value));
      return true;
    case 'bytes': {
      const bytes = bytesOf(value);
      if (bytes === undefined) return false;
      writer.bytes(bytes);
      return true;
    }
    case 'enum': {
      // In a list an unknown name becomes the default, so that the list keeps its length.
      const number = enumNumber(field, value) ?? (inList ? 0 : undefined);
      if (number === undefined) return false;
      writer.int32(number);
      return true;
    }
    case 'message': {
      if (!isObject(value)) throw new TypeError(`${field.fullName}: object expected`);
      const start = writer.fork();
      writeMessage(field.message!(), value, depth + 1);
      writer.endFork(start);
      return true;
    }
  }
}

function writeField(field: FieldInfo, value: unknown, depth: number): void {
  const start = writer.pos;
  writer.uint32(field.tag);
  // A value fromObject would drop leaves no trace, tag included.
  if (!writeValue(field, value, depth, false)) writer.pos = start;
}

function writeMessage(type: MessageInfo, message: MessageObject, depth: number): void {
  if (depth > RECURSION_LIMIT) throw new Error('max depth exceeded');
  for (const field of type.fields) {
    const value = message[field.name];
    if (field.map) {
      if (!value) continue;
      if (!isObject(value)) throw new TypeError(`${field.fullName}: object expected`);
      for (const key of Object.keys(value)) {
        writer.uint32(field.tag);
        const entry = writer.fork();
        writer.uint32((1 << 3) | WIRE_DELIMITED);
        writer.string(key);
        writer.uint32(((2 << 3) | WIRE_TYPE[field.kind]) >>> 0);
        writeValue(field, value[key], depth, true);
        writer.endFork(entry);
      }
    } else if (field.repeated) {
      if (!value) continue;
      if (!Array.isArray(value)) throw new TypeError(`${field.fullName}: array expected`);
      if (value.length === 0) continue;
      if (field.packed) {
        writer.uint32(field.tag);
        const start = writer.fork();
        for (const item of value) writeValue(field, item, depth, true);
        writer.endFork(start);
      } else {
        for (const item of value) {
          if (field.kind === 'message' && !isObject(item)) {
            throw new TypeError(`${field.fullName}: object expected`);
          }
          writer.uint32(field.tag);
          writeValue(field, item, depth, true);
        }
      }
    } else if (value !== undefined && value !== null) {
      writeField(field, value, depth);
    }
  }
}

/** Encodes one message object, as protobufjs's `encode(fromObject(object))` would. */
export function encodeMessage(type: MessageInfo, message: unknown): Buffer {
  if (type.fields.length > 0 && !isObject(message)) {
    throw new TypeError(`.${type.fullName}: object expected`);
  }
  writer.reset();
  try {
    writeMessage(type, (message ?? {}) as MessageObject, 0);
    return Buffer.from(writer.buf.subarray(0, writer.pos));
  } finally {
    writer.reset();
    if (writer.buf.length > KEPT_WRITER_BYTES) writer.buf = Buffer.allocUnsafe(4096);
  }
}
