/** Longest URL a showcase's `url` and `imageUrl` may hold (firestore.rules: `isWebUrl`). */
export const URL_MAX_LENGTH = 2048;

// Browsers silently drop tabs and newlines inside a URL ("java\tscript:" runs as "javascript:"),
// and a leading control character hides the scheme from naive prefix checks. Reject any of them,
// and every space but the plain one (U+0020), which is encoded (see `storedForm`).
const CONTROL_OR_SPACE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point.
  /[\u0000-\u001f\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/u;

/**
 * Returns the URL to store and link to, or null when the input must never reach an `href` or
 * `src`. Accepts only absolute `http:`/`https:` URLs with a host; everything else (`javascript:`,
 * `data:`, `vbscript:`, relative paths, protocol-relative `//host`, URLs hiding control or
 * whitespace characters) is rejected rather than repaired.
 *
 * What it returns is the text as typed (trimmed), so a saved link comes back exactly as the
 * user wrote it: upper case, unicode and all. Only characters the rules refuse in a stored URL
 * are encoded (see `storedForm`); the result passes `isWebUrl` and means the same URL as the
 * input.
 */
export function safeHttpUrl(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const candidate = input.trim();
  if (candidate.length === 0 || candidate.length > URL_MAX_LENGTH) return null;
  if (CONTROL_OR_SPACE.test(candidate)) return null;
  // The authority must follow the scheme directly: the URL parser would "repair" `http:///host`.
  if (!/^https?:\/\/[^/\\?#@]/i.test(candidate)) return null;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.hostname.length === 0) return null;
  const stored = storedForm(candidate);
  // What is stored must mean exactly the URL the parser understood from the input (encodings
  // of refused characters aside), and fit the rules (encoding can push it over the length).
  return isWebUrl(stored) && sameUrl(stored, parsed) ? stored : null;
}

// Characters the rules refuse in a stored URL (they could end or escape an HTML attribute) that
// may still appear in a URL as typed, and their percent-encodings, which mean the same to a server.
const REFUSED = /[ "'<>`\\]/gu;
const encodeRefused = (text: string): string =>
  text.replace(REFUSED, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The typed URL with only the refused characters encoded. In an http(s) URL's authority and
 * path the parser reads a backslash as a slash, so there it becomes one (encoded, it would name
 * another path, or in the authority another host); in the query and fragment it is encoded.
 */
function storedForm(typed: string): string {
  const afterScheme = typed.indexOf('//') + 2;
  const queryOrFragment = typed.slice(afterScheme).search(/[?#]/u);
  const split = queryOrFragment === -1 ? typed.length : afterScheme + queryOrFragment;
  return encodeRefused(typed.slice(0, split).replaceAll('\\', '/') + typed.slice(split));
}

function sameUrl(text: string, url: URL): boolean {
  try {
    return encodeRefused(new URL(text).href) === encodeRefused(url.href);
  } catch {
    return false;
  }
}

// The stored form, exactly as firestore.rules' `isWebUrl` checks it: the scheme on the
// lower-cased text, a host, and nothing that could end or escape an HTML attribute.
const WEB_URL_SHAPE = /^https?:\/\/[^/?#]+(?:[/?#].*)?$/su;
const ATTRIBUTE_BREAKING = /[\s\p{Z}\p{Cc}"'<>`\\]/u;

/** True for a stored URL the rules accept (`url`, `imageUrl`, a profile's `photoURL`). */
export function isWebUrl(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    characterCount(value) <= URL_MAX_LENGTH &&
    WEB_URL_SHAPE.test(value.toLowerCase()) &&
    !ATTRIBUTE_BREAKING.test(value)
  );
}

/** Counts characters the way the rules' `size()` does for strings (code points). */
export function characterCount(text: string): number {
  return Array.from(text).length;
}
