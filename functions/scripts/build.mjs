// Builds what `firebase deploy` uploads for the function: functions/lib/, one ESM bundle of
// src/index.ts with the workspace's own code (the preview core, @showcase/schema) inlined and the
// built app's index.html written in, plus a package.json naming only the npm packages Cloud Build
// installs. The app must be built first (apps/web/dist): the function answers with that very
// index.html, so its hashed file names match what Hosting serves.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const FUNCTIONS = path.resolve(fileURLToPath(import.meta.url), '../..');
const OUT = path.join(FUNCTIONS, 'lib');
const INDEX_HTML = path.resolve(FUNCTIONS, '../apps/web/dist/index.html');

if (!fs.existsSync(INDEX_HTML)) {
  console.error(
    `functions: ${INDEX_HTML} is missing; build the app first (npm run build -w apps/web).`,
  );
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(path.join(FUNCTIONS, 'package.json'), 'utf8'));
const runtime = Object.keys(manifest.dependencies);

const bundle = await rolldown({
  input: path.join(FUNCTIONS, 'src/index.ts'),
  platform: 'node',
  // The npm packages stay imports (Cloud Build installs them); everything else is inlined.
  external: (id) => runtime.some((name) => id === name || id.startsWith(`${name}/`)),
  resolve: { conditionNames: ['@showcase/source', 'import', 'node', 'default'] },
  transform: { define: { __INDEX_HTML__: JSON.stringify(fs.readFileSync(INDEX_HTML, 'utf8')) } },
});
fs.rmSync(OUT, { recursive: true, force: true });
await bundle.write({ dir: OUT, format: 'esm', entryFileNames: 'index.js', codeSplitting: false });
await bundle.close();
fs.writeFileSync(
  path.join(OUT, 'package.json'),
  `${JSON.stringify(
    {
      name: 'showcase-functions',
      private: true,
      type: 'module',
      main: 'index.js',
      // The runtime firebase.json names (nodejs20); the workspace itself runs on any Node the
      // repository supports.
      engines: { node: '20' },
      dependencies: manifest.dependencies,
    },
    null,
    2,
  )}\n`,
);
// Environment files (`SITE_URL=…`), which Cloud Functions reads from the deployed folder.
for (const file of fs.readdirSync(FUNCTIONS)) {
  if (file === '.env' || file.startsWith('.env.'))
    fs.copyFileSync(path.join(FUNCTIONS, file), path.join(OUT, file));
}
console.log(`functions: built ${path.relative(process.cwd(), OUT)}/index.js`);
