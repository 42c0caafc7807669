import { execSync } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** One id per build: the service worker and the `cacheVersion` cookie change with it. */
function buildIdOf(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  let revision = 'dev';
  try {
    revision = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // Not a git checkout (a tarball build): the timestamp alone identifies the build.
  }
  return `${revision}-${Date.now().toString(36)}`;
}

const BUILD_ID = buildIdOf();

/** Formats that are already compressed gain nothing from gzip or brotli. */
const INCOMPRESSIBLE = /\.(gz|br|png|jpe?g|gif|webp|avif|woff2?|zip)$/i;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]),
    ),
  );
  return nested.flat();
}

/**
 * After the bundle is written: stamp the build id into the service worker (so `registration.update()`
 * sees a new script after each deploy), then write `.gz` and `.br` beside every asset so the server can
 * serve them pre-compressed.
 */
function releaseAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'app:release-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const serviceWorker = join(outDir, 'sw.js');
      const source = await readFile(serviceWorker, 'utf8').catch(() => undefined);
      if (source !== undefined) await writeFile(serviceWorker, source.replaceAll('__BUILD_ID__', BUILD_ID));
      const files = (await filesUnder(outDir)).filter((file) => !INCOMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size === 0) return;
          const content = await readFile(file);
          await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
          await writeFile(
            `${file}.br`,
            brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }),
      );
    },
  };
}

const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), releaseAssets()],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  build: {
    target: 'es2022',
    // Assets stay files (no data: URLs), so the strict CSP of the server never has to allow them.
    assetsInlineLimit: 0,
    sourcemap: false,
    // The manifest lets scripts/measure-login-js.mjs follow the import graph of the sign-in route.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': backend,
      '/auth': backend,
      '/ws': { target: backend, ws: true },
      '/dev': backend,
      '/docs': backend,
    },
  },
  preview: {
    proxy: {
      '/api': backend,
      '/auth': backend,
      '/ws': { target: backend, ws: true },
      '/dev': backend,
      '/docs': backend,
    },
  },
});
