// Object-name rules as production enforces them: at most 1,024 bytes of UTF-8, no control
// characters, no `.` or `..` segment, not empty. Names are opaque keys otherwise: slashes only
// matter to listing with a delimiter.
import { EmulatorError } from '../errors.js';

export const MAX_OBJECT_NAME_BYTES = 1024;

// C0 and C1 controls and DEL; production refuses them in names (they break XML listings).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

function invalid(message: string): EmulatorError {
  return new EmulatorError('INVALID_ARGUMENT', message);
}

/** Returns `name` if production would store an object under it; throws INVALID_ARGUMENT if not. */
export function objectNameValidate(name: string): string {
  if (name === '') throw invalid('Object name must not be empty.');
  const bytes = Buffer.byteLength(name, 'utf8');
  if (bytes > MAX_OBJECT_NAME_BYTES) {
    throw invalid(
      `Object name is ${bytes} bytes of UTF-8; the limit is ${MAX_OBJECT_NAME_BYTES} bytes.`,
    );
  }
  if (CONTROL_CHARACTER.test(name)) {
    throw invalid(
      'Object name must not contain control characters (U+0000–U+001F, U+007F–U+009F).',
    );
  }
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(name)) {
    throw invalid('Object name must be valid UTF-8 (it contains an unpaired surrogate).');
  }
  for (const segment of name.split('/')) {
    if (segment === '.' || segment === '..') {
      throw invalid(
        `Object name must not contain a "${segment}" path segment: ${JSON.stringify(name)}.`,
      );
    }
  }
  return name;
}
