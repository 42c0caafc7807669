import type { TermsItem } from '@app/shared/errors';
import { and, asc, count, desc, eq, gt, inArray, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  customerAccess,
  customers,
  terms,
  termsAcceptances,
  users,
  type TermsAudience,
} from '../../db/schema/customers';

/** Queries of the customers domain: users, customers, the access between them, and terms. */

export type UserRow = typeof users.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type CustomerAccessRow = typeof customerAccess.$inferSelect;

export async function findUserByEmail(db: Database, params: { email: string }): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, params.email)).limit(1);
  return user ?? null;
}

export async function findUserById(db: Database, params: { userId: number }): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, params.userId)).limit(1);
  return user ?? null;
}

export async function findCustomerById(db: Database, params: { customerId: number }): Promise<CustomerRow | null> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, params.customerId)).limit(1);
  return customer ?? null;
}

/** The user's access to the customer, only when it grants something (rights above 0). */
export async function findCustomerAccess(
  db: Database,
  params: { userId: number; customerId: number },
): Promise<CustomerAccessRow | null> {
  const [access] = await db
    .select()
    .from(customerAccess)
    .where(
      and(
        eq(customerAccess.userId, params.userId),
        eq(customerAccess.customerId, params.customerId),
        gt(customerAccess.accessRights, 0),
      ),
    )
    .limit(1);
  return access ?? null;
}

/** The customer marked default, else the oldest the user can act for. */
export async function findDefaultCustomerId(db: Database, params: { userId: number }): Promise<number | null> {
  const [access] = await db
    .select({ customerId: customerAccess.customerId })
    .from(customerAccess)
    .where(and(eq(customerAccess.userId, params.userId), gt(customerAccess.accessRights, 0)))
    .orderBy(desc(customerAccess.isDefault), asc(customerAccess.customerId))
    .limit(1);
  return access?.customerId ?? null;
}

/** Users who can act for the customer (rights above 0), e.g. to address live events to them. */
export async function findUserIdsWithAccess(db: Database, params: { customerId: number }): Promise<number[]> {
  const rows = await db
    .select({ userId: customerAccess.userId })
    .from(customerAccess)
    .where(and(eq(customerAccess.customerId, params.customerId), gt(customerAccess.accessRights, 0)));
  return rows.map((row) => row.userId);
}

export async function countAccessibleCustomers(db: Database, params: { userId: number }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(customerAccess)
    .where(and(eq(customerAccess.userId, params.userId), gt(customerAccess.accessRights, 0)));
  return row?.total ?? 0;
}

/**
 * The latest published version of every terms code meant for the user's audiences (the types of
 * the customers they can act for, plus 'all') that the user has not accepted. One statement,
 * because the dispatcher asks on every call.
 */
export async function findPendingTerms(db: Database, params: { userId: number }): Promise<TermsItem[]> {
  const newer = alias(terms, 'newer');
  const userAudiences = db
    .select({ audience: customers.customerType })
    .from(customerAccess)
    .innerJoin(customers, eq(customers.id, customerAccess.customerId))
    .where(and(eq(customerAccess.userId, params.userId), gt(customerAccess.accessRights, 0)));
  return db
    .select({ id: terms.id, code: terms.code, version: terms.version, title: terms.title, url: terms.url })
    .from(terms)
    .where(
      and(
        lte(terms.publishedAt, sql`now()`),
        or(eq(terms.audience, 'all'), inArray(terms.audience, userAudiences)),
        notExists(
          db
            .select({ id: newer.id })
            .from(newer)
            .where(
              and(eq(newer.code, terms.code), gt(newer.version, terms.version), lte(newer.publishedAt, sql`now()`)),
            ),
        ),
        notExists(
          db
            .select({ termsId: termsAcceptances.termsId })
            .from(termsAcceptances)
            .where(and(eq(termsAcceptances.userId, params.userId), eq(termsAcceptances.termsId, terms.id))),
        ),
      ),
    )
    .orderBy(asc(terms.code));
}

export async function insertTermsAcceptances(
  db: Database,
  params: { userId: number; termsIds: number[]; ip: string | null },
): Promise<void> {
  if (params.termsIds.length === 0) return;
  await db
    .insert(termsAcceptances)
    .values(params.termsIds.map((termsId) => ({ userId: params.userId, termsId, ip: params.ip })))
    .onConflictDoNothing();
}

/** `%`, `_` and `\` typed by an admin are literal characters, not LIKE wildcards. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function customerSearchCondition(query: string | undefined): SQL | undefined {
  if (query === undefined || query === '') return undefined;
  const pattern = containsPattern(query);
  const byName = sql`lower(coalesce(${customers.businessName}, '') || ' ' || coalesce(${customers.firstName}, '') || ' ' || coalesce(${customers.lastName}, '')) like ${pattern}`;
  const byEmail = sql`exists (select 1 from ${customerAccess} inner join ${users} on ${users.id} = ${customerAccess.userId} where ${customerAccess.customerId} = ${customers.id} and ${users.email} like ${pattern})`;
  const id = /^\d{1,9}$/.test(query) ? Number(query) : undefined;
  return id === undefined ? or(byName, byEmail) : or(eq(customers.id, id), byName, byEmail);
}

export async function searchCustomers(
  db: Database,
  params: { query: string | undefined; limit: number; offset: number },
): Promise<CustomerRow[]> {
  return db
    .select()
    .from(customers)
    .where(customerSearchCondition(params.query))
    .orderBy(desc(customers.id))
    .limit(params.limit)
    .offset(params.offset);
}

/** The e-mail of each customer's main user: the one whose default it is, else the first one. */
export async function findMainLogins(db: Database, params: { customerIds: number[] }): Promise<Map<number, string>> {
  if (params.customerIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([customerAccess.customerId], { customerId: customerAccess.customerId, email: users.email })
    .from(customerAccess)
    .innerJoin(users, eq(users.id, customerAccess.userId))
    .where(inArray(customerAccess.customerId, params.customerIds))
    .orderBy(customerAccess.customerId, desc(customerAccess.isDefault), asc(customerAccess.userId));
  return new Map(rows.map((row) => [row.customerId, row.email]));
}

export async function countCustomers(db: Database, params: { query: string | undefined }): Promise<number> {
  const [row] = await db.select({ total: count() }).from(customers).where(customerSearchCondition(params.query));
  return row?.total ?? 0;
}

/* Writes used by the demo seed; registration will use them too. */

export async function insertUser(db: Database, user: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (row === undefined) throw new Error('insert into users returned no row');
  return row;
}

export async function insertCustomer(db: Database, customer: typeof customers.$inferInsert): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(customer).returning();
  if (row === undefined) throw new Error('insert into customers returned no row');
  return row;
}

export async function insertCustomerAccess(db: Database, access: typeof customerAccess.$inferInsert): Promise<void> {
  await db.insert(customerAccess).values(access).onConflictDoNothing();
}

/** Publishes a terms version unless that code and version exist; returns the stored row's id. */
export async function ensureTerms(
  db: Database,
  params: { code: string; version: number; title: string; url: string; audience: TermsAudience },
): Promise<number> {
  await db.insert(terms).values(params).onConflictDoNothing();
  const [row] = await db
    .select({ id: terms.id })
    .from(terms)
    .where(and(eq(terms.code, params.code), eq(terms.version, params.version)))
    .limit(1);
  if (row === undefined) throw new Error(`terms ${params.code} v${params.version} missing after insert`);
  return row.id;
}
