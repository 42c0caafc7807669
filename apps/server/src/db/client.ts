import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Both drivers give the same query builder; code depends on this type only. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle is a Database too, so repositories take either. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle =
  | { kind: 'pglite'; db: Database; pglite: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Database; pool: pg.Pool; connectionString: string; close: () => Promise<void> };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Serialises migrations when several server processes start on one PostgreSQL database. */
const MIGRATION_LOCK_ID = 7_966_098;
const POOL_MAX_CONNECTIONS = 20;

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  /** PGlite data folder; `memory://` keeps it in memory (tests). */
  pgliteDataDir: string;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl === undefined) {
    if (!options.pgliteDataDir.startsWith('memory://')) mkdirSync(options.pgliteDataDir, { recursive: true });
    const pglite = await PGlite.create(options.pgliteDataDir);
    const db: Database = drizzlePglite(pglite, { schema, casing: 'snake_case' });
    await migratePglite(drizzlePglite(pglite, { casing: 'snake_case' }), { migrationsFolder });
    return { kind: 'pglite', db, pglite, close: () => pglite.close() };
  }
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: POOL_MAX_CONNECTIONS });
  const db: Database = drizzleNodePg(pool, { schema, casing: 'snake_case' });
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg(client, { casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
  return {
    kind: 'postgres',
    db,
    pool,
    connectionString: options.databaseUrl,
    close: () => pool.end(),
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
