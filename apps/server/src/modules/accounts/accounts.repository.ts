import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { preparedPerDatabase, type Database } from '../../db/client';
import { accounts, customerFundingReferences, paymentInstructions } from '../../db/schema/accounts';

/** Queries of the accounts domain. The customer id is in the `where` of every customer-facing read. */

export type AccountRow = typeof accounts.$inferSelect;
export type PaymentInstructionRow = typeof paymentInstructions.$inferSelect;

export async function insertAccount(db: Database, values: typeof accounts.$inferInsert): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(values).returning();
  if (row === undefined) throw new Error('insert into accounts returned no row');
  return row;
}

/* The two account reads of every transfer are prepared: built and planned once (db/client.ts). */

const findCustomerAccountStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, sql.placeholder('accountId')), eq(accounts.customerId, sql.placeholder('customerId'))))
    .prepare('accounts_find_customer_account'),
);

export async function findCustomerAccount(
  db: Database,
  params: { customerId: number; accountId: number },
): Promise<AccountRow | null> {
  const [row] = await findCustomerAccountStatement(db).execute(params);
  return row ?? null;
}

/** The customer's accounts, open and closed, oldest first. */
export function findCustomerAccounts(
  db: Database,
  params: { customerId: number; limit: number },
): Promise<AccountRow[]> {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.customerId, params.customerId))
    .orderBy(asc(accounts.id))
    .limit(params.limit);
}

/** The open account of a type and currency (at most one: a unique index says so). */
const findOpenAccountOfTypeStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.customerId, sql.placeholder('customerId')),
        eq(accounts.typeId, sql.placeholder('typeId')),
        eq(accounts.currency, sql.placeholder('currency')),
        ne(accounts.statusId, 11),
      ),
    )
    .prepare('accounts_find_open_account_of_type'),
);

export async function findOpenAccountOfType(
  db: Database,
  params: { customerId: number; typeId: number; currency: string },
): Promise<AccountRow | null> {
  const [row] = await findOpenAccountOfTypeStatement(db).execute(params);
  return row ?? null;
}

export async function countCustomerAccounts(db: Database, params: { customerId: number }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(accounts)
    .where(eq(accounts.customerId, params.customerId));
  return row?.count ?? 0;
}

/* Funding references */

export async function findFundingReference(db: Database, params: { customerId: number }): Promise<string | null> {
  const [row] = await db
    .select({ reference: customerFundingReferences.reference })
    .from(customerFundingReferences)
    .where(eq(customerFundingReferences.customerId, params.customerId));
  return row?.reference ?? null;
}

/**
 * Gives the customer the reference unless they have one. 'inserted', 'hasOne' (theirs exists:
 * keep it), or 'taken' (another customer holds this reference: draw another).
 */
export async function insertFundingReference(
  db: Database,
  params: { customerId: number; reference: string },
): Promise<'inserted' | 'hasOne' | 'taken'> {
  const inserted = await db
    .insert(customerFundingReferences)
    .values(params)
    .onConflictDoNothing()
    .returning({ customerId: customerFundingReferences.customerId });
  if (inserted.length === 1) return 'inserted';
  return (await findFundingReference(db, { customerId: params.customerId })) === null ? 'taken' : 'hasOne';
}

/** The customers holding any of these references (a reference belongs to one customer at most). */
export function findCustomersByReferences(
  db: Database,
  params: { references: string[] },
): Promise<{ customerId: number; reference: string }[]> {
  if (params.references.length === 0) return Promise.resolve([]);
  return db
    .select({ customerId: customerFundingReferences.customerId, reference: customerFundingReferences.reference })
    .from(customerFundingReferences)
    .where(inArray(customerFundingReferences.reference, params.references));
}

/* Payment instructions */

export async function insertPaymentInstruction(
  db: Database,
  params: { accountId: number; rail: string },
): Promise<void> {
  await db.insert(paymentInstructions).values(params).onConflictDoNothing();
}

/** The instructions of the customer's open accounts (or of one of them), oldest account first. */
export function findPaymentInstructions(
  db: Database,
  params: { customerId: number; accountId?: number; limit: number },
): Promise<{ instruction: PaymentInstructionRow; account: AccountRow }[]> {
  return db
    .select({ instruction: paymentInstructions, account: accounts })
    .from(paymentInstructions)
    .innerJoin(accounts, eq(accounts.id, paymentInstructions.accountId))
    .where(
      and(
        eq(accounts.customerId, params.customerId),
        ne(accounts.statusId, 11),
        params.accountId === undefined ? undefined : eq(accounts.id, params.accountId),
      ),
    )
    .orderBy(asc(accounts.id), asc(paymentInstructions.id))
    .limit(params.limit);
}

/** Marks the customer's instruction viewed (the first time only); false when it is not theirs. */
export async function markPaymentInstructionViewed(
  db: Database,
  params: { customerId: number; instructionId: number; now: Date },
): Promise<boolean> {
  const owned = db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, paymentInstructions.accountId), eq(accounts.customerId, params.customerId)));
  const [row] = await db
    .update(paymentInstructions)
    .set({ viewedAt: sql`coalesce(${paymentInstructions.viewedAt}, ${params.now.toISOString()}::timestamptz)` })
    .where(and(eq(paymentInstructions.id, params.instructionId), sql`exists ${owned}`))
    .returning({ id: paymentInstructions.id });
  return row !== undefined;
}
