import type { Database } from '../../db/client';
import * as repository from './ledger-verify.repository';

/**
 * The ledger consistency check behind `npm run ledger:verify`: recomputes every cached figure from
 * the rows it summarises and reports each difference. It reads one snapshot (REPEATABLE READ, read
 * only), so it may run beside live traffic: writers change a balance and its postings in one
 * transaction, and a snapshot sees both or neither.
 */

export interface LedgerVerifyReport {
  counts: repository.LedgerCounts;
  /** Balance (row + shards) ≠ sum of postings. */
  balanceDifferences: repository.StoredVersusComputed[];
  /** Held ≠ sum of pending holds. */
  heldDifferences: repository.StoredVersusComputed[];
  /** available < minimum. */
  floorViolations: Awaited<ReturnType<typeof repository.findFloorViolations>>;
  /** Sum ≠ 0 in a currency, or fewer than two postings. */
  unbalancedTransactions: Awaited<ReturnType<typeof repository.findUnbalancedTransactions>>;
  /** Postings on a missing account or in another currency than their account's. */
  misdirectedPostings: Awaited<ReturnType<typeof repository.findMisdirectedPostings>>;
  /** Sum of all postings per currency; a non-zero one is a difference. */
  currencyTotals: { currency: string; sumMinor: bigint }[];
  holdProblems: { holdId: number; problem: string }[];
  isConsistent: boolean;
}

/** Each list stops here; one difference is already an incident. */
export const VERIFY_LIST_LIMIT = 100;

export async function verifyLedger(db: Database): Promise<LedgerVerifyReport> {
  return db.transaction(
    async (tx) => {
      const limit = VERIFY_LIST_LIMIT;
      const report = {
        counts: await repository.countLedgerRows(tx),
        balanceDifferences: await repository.findBalanceDifferences(tx, { limit }),
        heldDifferences: await repository.findHeldDifferences(tx, { limit }),
        floorViolations: await repository.findFloorViolations(tx, { limit }),
        unbalancedTransactions: await repository.findUnbalancedTransactions(tx, { limit }),
        misdirectedPostings: await repository.findMisdirectedPostings(tx, { limit }),
        currencyTotals: await repository.sumPostingsByCurrency(tx),
        holdProblems: await repository.findHoldProblems(tx, { limit }),
      };
      const isConsistent =
        report.balanceDifferences.length === 0 &&
        report.heldDifferences.length === 0 &&
        report.floorViolations.length === 0 &&
        report.unbalancedTransactions.length === 0 &&
        report.misdirectedPostings.length === 0 &&
        report.currencyTotals.every((total) => total.sumMinor === 0n) &&
        report.holdProblems.length === 0;
      return { ...report, isConsistent };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
