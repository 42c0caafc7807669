import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helper';
import type { Database } from '../../db/client';
import { transferLimits } from '../../db/schema/transfers';
import { createLimitsDirectory, LIMITS_CACHE_TTL_MS } from './limits-directory';
import { defaultLimitsOf, ensureTransferReferenceData } from './transfers-reference-data';

/** The limits every transfer checks come from memory, and an operator's change reaches them in time. */
let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  await ensureTransferReferenceData(db, { providerName: 'sandbox' });
});

afterAll(async () => {
  await database.dispose();
});

async function setDailyLimit(dailyMaxMinor: bigint): Promise<void> {
  await db
    .update(transferLimits)
    .set({ dailyMaxMinor })
    .where(and(eq(transferLimits.kind, 'p2p'), eq(transferLimits.currency, 'GBP')));
}

describe('transfer limits in memory', () => {
  it('answers from memory within the time to live, then reads the change; invalidate forgets at once', async () => {
    let clockMs = 1_000_000;
    const limits = createLimitsDirectory({ nowMs: () => clockMs });
    const defaults = defaultLimitsOf('GBP');
    expect(await limits.limitsOf(db, { kind: 'p2p', currency: 'GBP' })).toEqual(defaults);

    await setDailyLimit(defaults.dailyMaxMinor - 1n);
    clockMs += LIMITS_CACHE_TTL_MS - 1;
    expect((await limits.limitsOf(db, { kind: 'p2p', currency: 'GBP' })).dailyMaxMinor).toBe(defaults.dailyMaxMinor);
    clockMs += 1;
    expect((await limits.limitsOf(db, { kind: 'p2p', currency: 'GBP' })).dailyMaxMinor).toBe(
      defaults.dailyMaxMinor - 1n,
    );

    await setDailyLimit(defaults.dailyMaxMinor);
    limits.invalidate();
    expect(await limits.limitsOf(db, { kind: 'p2p', currency: 'GBP' })).toEqual(defaults);
    // Each kind and currency is its own entry.
    expect(await limits.limitsOf(db, { kind: 'account', currency: 'EUR' })).toEqual(defaultLimitsOf('EUR'));
  });

  it('fails loudly for a kind and currency that has no limits (reference data is missing)', async () => {
    const limits = createLimitsDirectory();
    await expect(limits.limitsOf(db, { kind: 'p2p', currency: 'XXX' })).rejects.toThrow(/no transfer limits/);
  });
});
