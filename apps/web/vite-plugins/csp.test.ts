import { readFileSync } from 'node:fs';
import { defaultClientConditions } from 'vite';
import { describe, expect, it } from 'vitest';
import { SOURCE_CONDITION } from '../vite.config.ts';
import { cspHashProblem, cspScriptHash, pagePolicies, withCspHash } from './csp.ts';
import { bundleBootScript, readsBuildEnv } from './first-paint.ts';

const FIREBASE_JSON = new URL('../../../firebase.json', import.meta.url);

const HASH = cspScriptHash('console.log(1)');
const OTHER = cspScriptHash('console.log(2)');

/** firebase.json's shape: a page rule (regex, as the real file) and the worker's own rule. */
function firebaseJson(scriptSrc: string) {
  return {
    hosting: {
      headers: [
        {
          regex: '^/(?:$|[^_].*|_$|_[^_].*)$',
          headers: [
            {
              key: 'Content-Security-Policy',
              value: `default-src 'self'; script-src ${scriptSrc}; object-src 'none'`,
            },
            { key: 'X-Frame-Options', value: 'DENY' },
          ],
        },
        {
          source: '/sw.js',
          headers: [{ key: 'Content-Security-Policy', value: "script-src 'self'" }],
        },
      ],
    },
  };
}

describe('cspScriptHash', () => {
  it("is the CSP source for the script's sha256, base64", () => {
    // echo -n 'console.log(1)' | openssl dgst -sha256 -binary | base64
    expect(HASH).toBe("'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='");
  });
});

describe('cspHashProblem', () => {
  it('accepts a page policy whose script-src lists the hash', () => {
    expect(cspHashProblem(firebaseJson(`'self' https://apis.google.com ${HASH}`), HASH)).toBe(null);
  });

  it("refuses one that lists another script's hash, or none", () => {
    expect(cspHashProblem(firebaseJson(`'self' ${OTHER}`), HASH)).toContain(HASH);
    expect(cspHashProblem(firebaseJson(`'self' https://apis.google.com`), HASH)).toContain(HASH);
  });

  it("ignores policies of paths that are not pages (the worker's)", () => {
    expect(pagePolicies(firebaseJson("'self'"))).toEqual([
      "default-src 'self'; script-src 'self'; object-src 'none'",
    ]);
  });

  it('refuses a file with no page policy: the check must see what it guards', () => {
    expect(cspHashProblem({ hosting: { headers: [] } }, HASH)).toMatch(/no Content-Security/u);
  });

  it('reads default-src when there is no script-src', () => {
    const policy = (value: string) => ({
      hosting: {
        headers: [{ source: '**', headers: [{ key: 'content-security-policy', value }] }],
      },
    });
    expect(cspHashProblem(policy(`default-src 'self' ${HASH}`), HASH)).toBe(null);
    expect(cspHashProblem(policy(`default-src 'self'`), HASH)).toContain(HASH);
  });
});

describe('withCspHash', () => {
  it("puts the hash in place of the old one and keeps the rest of the file's text", () => {
    const before = `${JSON.stringify(firebaseJson(`'self' https://apis.google.com ${OTHER}`), null, 2)}\n`;
    const after = withCspHash(before, HASH);
    expect(after).toBe(before.replace(OTHER, HASH));
    expect(cspHashProblem(JSON.parse(after), HASH)).toBe(null);
    expect(withCspHash(after, HASH)).toBe(after);
  });

  it('adds it to a script-src that had none', () => {
    const before = JSON.stringify(firebaseJson(`'self' https://apis.google.com`));
    expect(JSON.parse(withCspHash(before, HASH))).toEqual(
      firebaseJson(`'self' https://apis.google.com ${HASH}`),
    );
  });
});

describe('the first paint script', () => {
  it('reads no build env: its sources may not use import.meta.env', () => {
    expect(readsBuildEnv('const mode = import.meta.env.MODE;')).toBe(true);
    expect(readsBuildEnv('const url = import.meta.url;')).toBe(false);
  });

  // The build (any mode) checks the same; here the unit tests catch a script changed without
  // `npm run csp-hash -w apps/web`.
  it("is allowed by firebase.json's Content-Security-Policy", async () => {
    const script = await bundleBootScript({
      conditions: [SOURCE_CONDITION, ...defaultClientConditions],
    });
    const hash = cspScriptHash(script);
    expect(cspHashProblem(JSON.parse(readFileSync(FIREBASE_JSON, 'utf8')), hash)).toBe(null);
  });
});
