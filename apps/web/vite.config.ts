import { execSync } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

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

/**
 * index.html asks for these chunks (and their CSS) together with the entry, instead of the entry
 * asking for them once it has run: every page renders with them.
 */
function preloadFromHtml(chunkNames: readonly string[]): Plugin {
  return {
    name: 'app:preload-from-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter(
          (output): output is Rolldown.OutputChunk => output.type === 'chunk' && chunkNames.includes(output.name),
        );
        return chunks.flatMap((chunk) => [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
          ...[...(chunk.viteMetadata?.importedCss ?? [])].map((css) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${css}` },
            injectTo: 'head' as const,
          })),
        ]);
      },
    },
  };
}

type ChunkingContext = Parameters<Extract<Rolldown.CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];

const SRC = resolve(import.meta.dirname, 'src');

/**
 * Code that loads together ships together: one chunk per group instead of a dozen tiny shared ones.
 * A group takes every module its roots import (statically, all the way down) that the entry has not
 * loaded already and no earlier group took. Roots are relative to src/.
 */
const CHUNK_GROUPS: readonly { name: string; roots: readonly string[] }[] = [
  // The sign-in card and the UI it shares with the other screens (index.html preloads it).
  { name: 'sign-in', roots: ['app/routes/login.tsx'] },
  // The query layer, the API client and the wire schemas: what the first request of a session needs,
  // fetched by start-up as soon as the page knows a session exists (see app/route-preload.ts).
  { name: 'data', roots: ['features/customers/api/get-customer-info.ts'] },
  // The signed-in layout with its menus and the services that run while someone is signed in.
  {
    name: 'signed-in',
    roots: ['app/query-layout.tsx', 'app/layouts/main-layout.tsx', 'app/session/signed-in-services.tsx'],
  },
];

function chunkGroupsOf(ctx: ChunkingContext): Map<string, string> {
  const visit = (root: string, take: (id: string) => boolean) => {
    const stack = [root];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (take(id)) stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
  };
  const initial = new Set<string>();
  visit(join(SRC, 'main.tsx'), (id) => !initial.has(id) && Boolean(initial.add(id)));
  const groupOf = new Map<string, string>();
  for (const { name, roots } of CHUNK_GROUPS) {
    for (const root of roots) {
      visit(join(SRC, root), (id) => !initial.has(id) && !groupOf.has(id) && Boolean(groupOf.set(id, name)));
    }
  }
  return groupOf;
}

/** Chunk groups of the current build (the module graph is the same for every call within one build). */
function chunkGrouping(): { plugin: Plugin; group: Rolldown.CodeSplittingGroup } {
  let groupOf: Map<string, string> | undefined;
  return {
    plugin: {
      name: 'app:chunk-groups',
      buildStart() {
        groupOf = undefined;
      },
    },
    group: {
      name: (id, ctx) => {
        groupOf ??= chunkGroupsOf(ctx);
        return groupOf.get(id) ?? null;
      },
    },
  };
}

const chunkGroups = chunkGrouping();

const backend = 'http://localhost:3000';

export default defineConfig({
  // The sign-in chunk also holds the UI both layouts share, so every page needs it.
  plugins: [react(), chunkGroups.plugin, preloadFromHtml(['sign-in']), releaseAssets()],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  build: {
    target: 'es2022',
    // Assets stay files (no data: URLs), so the strict CSP of the server never has to allow them.
    assetsInlineLimit: 0,
    sourcemap: false,
    // The manifest lets scripts/measure-login-js.mjs follow the import graph of the sign-in route.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries the entry loads: one file, which outlives app deploys in the browser cache.
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 3 },
            // The entry's own modules stay with it, even those that later chunks import as well.
            { name: 'index', tags: ['$initial'], priority: 2 },
            { ...chunkGroups.group, priority: 1 },
          ],
        },
      },
    },
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
