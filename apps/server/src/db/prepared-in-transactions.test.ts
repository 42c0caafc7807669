import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { preparedPerDatabase, preparedSql } from './client';
import { users } from './schema/customers';

/**
 * Hot statements are built once and, inside a transaction, rebound to the transaction's connection
 * (db/client.ts). What must hold: a statement run in a transaction sees that transaction's writes
 * and no other's, on either engine, and hand-written statements take their parameters exactly.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.dispose();
});

const userByEmail = preparedPerDatabase((db) =>
  db
    .select({ email: users.email })
    .from(users)
    .where(sql`${users.email} = ${sql.placeholder('email')}`)
    .prepare('test_rebound_user_by_email'),
);

const echo = preparedSql<{ ids: string[]; total: string; label: string | null; document: { a: number } | null }>(
  'test_prepared_sql_echo',
  `select array(select unnest($1::bigint[])::text) as ids,
    (select coalesce(sum(v), 0) from unnest($2::bigint[]) as v)::text as total,
    $3::text as label, $4::jsonb as document`,
);

/** Resolves every caller's promise once `parties` callers are waiting. */
function barrier(parties: number): () => Promise<void> {
  let waiting = 0;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return () => {
    waiting += 1;
    if (waiting === parties) release();
    return released;
  };
}

describe('prepared statements in transactions', () => {
  it('run on the transaction’s connection: its own uncommitted rows, never another’s', async () => {
    const { db } = database.handle;
    // Built on the root handle first, then used by transactions.
    expect(await userByEmail(db).execute({ email: 'first@rebound.test' })).toEqual([]);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ email: 'first@rebound.test', passwordHash: 'x' });
        expect(await userByEmail(tx).execute({ email: 'first@rebound.test' })).toEqual([
          { email: 'first@rebound.test' },
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await userByEmail(db).execute({ email: 'first@rebound.test' })).toEqual([]);

    if (database.handle.kind === 'postgres') {
      // Two transactions at once, each on its own pooled connection, both open while both read:
      // each sees its own row only.
      const bothInserted = barrier(2);
      const bothRead = barrier(2);
      const inTransaction = (email: string, other: string) =>
        db.transaction(async (tx) => {
          await tx.insert(users).values({ email, passwordHash: 'x' });
          await bothInserted();
          const seen = {
            own: await userByEmail(tx).execute({ email }),
            other: await userByEmail(tx).execute({ email: other }),
          };
          await bothRead();
          return seen;
        });
      const [a, b] = await Promise.all([
        inTransaction('a@rebound.test', 'b@rebound.test'),
        inTransaction('b@rebound.test', 'a@rebound.test'),
      ]);
      expect(a).toEqual({ own: [{ email: 'a@rebound.test' }], other: [] });
      expect(b).toEqual({ own: [{ email: 'b@rebound.test' }], other: [] });
    }
  });

  it('take arrays, nulls, large integers as text and JSON, on the root handle and in a transaction', async () => {
    const { db } = database.handle;
    const params = [[1, 9_007_199_254_740_993n.toString()], ['9223372036854775807', '-1'], "O'Brien", '{"a":1}'];
    const expected = {
      ids: ['1', '9007199254740993'],
      total: '9223372036854775806',
      label: "O'Brien",
      document: { a: 1 },
    };
    expect(await echo(db, params)).toEqual([expected]);
    expect(await db.transaction((tx) => echo(tx, params))).toEqual([expected]);
    expect(await echo(db, [[], [], null, null])).toEqual([{ ids: [], total: '0', label: null, document: null }]);
    await expect(echo(db, [[1]])).rejects.toThrow(/takes 4 parameters, not 1/);
  });
});
