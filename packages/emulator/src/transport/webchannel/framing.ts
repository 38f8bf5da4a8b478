// WebChannel v8 framing: `<length>\n<json>` chunks whose length counts UTF-16 code units (the
// client slices a JS string), so JSON is emitted ASCII-only and the two counts agree; and the
// client's form-encoded forward bodies (`count`, `ofs`, `reqN___data__`, handshake `headers`).
import { EmulatorError } from '../../errors.js';

/** JSON.stringify with every non-ASCII code unit escaped as \uXXXX. */
export function toAsciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (ch) => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'),
  );
}

export function encodeChunk(json: string): string {
  return `${json.length}\n${json}`;
}

export type ForwardMessage = { readonly mapId: number; readonly json: string };

export type ForwardBody = {
  /** Handshake only: the init headers, names lower-cased. */
  readonly headers?: ReadonlyMap<string, string>;
  readonly messages: readonly ForwardMessage[];
};

function badRequest(message: string): EmulatorError {
  return new EmulatorError('INVALID_ARGUMENT', message);
}

/**
 * `Name:value\r\n` lines as closure's encodeInitMessageHeaders writes them. Values may contain
 * colons (URLs, JWTs), so each line is split at its first colon.
 */
export function parseInitHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw badRequest(`Malformed handshake header line "${line.slice(0, 80)}".`);
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * URLSearchParams turns percent-escapes that are not UTF-8 (`%FF`, `%ED%A0%80`) into U+FFFD;
 * production refuses them. Checked only when a U+FFFD appeared, which honest clients rarely send.
 */
function refuseInvalidPercentUtf8(text: string, params: URLSearchParams): void {
  if (![...params.values()].some((value) => value.includes('\uFFFD'))) return;
  for (const part of text.split('&')) {
    // Stray '%' signs stay literal, as URLSearchParams reads them; only byte sequences count.
    const escaped = part.replace(/\+/g, ' ').replace(/%(?![0-9a-fA-F]{2})/g, '%25');
    try {
      decodeURIComponent(escaped);
    } catch {
      throw badRequest('Invalid JSON payload received. The request is not valid UTF-8.');
    }
  }
}

export function parseForwardBody(text: string, maxMessages: number): ForwardBody {
  const params = new URLSearchParams(text);
  refuseInvalidPercentUtf8(text, params);
  const headersText = params.get('headers');
  const countText = params.get('count');
  const messages: ForwardMessage[] = [];
  if (countText !== null) {
    const count = Number(countText);
    if (!Number.isInteger(count) || count < 0) throw badRequest(`Invalid count "${countText}".`);
    if (count > maxMessages) {
      throw badRequest(`Too many messages in one request: ${count} (at most ${maxMessages}).`);
    }
    const ofsText = params.get('ofs') ?? '0';
    const ofs = Number(ofsText);
    if (!Number.isInteger(ofs) || ofs < 0) throw badRequest(`Invalid ofs "${ofsText}".`);
    for (let i = 0; i < count; i++) {
      const json = params.get(`req${i}___data__`);
      if (json === null) throw badRequest(`Message req${i}___data__ is missing.`);
      messages.push({ mapId: ofs + i, json });
    }
  }
  return {
    ...(headersText === null ? {} : { headers: parseInitHeaders(headersText) }),
    messages,
  };
}
