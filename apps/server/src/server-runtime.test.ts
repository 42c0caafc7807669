import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGUMENTS } from './server-runtime';

/** npm scripts cannot import the flags: they repeat them, and must say the same. */
async function scriptsOf(packageJsonUrl: URL): Promise<Record<string, string>> {
  const { scripts } = JSON.parse(await readFile(packageJsonUrl, 'utf8')) as { scripts: Record<string, string> };
  return scripts;
}

describe("the server's Node flags", () => {
  it('are the ones npm start and the benchmarks start the server with', async () => {
    const node = `node ${SERVER_NODE_ARGUMENTS.join(' ')} `;
    const server = await scriptsOf(new URL('../package.json', import.meta.url));
    expect(server.start).toBe(`${node}src/server.ts`);
    expect(server.dev).toBe(`${node}--watch src/server.ts`);
    const root = await scriptsOf(new URL('../../../package.json', import.meta.url));
    expect(root.bench).toBe(`${node}bench/run.ts`);
  });
});
