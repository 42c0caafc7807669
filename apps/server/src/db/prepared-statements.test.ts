import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { preparedPerDatabase } from './client';
import { users } from './schema/customers';

/**
 * Hot statements are prepared once per database (db/client.ts). On PGlite they run as SQL
 * PREPARE/EXECUTE with the parameters written as literals, so the literals must carry any value
 * exactly, and values that cannot be written safely must take the ordinary path.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.dispose();
});

const echoStatement = preparedPerDatabase((db) =>
  db
    .select({
      text: sql<string | null>`${sql.placeholder('text')}::text`,
      number: sql<number | null>`${sql.placeholder('number')}::integer`,
      flag: sql<boolean | null>`${sql.placeholder('flag')}::boolean`,
    })
    .from(sql`(values (1)) as "one"`)
    .prepare('test_prepared_echo'),
);

const userStatement = preparedPerDatabase((db) =>
  db
    .select({ email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(sql`${users.email} = ${sql.placeholder('email')}`)
    .prepare('test_prepared_user'),
);

describe('prepared statements', () => {
  it('carry every parameter exactly, quotes and backslashes included', async () => {
    const texts = ["O'Brien", "'; drop table users; --", 'back\\slash \\x27', '', 'Ünïcödé ✓', 'x'.repeat(1_000), null];
    for (const text of texts) {
      for (const [number, flag] of [
        [0, true],
        [-2_147_483_648, false],
        [null, null],
      ] as const) {
        const [row] = await echoStatement(database.handle.db).execute({ text, number, flag });
        expect(row).toEqual({ text, number, flag });
      }
    }
  });

  it('read rows as the ordinary query does, timestamps included', async () => {
    const db = database.handle.db;
    await db.insert(users).values({ email: 'prepared@example.com', passwordHash: 'x' });
    const [viaPrepared] = await userStatement(db).execute({ email: 'prepared@example.com' });
    const [viaQuery] = await db
      .select({ email: users.email, createdAt: users.createdAt })
      .from(users)
      .where(sql`${users.email} = ${'prepared@example.com'}`);
    expect(viaPrepared).toEqual(viaQuery);
    expect(viaPrepared?.createdAt).toBeInstanceOf(Date);
    // A value that cannot be a literal (not a safe integer) takes the ordinary path and still answers.
    const [echo] = await echoStatement(db).execute({ text: 2 ** 53, number: 1, flag: true });
    expect(echo?.text).toBe('9007199254740992');
  });

  it('are planned once by the engine', async () => {
    const db = database.handle.db;
    await echoStatement(db).execute({ text: 'planned', number: 1, flag: true });
    if (database.handle.kind === 'pglite') {
      const prepared = await database.handle.pglite.query<{ statement: string }>(
        'select statement from pg_prepared_statements',
      );
      expect(prepared.rows.some((row) => row.statement.includes('"one"'))).toBe(true);
    } else {
      // node-postgres names the statement on its connection; the pool hands back the connection
      // released last, the one that just ran it.
      const client = await database.handle.pool.connect();
      try {
        const prepared = await client.query<{ name: string }>('select name from pg_prepared_statements');
        expect(prepared.rows.map((row) => row.name)).toContain('test_prepared_echo');
      } finally {
        client.release();
      }
    }
  });
});
