import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helper';
import { openDatabase, type Database } from '../../db/client';
import { fundedAccount } from './ledger-test-support';
import * as ledger from './ledger.service';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const script = path.join(repoRoot, 'apps/server/scripts/ledger-verify.ts');
const isPostgres = process.env.DATABASE_URL !== undefined;

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});

afterAll(async () => {
  await database.dispose();
});

/** A small ledger with ordinary and hot accounts, a fee, a pending and a posted hold, a reversal. */
async function bookSomeMoney(target: Database) {
  const alice = await fundedAccount(target, { currency: 'USD', amountMinor: 10_000n });
  const shop = await fundedAccount(target, { currency: 'USD', amountMinor: 0n, balanceShardCount: 4 });
  const fees = await ledger.systemAccount(target, 'fees', 'USD');
  const payment = await ledger.postTransaction(target, {
    kind: 'merchant.payment',
    description: 'Payment',
    postings: [
      { accountId: alice.id, amountMinor: -1_050n, currency: 'USD' },
      { accountId: shop.id, amountMinor: 1_000n, currency: 'USD' },
      { accountId: fees.id, amountMinor: 50n, currency: 'USD' },
    ],
  });
  await ledger.reverseTransaction(target, { transactionId: payment.id, description: 'Refund' });
  const clearing = await ledger.systemAccount(target, 'clearing', 'USD');
  const hold = await ledger.placeHold(target, {
    accountId: alice.id,
    toAccountId: clearing.id,
    amountMinor: 2_000n,
    currency: 'USD',
    expiresAt: new Date(Date.now() + 60_000),
    kind: 'payout.pending',
    description: 'Payout',
  });
  await ledger.postHold(target, { holdId: hold.id, amountMinor: 1_500n });
  await ledger.placeHold(target, {
    accountId: alice.id,
    toAccountId: clearing.id,
    amountMinor: 700n,
    currency: 'USD',
    expiresAt: new Date(Date.now() + 60_000),
    kind: 'card.authorization',
    description: 'Card',
  });
  return { alice, shop, payment };
}

describe('verifyLedger', () => {
  it('finds nothing wrong in a healthy ledger', async () => {
    await bookSomeMoney(db);
    const report = await ledger.verifyLedger(db);
    expect(report.isConsistent).toBe(true);
    expect(report.counts).toMatchObject({ pendingHolds: 1 });
    expect(report.counts.postings).toBeGreaterThanOrEqual(10);
    expect(report.currencyTotals).toEqual([{ currency: 'USD', sumMinor: 0n }]);
  });

  it('reports each kind of difference injected with raw SQL', async () => {
    const { alice, shop, payment } = await bookSomeMoney(db);
    await db.execute(sql`update ledger_accounts set balance_minor = balance_minor + 1 where id = ${alice.id}`);
    await db.execute(sql`update ledger_accounts set held_minor = held_minor + 5 where id = ${alice.id}`);
    await db.execute(
      sql`update ledger_balance_shards set balance_minor = balance_minor - 3 where account_id = ${shop.id} and shard = 0`,
    );
    await db.execute(sql`
      insert into ledger_postings (transaction_id, account_id, amount_minor, currency)
      values (${payment.id}, 987654, 7, 'USD')`);

    const report = await ledger.verifyLedger(db);
    expect(report.isConsistent).toBe(false);
    expect(report.balanceDifferences).toEqual(
      expect.arrayContaining([
        { accountId: alice.id, currency: 'USD', storedMinor: 8_501n, computedMinor: 8_500n },
        { accountId: shop.id, currency: 'USD', storedMinor: -3n, computedMinor: 0n },
      ]),
    );
    expect(report.heldDifferences).toEqual([
      { accountId: alice.id, currency: 'USD', storedMinor: 705n, computedMinor: 700n },
    ]);
    expect(report.unbalancedTransactions).toEqual([
      { transactionId: payment.id, currency: 'USD', sumMinor: 7n, postingCount: 4 },
    ]);
    expect(report.misdirectedPostings).toEqual([
      expect.objectContaining({ accountId: 987_654, currency: 'USD', accountCurrency: null }),
    ]);
    expect(report.floorViolations).toEqual([
      { accountId: shop.id, currency: 'USD', availableMinor: -3n, minimumBalanceMinor: 0n },
    ]);
    expect(report.currencyTotals).toEqual([{ currency: 'USD', sumMinor: 7n }]);
  });
});

describe('npm run ledger:verify', () => {
  const run = promisify(execFile);

  async function runScript(env: Record<string, string>, args: string[] = []) {
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
        cwd: repoRoot,
        env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      });
      return { exitCode: 0, output: stdout };
    } catch (error) {
      const failure = error as { code: number; stdout: string; stderr: string };
      return { exitCode: failure.code, output: failure.stdout + failure.stderr };
    }
  }

  /** Opens the database the script will check: a PostgreSQL test database, or PGlite files under a DATA_DIR. */
  async function scriptDatabase(): Promise<{
    db: Database;
    env: Record<string, string>;
    reopen(): Promise<Database>;
    release(): Promise<void>;
    dispose(): Promise<void>;
  }> {
    if (isPostgres) {
      const fresh = await createTestDatabase();
      return {
        db: fresh.handle.db,
        env: { DATABASE_URL: fresh.connectionString ?? '' },
        reopen: () => Promise.resolve(fresh.handle.db),
        release: () => Promise.resolve(),
        dispose: () => fresh.dispose(),
      };
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ledger-verify-'));
    const pgliteDataDir = path.join(dataDir, 'pglite');
    let handle = await openDatabase({ databaseUrl: undefined, pgliteDataDir });
    return {
      db: handle.db,
      env: { DATABASE_URL: '', DATA_DIR: dataDir },
      // One process at a time may open PGlite files: the test lets go while the script runs.
      async reopen() {
        handle = await openDatabase({ databaseUrl: undefined, pgliteDataDir });
        return handle.db;
      },
      release: () => handle.close(),
      dispose: () => {
        rmSync(dataDir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }

  it('exits 0 on a healthy database, then 1 listing the difference injected into it', async () => {
    const target = await scriptDatabase();
    try {
      const { alice } = await bookSomeMoney(target.db);
      await target.release();
      const healthy = await runScript(target.env);
      expect(healthy.output).toContain(isPostgres ? 'ledger:verify on PostgreSQL' : 'ledger:verify on PGlite');
      expect(healthy.output).toContain('OK: every balance equals its postings');
      expect(healthy.exitCode).toBe(0);

      const damaged = await target.reopen();
      await damaged.execute(sql`update ledger_accounts set balance_minor = balance_minor + 1 where id = ${alice.id}`);
      await target.release();
      const result = await runScript(target.env);
      expect(result.exitCode).toBe(1);
      expect(result.output).toContain(
        `DIFFERENCE balance of account ${alice.id}: stored 85.01 USD, postings sum to 85.00 USD (off by 0.01 USD)`,
      );
      expect(result.output).toContain('1 difference(s) found');

      if (!isPostgres) {
        // An open (or uncleanly closed) PGlite database is not opened a second time.
        writeFileSync(path.join(target.env.DATA_DIR ?? '', 'pglite', 'postmaster.pid'), '-42\n');
        const refused = await runScript(target.env);
        expect(refused.exitCode).toBe(2);
        expect(refused.output).toContain('Stop the server first');
      }
    } finally {
      await target.dispose();
    }
  }, 60_000);
});
