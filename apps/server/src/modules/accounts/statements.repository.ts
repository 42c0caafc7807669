import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Statement queries over the ledger's postings (read only: only the ledger writes them). Every one
 * is a range scan of the (account_id, created_at, id) index of one account. Raw SQL returns int8 as
 * a string (node-postgres) or a number (PGlite): amounts leave as text.
 */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The sum of an account's postings before a moment: its balance then. */
export async function sumPostingsBefore(
  db: Database,
  params: { ledgerAccountId: number; before: Date },
): Promise<bigint> {
  const result = await db.execute(sql`
    select coalesce(sum(amount_minor), 0)::text as total from ledger_postings
    where account_id = ${params.ledgerAccountId}::bigint and created_at < ${params.before.toISOString()}::timestamptz`);
  const [row] = rowsOf<{ total: string }>(result);
  return BigInt(row?.total ?? '0');
}

/** Money in and out of an account in a period, both positive. */
export async function sumPostingsInPeriod(
  db: Database,
  params: { ledgerAccountId: number; from: Date; to: Date },
): Promise<{ inMinor: bigint; outMinor: bigint }> {
  const result = await db.execute(sql`
    select coalesce(sum(amount_minor) filter (where amount_minor > 0), 0)::text as in_minor,
      coalesce(-sum(amount_minor) filter (where amount_minor < 0), 0)::text as out_minor
    from ledger_postings
    where account_id = ${params.ledgerAccountId}::bigint
      and created_at >= ${params.from.toISOString()}::timestamptz
      and created_at < ${params.to.toISOString()}::timestamptz`);
  const [row] = rowsOf<{ in_minor: string; out_minor: string }>(result);
  return { inMinor: BigInt(row?.in_minor ?? '0'), outMinor: BigInt(row?.out_minor ?? '0') };
}

export interface StatementRow {
  id: string;
  createdAt: string;
  amountMinor: string;
  kind: string;
  description: string;
  metadata: Record<string, unknown> | null;
}

/** An account's postings in a period, oldest first, a keyset page at a time. */
export async function findPostingsInPeriod(
  db: Database,
  params: { ledgerAccountId: number; from: Date; to: Date; after?: { at: string; id: string }; limit: number },
): Promise<StatementRow[]> {
  const after =
    params.after === undefined
      ? sql``
      : sql`and (p.created_at, p.id) > (${params.after.at}::timestamptz, ${params.after.id}::bigint)`;
  const result = await db.execute(sql`
    select p.id::text as id,
      to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
      p.amount_minor::text as amount_minor, t.kind, t.description, t.metadata
    from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
    where p.account_id = ${params.ledgerAccountId}::bigint
      and p.created_at >= ${params.from.toISOString()}::timestamptz
      and p.created_at < ${params.to.toISOString()}::timestamptz
      ${after}
    order by p.created_at, p.id
    limit ${params.limit}`);
  return rowsOf<{
    id: string;
    created_at: string;
    amount_minor: string;
    kind: string;
    description: string;
    metadata: Record<string, unknown> | string | null;
  }>(result).map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    amountMinor: row.amount_minor,
    kind: row.kind,
    description: row.description,
    metadata: typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as Record<string, unknown>) : row.metadata,
  }));
}
