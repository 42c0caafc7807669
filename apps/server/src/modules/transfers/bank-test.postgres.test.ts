import { describe, expect, it } from 'vitest';
import { formatReport, runBankTest } from '../../../scripts/bank-test';

/**
 * The bank test on PostgreSQL (DATABASE_URL), about 20 seconds: 16 clients over HTTP with real
 * concurrency on the connection pool, requests cut off and retried with their idempotency keys,
 * accounts running dry, and the server killed with SIGKILL once mid-run and started again.
 * Meanwhile readers check every customer's balances over the API (never below the floor,
 * available = balance − pending) and may find the server unavailable, never wrong. Afterwards
 * every balance must equal its opening balance plus the transfers the clients were told about, no
 * transfer may be missing or unknown, and money is conserved.
 */
const databaseUrl = process.env.DATABASE_URL;

describe('bank test (PostgreSQL)', () => {
  it('loses, creates and mismatches nothing under concurrent transfers and retries', { timeout: 180_000 }, async () => {
    if (databaseUrl === undefined) throw new Error('DATABASE_URL is required for *.postgres.test.ts');
    const report = await runBankTest({
      databaseUrl,
      customers: 8,
      clients: 16,
      durationMs: 20_000,
      isFxEnabled: false,
      cutOffRate: 0.05,
      kills: 1,
    });
    expect(report, formatReport(report).join('\n')).toMatchObject({
      engine: 'postgres',
      mismatches: 0,
      lost: 0,
      created: 0,
      unresolved: 0,
      isLedgerConsistent: true,
      balanceReadViolations: 0,
      kills: 1,
      isPassed: true,
    });
    expect(report.ok).toBeGreaterThan(0);
    // The readers checked balances while the money moved, not only once it had stopped.
    expect(report.balanceReads).toBeGreaterThan(0);
    expect(report.refusedInsufficientFunds).toBeGreaterThan(0);
    expect(report.retried).toBeGreaterThan(0);
    for (const row of report.conservation) expect(row.heldMinor).toBe(row.paidInMinor);
  });
});
