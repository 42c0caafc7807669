import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Queries of the ledger consistency check: every stored figure recomputed from the rows it
 * summarises. They scan whole tables on purpose (hash aggregates, fine for millions of postings);
 * each list is cut at `limit` rows.
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface LedgerCounts {
  accounts: number;
  transactions: number;
  postings: number;
  pendingHolds: number;
}

export async function countLedgerRows(db: Database): Promise<LedgerCounts> {
  const [row] = rowsOf<Record<keyof LedgerCounts, string>>(
    await db.execute(sql`
      select (select count(*) from ledger_accounts)::text as accounts,
             (select count(*) from ledger_transactions)::text as transactions,
             (select count(*) from ledger_postings)::text as postings,
             (select count(*) from ledger_holds where status = 'pending')::text as "pendingHolds"`),
  );
  if (row === undefined) throw new Error('count query returned no row');
  return {
    accounts: Number(row.accounts),
    transactions: Number(row.transactions),
    postings: Number(row.postings),
    pendingHolds: Number(row.pendingHolds),
  };
}

export interface StoredVersusComputed {
  accountId: number;
  currency: string;
  storedMinor: bigint;
  computedMinor: bigint;
}

/** Accounts whose balance (row + shards) is not the sum of their postings. */
export async function findBalanceDifferences(db: Database, params: { limit: number }): Promise<StoredVersusComputed[]> {
  const rows = rowsOf<{ account_id: string; currency: string; stored: string; computed: string }>(
    await db.execute(sql`
      with shards as (
        select account_id, sum(balance_minor) as total from ledger_balance_shards group by account_id
      ), postings as (
        select account_id, sum(amount_minor) as total from ledger_postings group by account_id
      )
      select a.id::text as account_id, a.currency,
             (a.balance_minor + coalesce(s.total, 0))::text as stored, coalesce(p.total, 0)::text as computed
      from ledger_accounts a
      left join shards s on s.account_id = a.id
      left join postings p on p.account_id = a.id
      where a.balance_minor + coalesce(s.total, 0) <> coalesce(p.total, 0)
      order by a.id
      limit ${params.limit}`),
  );
  return rows.map((row) => ({
    accountId: Number(row.account_id),
    currency: row.currency,
    storedMinor: BigInt(row.stored),
    computedMinor: BigInt(row.computed),
  }));
}

/** Accounts whose held amount is not the sum of their pending holds. */
export async function findHeldDifferences(db: Database, params: { limit: number }): Promise<StoredVersusComputed[]> {
  const rows = rowsOf<{ account_id: string; currency: string; stored: string; computed: string }>(
    await db.execute(sql`
      with pending as (
        select account_id, sum(amount_minor) as total from ledger_holds where status = 'pending' group by account_id
      )
      select a.id::text as account_id, a.currency, a.held_minor::text as stored, coalesce(h.total, 0)::text as computed
      from ledger_accounts a
      left join pending h on h.account_id = a.id
      where a.held_minor <> coalesce(h.total, 0)
      order by a.id
      limit ${params.limit}`),
  );
  return rows.map((row) => ({
    accountId: Number(row.account_id),
    currency: row.currency,
    storedMinor: BigInt(row.stored),
    computedMinor: BigInt(row.computed),
  }));
}

/** Accounts with a floor whose available amount is below it. */
export async function findFloorViolations(
  db: Database,
  params: { limit: number },
): Promise<{ accountId: number; currency: string; availableMinor: bigint; minimumBalanceMinor: bigint }[]> {
  const rows = rowsOf<{ account_id: string; currency: string; available: string; minimum: string }>(
    await db.execute(sql`
      with shards as (
        select account_id, sum(balance_minor) as total from ledger_balance_shards group by account_id
      )
      select a.id::text as account_id, a.currency,
             (a.balance_minor + coalesce(s.total, 0) - a.held_minor)::text as available,
             a.minimum_balance_minor::text as minimum
      from ledger_accounts a
      left join shards s on s.account_id = a.id
      where a.minimum_balance_minor is not null
        and a.balance_minor + coalesce(s.total, 0) - a.held_minor < a.minimum_balance_minor
      order by a.id
      limit ${params.limit}`),
  );
  return rows.map((row) => ({
    accountId: Number(row.account_id),
    currency: row.currency,
    availableMinor: BigInt(row.available),
    minimumBalanceMinor: BigInt(row.minimum),
  }));
}

