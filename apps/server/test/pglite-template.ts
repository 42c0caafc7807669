import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data folder dump that each test database starts from. */
    pgliteTemplateFile: string | undefined;
  }
}

const migrationsFolder = path.resolve(import.meta.dirname, '../src/db/migrations');

/** The dump belongs to one PGlite version and one set of migrations. */
function templateHash(): string {
  // The package does not export its package.json: find it above its entry point.
  let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  const pgliteVersion = readFileSync(path.join(folder, 'package.json'), 'utf8');
  const hash = createHash('sha256').update(pgliteVersion);
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Global set-up of the server tests on PGlite: migrates one database and dumps it once, so the
 * dozens of test databases start from it (about 0.7 s each instead of 4 s). On PostgreSQL each
 * test makes a real database and this does nothing.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL !== undefined) {
    project.provide('pgliteTemplateFile', undefined);
    return;
  }
  const file = path.join(tmpdir(), `harbor-pglite-template-${templateHash()}.tar`);
  if (!existsSync(file)) {
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDataDir: 'memory://' });
    if (handle.kind !== 'pglite') throw new Error('expected PGlite');
    const dump = await handle.pglite.dumpDataDir('none');
    await handle.close();
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  }
  project.provide('pgliteTemplateFile', file);
}
