import { describe, expect, it } from 'vitest';
import { formatReport, runBankTest } from '../../../scripts/bank-test';

/**
 * The bank test, short, on PGlite: 16 clients transfer at random over HTTP while some requests
 * are cut off and retried with their keys, and two readers check every customer's balances over
 * the same API. No read may break an invariant; nothing may be lost, created or mismatched. PGlite
 * runs one transaction at a time, so this proves the bookkeeping; bank-test.postgres.test.ts
 * proves it under real concurrency.
 */
describe('bank test (PGlite)', () => {
  it('loses, creates and mismatches nothing, with FX through the FX account', { timeout: 120_000 }, async () => {
    const report = await runBankTest({
      databaseUrl: null,
      customers: 6,
      clients: 16,
      durationMs: 5_000,
      isFxEnabled: true,
      cutOffRate: 0.05,
    });
    expect(report, formatReport(report).join('\n')).toMatchObject({
      engine: 'pglite',
      mismatches: 0,
      lost: 0,
      created: 0,
      unresolved: 0,
      isLedgerConsistent: true,
      balanceReadViolations: 0,
      isPassed: true,
    });
    expect(report.ok).toBeGreaterThan(0);
    // The readers checked balances while the money moved, not only once it had stopped.
    expect(report.balanceReads).toBeGreaterThan(0);
    for (const row of report.conservation) expect(row.heldMinor).toBe(row.paidInMinor);
  });
});
