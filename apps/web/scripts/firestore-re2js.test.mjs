// The web build replaces the Firestore SDK's `re2js` import with src/lib/firebase/re2js-shim.ts
// (vite.config.ts). This checks, against the SDK version installed, that the shim still covers
// every use the SDK makes of RE2JS.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the Firestore SDK and the RE2JS shim', () => {
  it("uses RE2JS only through compile() and a pattern's matches() or test()", () => {
    // The browser build the app bundles. If a new SDK version calls more of RE2JS than
    // compile() and a compiled pattern's matches() or test(), this shim must grow.
    const require = createRequire(import.meta.url);
    const fromFirebase = createRequire(require.resolve('firebase/package.json'));
    const firestoreDir = dirname(fromFirebase.resolve('@firebase/firestore/package.json'));
    const re2Types = readFileSync(
      join(dirname(fromFirebase.resolve('re2js')), 'index.d.ts'),
      'utf8',
    );
    const re2Class = re2Types.slice(re2Types.indexOf('export declare class RE2JS {'));
    const re2Methods = new Set(
      [...re2Class.slice(0, re2Class.indexOf('\n}')).matchAll(/^\s+(?:static )?(\w+)\(/gmu)].map(
        (match) => match[1],
      ),
    );
    expect(re2Methods).toContain('matcher');
    const dist = join(firestoreDir, 'dist');
    const sources = readdirSync(dist)
      .filter((file) => file.endsWith('.esm.js'))
      .map((file) => readFileSync(join(dist, file), 'utf8'))
      .filter((source) => source.includes('RE2JS'));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source).toContain("import { RE2JS } from 're2js';");
      expect(new Set([...source.matchAll(/RE2JS\.(\w+)/gu)].map((match) => match[1]))).toEqual(
        new Set(['compile']),
      );
      // What is called on a compiled pattern, up to the catch that handles a refused one.
      for (const compiled of source.matchAll(/RE2JS\.compile\(/gu)) {
        const rest = source.slice(compiled.index);
        const use = rest.slice(0, rest.indexOf('catch'));
        const called = [...use.matchAll(/\.(\w+)\(/gu)]
          .map((match) => match[1])
          .filter((name) => name !== 'compile' && re2Methods.has(name));
        expect(called.length).toBeGreaterThan(0);
        for (const name of called) expect(['matches', 'test']).toContain(name);
      }
    }
  });
});
