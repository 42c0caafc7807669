import { AccessRight } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helper';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import * as repository from './customers.repository';

/**
 * The acting context is read before every main-API call. On PostgreSQL its prepared statement must
 * settle on one generic plan rather than be planned again on every call, whatever number of calls
 * it carries: planning it cost five times its execution.
 */
let database: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = await openDatabase({ databaseUrl: database.connectionString, pgliteDataDir: '' });
});

afterAll(async () => {
  await handle.close();
  await database.dispose();
});

describe('the acting-context statement on PostgreSQL', () => {
  it('answers each call and is planned once for calls of any number', async () => {
    const { db } = handle;
    const user = await repository.insertUser(db, {
      email: 'acting@plans.test',
      passwordHash: 'not used',
      firstName: 'Acting',
      lastName: 'Plans',
    });
    const customer = await repository.insertCustomer(db, {
      customerType: 'personal',
      firstName: 'Acting',
      lastName: 'Plans',
      brand: 'harbor',
      verified: true,
    });
    await repository.insertCustomerAccess(db, {
      userId: user.id,
      customerId: customer.id,
      accessRights: AccessRight.FULL,
      permissions: [],
      isDefault: true,
    });
    const call = { userId: user.id, isAdmin: false, fromCustomerId: null, checksTerms: false };
    const stranger = { userId: user.id, isAdmin: false, fromCustomerId: customer.id + 1000, checksTerms: false };

    // One transaction: one connection, whose prepared statements pg_prepared_statements lists.
    const plans = await db.transaction(async (tx) => {
      for (let round = 1; round <= 10; round += 1) {
        const calls = [...Array.from({ length: round }, () => call), stranger];
        const rows = await repository.findActingContexts(tx, calls);
        expect(rows.map((row) => row.customerId)).toEqual([...calls.slice(0, -1).map(() => customer.id), null]);
      }
      const result = await tx.execute(
        sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
            where name = 'customers_acting_contexts'`,
      );
      return (result as { rows: { generic: number; custom: number }[] }).rows;
    });
    // PostgreSQL tries five custom plans before it compares them with the generic one.
    expect(plans).toEqual([{ generic: 5, custom: 5 }]);
  });
});
