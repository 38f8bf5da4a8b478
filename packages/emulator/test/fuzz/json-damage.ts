// Damaging JSON: every path into a tree, replacement at a path, and hostile replacement values
// (type confusion, overflow, bad encodings, prototype keys), shared by the fuzz suites.
import fc from 'fast-check';
import type { Json } from '../differential/rest-json.js';

/** Every path into a JSON tree, as key lists. */
export function pathsOf(json: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const here = [prefix];
  if (Array.isArray(json))
    return here.concat(json.flatMap((item, i) => pathsOf(item, [...prefix, i])));
  if (json !== null && typeof json === 'object') {
    return here.concat(
      Object.entries(json).flatMap(([key, value]) => pathsOf(value, [...prefix, key])),
    );
  }
  return here;
}

export function replaceAt(json: Json, path: readonly (string | number)[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(json))
    return json.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
  const object = json as { [key: string]: Json };
  return { ...object, [head as string]: replaceAt(object[head as string]!, rest, replacement) };
}

/** Values that break naive decoders. */
export const hostileJsonArb: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    null,
    true,
    -1,
    0,
    1e308,
    -1e-308,
    2 ** 53 + 1,
    '',
    'NaN',
    '-0',
    '9223372036854775808',
    '-9223372036854775809',
    '1e999',
    '0x10',
    ' 1',
    '!!!not base64',
    '====',
    '2024-13-45T25:61:61Z',
    '0000-01-01T00:00:00Z',
    '10000-01-01T00:00:00Z',
    '2024-01-01T00:00:00.1234567891Z',
    'projects//databases/(default)/documents',
    'projects/demo-fuzz/databases/(default)/documents/c',
    'projects/other/databases/(default)/documents/c/a',
    '`unterminated',
    'a..b',
    '__name__',
    'x'.repeat(5000),
    [],
    {},
    { nullValue: 7 },
    { integerValue: 1.5 },
    { doubleValue: {} },
    { geoPointValue: { latitude: 91, longitude: 'x' } },
    { arrayValue: { values: [{ arrayValue: { values: [] } }] } },
    { stringValue: 'a', integerValue: '1' },
    // An own `__proto__` key, as JSON.parse makes it (an object literal would set the prototype).
    JSON.parse(
      '{"__proto__": {"polluted": true}, "fields": {"__proto__": {"nullValue": null}}}',
    ) as Json,
    { constructor: { prototype: { polluted: true } } },
  ),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

/** `template` with one to three subtrees replaced by hostile values. */
export function damagedJsonArb(template: Json): fc.Arbitrary<Json> {
  return fc
    .array(fc.tuple(fc.nat(), hostileJsonArb), { minLength: 1, maxLength: 3 })
    .map((damages) => {
      let json = template;
      for (const [pathIndex, replacement] of damages) {
        const paths = pathsOf(json);
        json = replaceAt(json, paths[pathIndex % paths.length]!, replacement);
      }
      return json;
    });
}
