import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types as pgliteTypes, type QueryOptions, type Results } from '@electric-sql/pglite';
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
  /**
   * Errors of idle pooled connections (the server restarted, an administrator ended the backend).
   * The pool drops that connection and the next query opens a new one; without a listener the
   * 'error' event would crash the process.
   */
  onIdleConnectionError?: (error: Error) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl === undefined) {
    if (!options.pgliteDataDir.startsWith('memory://')) mkdirSync(options.pgliteDataDir, { recursive: true });
    const pglite = await PGlite.create(options.pgliteDataDir);
    const db: Database = drizzlePglite(pglite, { schema, casing: 'snake_case' });
    await migratePglite(drizzlePglite(pglite, { casing: 'snake_case' }), { migrationsFolder });
    // drizzle-orm/pglite calls only query() and transaction() on its client; statements need query().
    const planningOnce = planOnceClient(pglite) as unknown as PGlite;
    statementDatabases.set(db, drizzlePglite(planningOnce, { schema, casing: 'snake_case' }));
    return { kind: 'pglite', db, pglite, close: () => pglite.close() };
  }
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: POOL_MAX_CONNECTIONS });
  pool.on('error', options.onIdleConnectionError ?? (() => undefined));
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

/**
 * Statements that run on every request are prepared once and planned once (planning cost more than
 * executing them: 4x on PostgreSQL, more on PGlite). On PostgreSQL, Drizzle's `.prepare(name)` makes
 * a named statement that pg parses and plans once per pooled connection. PGlite's query() cannot
 * name a statement and plans every time, so on PGlite the statement is built on a twin of the
 * database whose client runs SQL `PREPARE` once and `EXECUTE` after. Keyed by handle, because
 * tests and transactions bring their own (a transaction gets plain Drizzle statements).
 */
const statementDatabases = new WeakMap<Database, Database>();

export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const statements = new WeakMap<Database, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = prepare(statementDatabases.get(db) ?? db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/** A bound on the PGlite session's prepared statements: only hot statements come here. */
const MAX_PLANNED_STATEMENTS = 64;
const MAX_LITERAL_TEXT_LENGTH = 256;

/**
 * A parameter as an SQL literal, for the EXECUTE that cannot take bound parameters. Only values
 * whose literal is unambiguous; anything else (and any text with a backslash or over the limit)
 * returns undefined and the statement runs the ordinary way. A quoted literal is coerced to the
 * parameter's type exactly as a text-format bound parameter is.
 */
function sqlLiteralOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
  if (typeof value === 'string' && value.length <= MAX_LITERAL_TEXT_LENGTH && !value.includes('\\')) {
    return `'${value.replaceAll("'", "''")}'`;
  }
  return undefined;
}

/**
 * The types drizzle-orm/pglite asks PGlite to return as text on every query (its per-query
 * `parsers`: dates, times and intervals, which Drizzle maps itself). PGlite merges per-query parsers
 * into a fresh copy of its 318-entry table on every call, which cost ~250 µs a query; with the
 * same parsers installed on the instance, statements can leave them out.
 */
const DRIZZLE_TEXT_TYPES = new Set<number>([
  pgliteTypes.TIMESTAMP,
  pgliteTypes.TIMESTAMPTZ,
  pgliteTypes.INTERVAL,
  pgliteTypes.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);

function planOnceClient(pglite: PGlite): Pick<PGlite, 'query'> {
  // Drizzle asks for exactly these as text on every query, so none of its answers changes. A raw
  // pglite.query() would now get them as text too; the app makes none (LISTEN parses nothing).
  for (const type of DRIZZLE_TEXT_TYPES) pglite.parsers[type] = (value: string) => value;
  const sameParsers = new WeakSet<object>();
  const statementNames = new Map<string, Promise<string>>();
  let preparedCount = 0;
  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      const parsers = options?.parsers;
      if (parsers !== undefined && !sameParsers.has(parsers)) {
        // A newer Drizzle asking for other types keeps the slower path rather than other answers.
        if (Object.keys(parsers).every((type) => DRIZZLE_TEXT_TYPES.has(Number(type)))) sameParsers.add(parsers);
      }
      if (parsers !== undefined && sameParsers.has(parsers)) options = { ...options, parsers: undefined };
      const literals = params.map(sqlLiteralOf);
      const isPlannable =
        literals.every((literal) => literal !== undefined) &&
        (statementNames.has(text) || statementNames.size < MAX_PLANNED_STATEMENTS);
      if (!isPlannable) return pglite.query<T>(text, params, options);
      let statementName = statementNames.get(text);
      if (statementName === undefined) {
        preparedCount += 1;
        const name = `planned_${preparedCount}`;
        statementName = pglite.exec(`PREPARE ${name} AS ${text}`).then(() => name);
        statementNames.set(text, statementName);
        // A statement that fails to prepare fails this call, and is tried afresh on the next.
        statementName.catch(() => statementNames.delete(text));
      }
      const name = await statementName;
      const execute = literals.length === 0 ? `EXECUTE ${name}` : `EXECUTE ${name}(${literals.join(', ')})`;
      // Without bound parameters the simple protocol does in one exchange what query() does in four.
      const [results] = await pglite.exec(execute, options);
      if (results === undefined) throw new Error(`EXECUTE ${name} returned no result`);
      return results as Results<T>;
    },
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
