/**
 * `npm run ledger:verify`: recomputes every account's balance from its postings and its held
 * amount from its pending holds, checks that every transaction sums to zero per currency, and
 * prints the counts and every difference. Exit code 0: consistent; 1: differences; 2: could not check.
 *
 * The database is the server's: DATABASE_URL (PostgreSQL, safe beside a running server: the check
 * reads one snapshot), else the embedded PGlite under DATA_DIR — which one process at a time may
 * open, so the server must be stopped first (`--force` overrides the check for a stale lock file).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { formatAmount, isCurrency } from '@app/shared/money';
import { loadDatabaseConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { verifyLedger, type LedgerVerifyReport } from '../src/modules/ledger/ledger.service';

function amountText(minor: bigint, currency: string | null): string {
  return currency !== null && isCurrency(currency)
    ? `${formatAmount(minor, currency)} ${currency}`
    : `${minor.toString()} (minor units)`;
}

function differenceLines(report: LedgerVerifyReport): string[] {
  return [
    ...report.balanceDifferences.map(
      (row) =>
        `balance of account ${row.accountId}: stored ${amountText(row.storedMinor, row.currency)}, postings sum to ${amountText(row.computedMinor, row.currency)} (off by ${amountText(row.storedMinor - row.computedMinor, row.currency)})`,
    ),
    ...report.heldDifferences.map(
      (row) =>
        `held amount of account ${row.accountId}: stored ${amountText(row.storedMinor, row.currency)}, pending holds sum to ${amountText(row.computedMinor, row.currency)}`,
    ),
    ...report.floorViolations.map(
      (row) =>
        `account ${row.accountId} is below its floor: available ${amountText(row.availableMinor, row.currency)}, minimum ${amountText(row.minimumBalanceMinor, row.currency)}`,
    ),
    ...report.unbalancedTransactions.map((row) =>
      row.currency === null
        ? `transaction ${row.transactionId} has ${row.postingCount} posting(s); a transaction needs at least two`
        : `transaction ${row.transactionId} sums to ${amountText(row.sumMinor, row.currency)}, not zero`,
    ),
    ...report.misdirectedPostings.map((row) =>
      row.accountCurrency === null
        ? `posting ${row.postingId} is on account ${row.accountId}, which does not exist`
        : `posting ${row.postingId} is in ${row.currency} on account ${row.accountId}, which holds ${row.accountCurrency}`,
    ),
    ...report.currencyTotals
      .filter((total) => total.sumMinor !== 0n)
      .map((total) => `all ${total.currency} postings sum to ${amountText(total.sumMinor, total.currency)}, not zero`),
    ...report.holdProblems.map((row) => `hold ${row.holdId}: ${row.problem}`),
  ];
}

async function main(): Promise<number> {
  const { databaseUrl, dataDir } = loadDatabaseConfig();
  const pgliteDataDir = path.join(dataDir, 'pglite');
  let where: string;
  if (databaseUrl === undefined) {
    if (existsSync(path.join(pgliteDataDir, 'postmaster.pid')) && !process.argv.includes('--force')) {
      console.error(
        `The PGlite database in ${pgliteDataDir} is open (or was not closed cleanly). Stop the server first: ` +
          'two processes must never open it at once. If no server runs, repeat with --force.',
      );
      return 2;
    }
    where = `PGlite in ${pgliteDataDir}`;
  } else {
    const url = new URL(databaseUrl);
    where = `PostgreSQL ${url.hostname}:${url.port || '5432'}${url.pathname}`;
  }

  const database = await openDatabase({ databaseUrl, pgliteDataDir });
  let report: LedgerVerifyReport;
  try {
    report = await verifyLedger(database.db);
  } finally {
    await database.close();
  }

  const { counts } = report;
  console.log(`ledger:verify on ${where}`);
  console.log(
    `${counts.accounts} accounts, ${counts.transactions} transactions, ${counts.postings} postings, ${counts.pendingHolds} pending holds`,
  );
  console.log(
    `totals per currency: ${report.currencyTotals.map((total) => amountText(total.sumMinor, total.currency)).join(', ') || 'none'}`,
  );
  const differences = differenceLines(report);
  if (report.isConsistent) {
    console.log(
      'OK: every balance equals its postings, every held amount its pending holds, every transaction sums to zero.',
    );
    return 0;
  }
  for (const line of differences) console.log(`DIFFERENCE ${line}`);
  console.log(`${differences.length} difference(s) found (at most 100 of each kind are listed).`);
  return 1;
}

main().then(
  (exitCode) => {
    process.exitCode = exitCode;
  },
  (error: unknown) => {
    console.error('ledger:verify could not run:', error instanceof Error ? error.message : error);
    process.exitCode = 2;
  },
);
