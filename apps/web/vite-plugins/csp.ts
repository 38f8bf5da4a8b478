import { createHash } from 'node:crypto';

/**
 * firebase.json's Hosting Content-Security-Policy and the first paint's inlined script: the policy
 * allows that one inline script by its hash (`'sha256-…'` in script-src). Pure, so the build's
 * check (first-paint.ts) and `npm run csp-hash` (scripts/csp-hash.mjs) are unit-tested.
 */

/** The CSP source that allows exactly this inline script: sha256 of its UTF-8 text, base64. */
export function cspScriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

type HeaderRule = {
  source?: unknown;
  regex?: unknown;
  headers?: { key?: unknown; value?: unknown }[];
};

/** Paths Hosting answers with index.html (or the link-preview function's copy of it). */
const PAGE_PATHS = ['/', '/index.html', '/s/x', '/u/x', '/new'];
/** The `source` globs that match every path (no glob engine here: the file uses `regex`). */
const EVERY_PATH = new Set(['**', '/**']);

function appliesToPages(rule: HeaderRule): boolean {
  if (typeof rule.regex === 'string') {
    const regex = new RegExp(rule.regex, 'u');
    return PAGE_PATHS.some((path) => regex.test(path));
  }
  return (
    typeof rule.source === 'string' &&
    (EVERY_PATH.has(rule.source) || PAGE_PATHS.includes(rule.source))
  );
}

/** Every Content-Security-Policy value firebase.json's Hosting sends with a page. */
export function pagePolicies(firebaseJson: unknown): string[] {
  const hosting = (firebaseJson as { hosting?: unknown } | null)?.hosting;
  // One site or several (an array of targets): each serves the pages.
  const sites = (Array.isArray(hosting) ? hosting : [hosting]) as ({
    headers?: HeaderRule[];
  } | null)[];
  return sites.flatMap((site) =>
    (site?.headers ?? [])
      .filter(appliesToPages)
      .flatMap((rule) => rule.headers ?? [])
      .filter(
        (header) =>
          typeof header.key === 'string' &&
          header.key.toLowerCase() === 'content-security-policy' &&
          typeof header.value === 'string',
      )
      .map((header) => header.value as string),
  );
}

/** The sources of a policy's directive, or null when it has none. */
function directive(policy: string, name: string): string[] | null {
  for (const part of policy.split(';')) {
    const [directiveName, ...sources] = part.trim().split(/\s+/u);
    if (directiveName?.toLowerCase() === name) return sources;
  }
  return null;
}

/**
 * Why firebase.json's pages would refuse the inline script of this hash, or null when every
 * page policy allows it. No policy at all is a problem too: the check must see what it guards.
 */
export function cspHashProblem(firebaseJson: unknown, hash: string): string | null {
  const policies = pagePolicies(firebaseJson);
  if (policies.length === 0) {
    return 'found no Content-Security-Policy header for pages in its hosting.headers';
  }
  for (const policy of policies) {
    // Without script-src, default-src governs scripts.
    const sources = directive(policy, 'script-src') ?? directive(policy, 'default-src');
    if (sources === null) return 'a page policy has neither script-src nor default-src';
    if (!sources.includes(hash)) return `its script-src does not list ${hash}`;
  }
  return null;
}

/**
 * firebase.json's text with every page policy's script-src allowing this hash in place of any
 * hash it listed: only those values change, so the file's formatting stays as it was.
 */
export function withCspHash(firebaseJsonText: string, hash: string): string {
  let text = firebaseJsonText;
  for (const policy of new Set(pagePolicies(JSON.parse(firebaseJsonText)))) {
    const parts = policy.split(';');
    const at = parts.findIndex((part) => /^\s*script-src(\s|$)/iu.test(part));
    if (at < 0) {
      throw new Error(`firebase.json: a page policy has no script-src to add ${hash} to.`);
    }
    const [name, ...sources] = parts[at]!.trim().split(/\s+/u);
    const kept = sources.filter((source) => !/^'sha256-/u.test(source));
    parts[at] = `${at === 0 ? '' : ' '}${[name, ...kept, hash].join(' ')}`;
    text = text.split(JSON.stringify(policy)).join(JSON.stringify(parts.join(';')));
  }
  return text;
}
