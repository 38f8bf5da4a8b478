// multipart/related bodies, as both upload APIs send them: a JSON metadata part, then the
// object's bytes. Only the framing the SDKs and GCS clients use is read (CRLF line breaks,
// part headers, a closing `--boundary--`); anything else is a clear INVALID_ARGUMENT.
import { EmulatorError } from '../../errors.js';

export type MultipartPart = {
  readonly headers: ReadonlyMap<string, string>;
  readonly body: Buffer;
};

function invalid(reason: string): EmulatorError {
  return new EmulatorError('INVALID_ARGUMENT', `Malformed multipart body: ${reason}.`);
}

/** The boundary of a `multipart/related; boundary=…` Content-Type. */
export function multipartBoundaryOf(contentType: string | undefined): string {
  if (
    contentType === undefined ||
    !/^multipart\/(related|form-data|mixed)\s*;/i.test(contentType)
  ) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      `A multipart upload needs Content-Type multipart/related with a boundary, got ${JSON.stringify(contentType ?? '')}.`,
    );
  }
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (boundary === undefined || boundary.length > 200) {
    throw new EmulatorError(
      'INVALID_ARGUMENT',
      'The multipart Content-Type has no usable boundary.',
    );
  }
  return boundary;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

function parseHeaders(block: Buffer): Map<string, string> {
  const headers = new Map<string, string>();
  const text = block.toString('latin1');
  if (text === '') return headers;
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0)
      throw invalid(`part header line ${JSON.stringify(line.slice(0, 80))} has no name`);
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Splits `body` at `--boundary` delimiters; at most `maxParts` parts. */
export function multipartParse(body: Buffer, boundary: string, maxParts = 2): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  let at = body.indexOf(delimiter);
  if (at !== 0 && !(at > 0 && body.subarray(0, at).toString('latin1').trim() === '')) {
    throw invalid('it does not start with the boundary');
  }
  const parts: MultipartPart[] = [];
  const next = Buffer.concat([CRLF, delimiter]);
  for (;;) {
    at += delimiter.length;
    // `--` after a delimiter closes the body.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) break;
    if (!body.subarray(at, at + 2).equals(CRLF))
      throw invalid('a boundary line is not followed by CRLF');
    at += 2;
    let headers = new Map<string, string>();
    let start: number;
    if (body.subarray(at, at + 2).equals(CRLF)) {
      start = at + 2;
    } else {
      const headerEnd = body.indexOf(HEADER_END, at);
      if (headerEnd < 0) throw invalid('a part has no blank line after its headers');
      headers = parseHeaders(body.subarray(at, headerEnd));
      start = headerEnd + 4;
    }
    const end = body.indexOf(next, start);
    if (end < 0) throw invalid('the closing boundary is missing');
    if (parts.length === maxParts) throw invalid(`more than ${maxParts} parts`);
    parts.push({ headers, body: body.subarray(start, end) });
    at = end + 2;
  }
  if (parts.length === 0) throw invalid('it has no parts');
  return parts;
}
