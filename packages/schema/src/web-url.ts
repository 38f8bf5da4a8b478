/** Longest URL a showcase's `url` and `imageUrl` may hold (firestore.rules: `isWebUrl`). */
export const URL_MAX_LENGTH = 2048;

// Browsers silently drop tabs and newlines inside a URL ("java\tscript:" runs as "javascript:"),
// and a leading control character hides the scheme from naive prefix checks. Reject any of them.
const CONTROL_OR_SPACE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point.
  /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/u;

/**
 * Returns a normalized http(s) URL, or null when the input must never reach an `href` or `src`.
 * Accepts only absolute `http:`/`https:` URLs with a host; everything else (`javascript:`,
 * `data:`, `vbscript:`, relative paths, protocol-relative `//host`, URLs hiding control or
 * whitespace characters) is rejected rather than repaired. What it returns passes `isWebUrl`.
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
  // The parser leaves apostrophes in paths and fragments; encoded, the URL means the same and
  // can never end a quoted attribute (the rules refuse a raw one too).
  return parsed.href.replaceAll("'", '%27');
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
