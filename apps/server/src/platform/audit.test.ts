import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper';
import { auditLog } from '../db/schema/platform';
import { recordAudit } from './audit';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.dispose();
});

async function entriesFor(customerId: number) {
  return database.handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.customerId, customerId))
    .orderBy(desc(auditLog.id));
}

describe('recordAudit', () => {
  it('writes an entry with its actor, customer, details and address', async () => {
    await recordAudit(database.handle.db, {
      actorUserId: 7,
      customerId: 70,
      action: 'security.twoFactorChanged',
      details: { from: 'no', to: 'otp' },
      ip: '198.51.100.4',
    });
    expect(await entriesFor(70)).toMatchObject([
      {
        actorUserId: 7,
        customerId: 70,
        action: 'security.twoFactorChanged',
        details: { from: 'no', to: 'otp' },
        ip: '198.51.100.4',
      },
    ]);
  });

  it('exists exactly when the change it records does: a rolled-back transaction leaves none', async () => {
    await expect(
      database.handle.db.transaction(async (tx) => {
        await recordAudit(tx, { actorUserId: 8, customerId: 80, action: 'approvals.approved', ip: null });
        throw new Error('the approval failed');
      }),
    ).rejects.toThrow('the approval failed');
    await database.handle.db.transaction((tx) =>
      recordAudit(tx, { actorUserId: 8, customerId: 80, action: 'approvals.declined', ip: null }),
    );
    expect((await entriesFor(80)).map((entry) => entry.action)).toEqual(['approvals.declined']);
  });

  it('refuses an action outside the naming scheme and oversized details', async () => {
    const entry = { actorUserId: null, customerId: null, ip: null };
    await expect(recordAudit(database.handle.db, { ...entry, action: 'Something happened' })).rejects.toThrow(/dotted/);
    await expect(
      recordAudit(database.handle.db, { ...entry, action: 'auth.signIn', details: { blob: 'x'.repeat(5_000) } }),
    ).rejects.toThrow(/exceed/);
  });
});
