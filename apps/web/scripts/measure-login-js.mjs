// Sums the gzip size of the JavaScript the sign-in route loads in a production build: the entry, every
// chunk it imports statically, the login route chunk with its static imports, the default brand's config
// and the English `common` and `auth` translation chunks. Budget: 160 KB (spec'd in the platform-spine issue). Run after a build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 160 * 1024;
const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const files = new Set();
function addWithStaticImports(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) addWithStaticImports(imported);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loginKey = Object.keys(manifest).find((key) => key.endsWith('src/app/routes/login.tsx'));
const localeKeys = Object.keys(manifest).filter((key) =>
  /src\/locales\/en\/(common|auth)\.json$|src\/brands\/harbor\/config\.ts$/.test(key),
);
if (!entryKey || !loginKey) throw new Error('Entry or login chunk not found in the manifest');
for (const key of [entryKey, loginKey, ...localeKeys]) addWithStaticImports(key);

let total = 0;
for (const file of [...files].filter((name) => name.endsWith('.js')).sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip JS for /login (budget ${BUDGET_BYTES / 1024} KB)`);
if (total > BUDGET_BYTES) process.exitCode = 1;
