import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types as pgliteTypes, type QueryOptions, type Results } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
/**
 * PostgreSQL connections per process. A request's statements are short and the process works
 * between them, so a connection spends much of a transaction idle, holding its row locks while
 * other requests run; beyond what keeps the process busy, more connections only lengthen those
 * holds and crowd the server's cores. Measured (transfers benchmark, 16 clients, 2 cores): no
 * gain from 6 connections up to 32, and the run-to-run noise is larger than any difference; 10
 * serves 16 clients with room for the job runner and the post-commit NOTIFYs, at about five
 * backends per core.
 */
const POOL_MAX_CONNECTIONS = 10;

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  /** PGlite data folder; `memory://` keeps it in memory (tests). */
  pgliteDataDir: string;
  /**
   * Errors of pooled connections, idle or in a transaction (the server restarted or crashed, an
   * administrator ended the backend). The pool drops that connection and the next query opens a
   * new one; without a listener the 'error' event would crash the process.
   */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * A PGlite data folder dumped after migrating (`dumpDataDir`): starting from it skips creating
   * the cluster and running the migrations again. Tests open dozens of databases; this is their
   * start-up time. Migrations still run, and apply whatever the dump lacks.
   */
  pgliteTemplate?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl === undefined) {
    if (!options.pgliteDataDir.startsWith('memory://')) mkdirSync(options.pgliteDataDir, { recursive: true });
    const pglite = await PGlite.create(
      options.pgliteDataDir,
      options.pgliteTemplate === undefined ? {} : { loadDataDir: options.pgliteTemplate },
    );
    const db: Database = drizzlePglite(pglite, { schema, casing: 'snake_case' });
    await migratePglite(drizzlePglite(pglite, { casing: 'snake_case' }), { migrationsFolder });
    // drizzle-orm/pglite calls only query() and transaction() on its client; statements need query().
    const planningOnce = planOnceClient(pglite) as unknown as PGlite;
    statementDatabases.set(db, drizzlePglite(planningOnce, { schema, casing: 'snake_case' }));
    return { kind: 'pglite', db, pglite, close: () => pglite.close() };
  }
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: POOL_MAX_CONNECTIONS });
  const onConnectionError = options.onIdleConnectionError ?? (() => undefined);
  pool.on('error', onConnectionError);
  // The pool listens for errors only while a connection is idle in it. A connection checked out by
  // a transaction when the database goes away (a crash, an immediate shutdown) would raise an error
  // nobody listens to, and Node ends the process; with its own listener the transaction's next
  // query fails instead, and the pool drops the connection when it is released.
  pool.on('connect', (connection) => {
    connection.on('error', onConnectionError);
  });
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
 * tests bring their own databases.
 *
 * A transaction is a new handle each time, and building a Drizzle query costs the server more CPU
 * than sending it (measured under 16 concurrent transfers: Drizzle a quarter of the process's CPU,
 * most of it building). So a statement is built once per driver and, for a transaction, rebound
 * to the transaction's connection: the prepared query reads its client when it executes, and
 * everything else in it (text, parameters, result mapping) is the same on every handle.
 */
const statementDatabases = new WeakMap<Database, Database>();

/** The driver client a handle's queries go to (a pool, a pooled connection, PGlite or its transaction). */
function clientOf(db: Database): unknown {
  return (db._.session as unknown as { client?: unknown }).client;
}

/**
 * Whether the handle is a transaction (or a savepoint in one). Without narrowing: `instanceof` would
 * turn the handle into a PgTransaction of `any` schema.
 */
export function isTransaction(db: Database): boolean {
  return db instanceof PgTransaction;
}

function isRebindable(statement: unknown): statement is { client: unknown } {
  return typeof statement === 'object' && statement !== null && 'client' in statement;
}

export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const statements = new WeakMap<Database, T>();
  /** Per session class (node-postgres or PGlite): a process may open both (tools, tests). */
  const templates = new Map<unknown, T>();
  return (db) => {
    if (isTransaction(db)) {
      const kind = db._.session.constructor;
      const template = templates.get(kind);
      const client = clientOf(db);
      if (template === undefined || client === undefined || !isRebindable(template)) {
        const statement = prepare(db);
        templates.set(kind, statement);
        return statement;
      }
      const rebound = Object.create(template) as T & { client: unknown };
      rebound.client = client;
      return rebound;
    }
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = prepare(statementDatabases.get(db) ?? db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/** Finds the highest `$n` of a statement's text: how many parameters it takes. */
function parameterCountOf(text: string): number {
  let highest = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

/**
 * A hand-written statement of fixed text with positional parameters (`$1`…), prepared like the
 * statements above on every handle, transactions included, with no query building per call. For
 * the few statements on the money path that the query builder cannot say in one round trip
 * (data-modifying CTEs, `unnest` of parameter arrays). Rows come back as the driver gives them:
 * select int8 and numeric columns `::text`, as node-postgres and PGlite differ on them.
 */
export function preparedSql<Row>(
  name: string,
  text: string,
): (db: Database, params: readonly unknown[]) => Promise<Row[]> {
  const parameterCount = parameterCountOf(text);
  const placeholders = Array.from({ length: parameterCount }, (_, index) => sql.placeholder(`p${index + 1}`));
  const statementOf = preparedPerDatabase((db) =>
    db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
      { sql: text, params: placeholders },
      undefined,
      name,
      false,
    ),
  );
  return async (db, params) => {
    if (params.length !== parameterCount) {
      throw new Error(`Statement ${name} takes ${parameterCount} parameters, not ${params.length}`);
    }
    const values = Object.fromEntries(params.map((value, index) => [`p${index + 1}`, value]));
    return (await statementOf(db).execute(values)).rows;
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
