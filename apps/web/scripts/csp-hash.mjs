// `npm run csp-hash -w apps/web`: writes the first paint's inlined script's hash into
// firebase.json's Hosting Content-Security-Policy (script-src), replacing the one it had. The
// build fails until it matches (vite-plugins/first-paint.ts), since Hosting would otherwise
// refuse the script and the deployed app would never start. Run it after changing anything the
// script bundles (src/first-paint/ and what it imports), and commit firebase.json.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const firebaseJson = fileURLToPath(new URL('../../../firebase.json', import.meta.url));
// The plugin and config are TypeScript: Vite's module runner loads them as the build does.
const load = async (path) =>
  (await runnerImport(fileURLToPath(new URL(path, import.meta.url)))).module;
const { bundleBootScript } = await load('../vite-plugins/first-paint.ts');
const { cspScriptHash, cspHashProblem, withCspHash } = await load('../vite-plugins/csp.ts');
const { SOURCE_CONDITION } = await load('../vite.config.ts');
const { defaultClientConditions } = await import('vite');

const hash = cspScriptHash(
  await bundleBootScript({ conditions: [SOURCE_CONDITION, ...defaultClientConditions] }),
);
const before = await readFile(firebaseJson, 'utf8');
const after = withCspHash(before, hash);
const problem = cspHashProblem(JSON.parse(after), hash);
if (problem !== null) throw new Error(`firebase.json: ${problem} after the rewrite.`);
if (after === before) {
  console.log(`firebase.json already allows the first paint's script (${hash}).`);
} else {
  await writeFile(firebaseJson, after);
  console.log(`firebase.json's script-src now allows the first paint's script: ${hash}.`);
}
