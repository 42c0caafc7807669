// Sums the gzip size of the JavaScript the sign-in route loads in a production build: what index.html
// loads (the entry and the chunks it preloads, which hold the sign-in screen), every chunk those import
// statically, and — where the build keeps them apart — the login route chunk, the default brand's config
// and the English `common` and `auth` translation chunks. Budget: 160 KB (spec'd in the platform-spine
// issue). Run after a build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 160 * 1024;
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

const files = new Set();
function addWithStaticImports(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) addWithStaticImports(imported);
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const htmlScripts = [
  ...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g),
]
  .map((match) => match[1])
  .filter((file) => file !== undefined);
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey || htmlScripts.length === 0) throw new Error('Entry or index.html scripts not found');
const optionalKeys = Object.keys(manifest).filter((key) =>
  /src\/app\/routes\/login\.tsx$|src\/locales\/en\/(common|auth)\.json$|src\/brands\/harbor\/config\.ts$/.test(key),
);
for (const key of [entryKey, ...htmlScripts.map((file) => keyOfFile.get(file)), ...optionalKeys]) {
  if (key !== undefined) addWithStaticImports(key);
}

let total = 0;
for (const file of [...files].filter((name) => name.endsWith('.js')).sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip JS for /login (budget ${BUDGET_BYTES / 1024} KB)`);
if (total > BUDGET_BYTES) process.exitCode = 1;
