// Writes the demo covers and avatars into apps/web/public/demo/ (the app serves them; no internet).
// `--check` fails when the committed files differ from what this script generates.
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_COVERS, DEMO_MEMBERS, renderAvatar, renderCover } from '@showcase/dev-stack';

const outDir = path.resolve(import.meta.dirname, '../apps/web/public/demo');
const check = process.argv.includes('--check');

const files = new Map();
for (const cover of DEMO_COVERS) files.set(`${cover.name}.svg`, renderCover(cover));
for (const member of DEMO_MEMBERS) {
  files.set(`avatars/${member.uid.replace(/^demo-/, '')}.svg`, renderAvatar(member));
}

const stale = [];
for (const [name, content] of files) {
  const file = path.join(outDir, name);
  if (check) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    if (current !== content) stale.push(name);
  } else {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

if (check) {
  if (stale.length > 0) {
    console.error(
      `Demo images are out of date (${stale.join(', ')}). Run: node scripts/generate-demo-images.mjs`,
    );
    process.exit(1);
  }
  console.log(`Demo images up to date (${files.size} files).`);
} else {
  console.log(`Wrote ${files.size} demo images to ${path.relative(process.cwd(), outDir) || '.'}`);
}