/** Transactions whose postings do not sum to zero in some currency, or that have fewer than two. */
export async function findUnbalancedTransactions(
  db: Database,
  params: { limit: number },
): Promise<{ transactionId: number; currency: string | null; sumMinor: bigint; postingCount: number }[]> {
  const rows = rowsOf<{ transaction_id: string; currency: string | null; total: string; posting_count: number }>(
    await db.execute(sql`
      select transaction_id::text, currency, sum(amount_minor)::text as total, count(*)::int as posting_count
      from ledger_postings
      group by transaction_id, currency
      having sum(amount_minor) <> 0
      union all
      select t.id::text, null, '0', count(p.id)::int
      from ledger_transactions t
      left join ledger_postings p on p.transaction_id = t.id
      group by t.id
      having count(p.id) < 2
      order by 1
      limit ${params.limit}`),
  );
  return rows.map((row) => ({
    transactionId: Number(row.transaction_id),
    currency: row.currency,
    sumMinor: BigInt(row.total),
    postingCount: row.posting_count,
  }));
}

/** Postings on an account that does not exist or holds another currency. */
export async function findMisdirectedPostings(
  db: Database,
  params: { limit: number },
): Promise<{ postingId: number; accountId: number; currency: string; accountCurrency: string | null }[]> {
  const rows = rowsOf<{ posting_id: string; account_id: string; currency: string; account_currency: string | null }>(
    await db.execute(sql`
      select p.id::text as posting_id, p.account_id::text as account_id, p.currency, a.currency as account_currency
      from ledger_postings p
      left join ledger_accounts a on a.id = p.account_id
      where a.id is null or a.currency <> p.currency
      order by p.id
      limit ${params.limit}`),
  );
  return rows.map((row) => ({
    postingId: Number(row.posting_id),
    accountId: Number(row.account_id),
    currency: row.currency,
    accountCurrency: row.account_currency,
  }));
}

/** The sum of all postings per currency; every one must be zero. */
export async function sumPostingsByCurrency(db: Database): Promise<{ currency: string; sumMinor: bigint }[]> {
  const rows = rowsOf<{ currency: string; total: string }>(
    await db.execute(sql`
      select currency, sum(amount_minor)::text as total from ledger_postings group by currency order by currency`),
  );
  return rows.map((row) => ({ currency: row.currency, sumMinor: BigInt(row.total) }));
}

/** Holds whose record contradicts itself or its transaction. */
export async function findHoldProblems(
  db: Database,
  params: { limit: number },
): Promise<{ holdId: number; problem: string }[]> {
  const rows = rowsOf<{ hold_id: string; problem: string }>(
    await db.execute(sql`
      select h.id::text as hold_id,
             case
               when h.status = 'posted' and h.posted_transaction_id is null then 'posted without a transaction'
               when h.status = 'posted' and (h.posted_amount_minor is null or h.posted_amount_minor <= 0
                 or h.posted_amount_minor > h.amount_minor) then 'posted amount outside 0 < posted <= held'
               when h.status = 'posted' and coalesce((
                 select -sum(p.amount_minor) from ledger_postings p
                 where p.transaction_id = h.posted_transaction_id and p.account_id = h.account_id), 0)
                 <> h.posted_amount_minor then 'posted amount differs from its transaction'
               else 'resolved without a time, or pending with one'
             end as problem
      from ledger_holds h
      where (h.status = 'posted' and (h.posted_transaction_id is null or h.posted_amount_minor is null
               or h.posted_amount_minor <= 0 or h.posted_amount_minor > h.amount_minor
               or coalesce((select -sum(p.amount_minor) from ledger_postings p
                            where p.transaction_id = h.posted_transaction_id and p.account_id = h.account_id), 0)
                  <> h.posted_amount_minor))
         or (h.status = 'pending') <> (h.resolved_at is null)
      order by h.id
      limit ${params.limit}`),
  );
  return rows.map((row) => ({ holdId: Number(row.hold_id), problem: row.problem }));
}
