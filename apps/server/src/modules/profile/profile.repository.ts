import { and, asc, desc, eq, getTableName, inArray, ne, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  customerAddresses,
  customerEmails,
  customerPhones,
  phoneVerifications,
  usernameChangeRequests,
  type UsernameChangeLog,
} from '../../db/schema/profile';

/** Queries of the profile domain. The customer id is in the `where` of every customer-facing read and write. */

export type AddressRow = typeof customerAddresses.$inferSelect;
export type PhoneRow = typeof customerPhones.$inferSelect;
export type PhoneVerificationRow = typeof phoneVerifications.$inferSelect;
export type EmailRow = typeof customerEmails.$inferSelect;
export type UsernameChangeRow = typeof usernameChangeRequests.$inferSelect;

const MAX_ROWS = 50;

/** A write that finds no row means the caller's lock or check was skipped: a bug, not a client error. */
function onlyRow<T>(rows: T[], message: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(message);
  return row;
}

async function insertOne<T extends PgTable>(
  db: Database,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const rows = await db.insert(table).values(values).returning();
  return onlyRow(rows, `insert into ${getTableName(table)} returned no row`);
}

/* Each of these pins the row to its customer, so an id from another customer matches nothing. */

function ownAddress(params: { customerId: number; addressId: number }) {
  return and(eq(customerAddresses.id, params.addressId), eq(customerAddresses.customerId, params.customerId));
}

function ownPhone(params: { customerId: number; phoneId: number }) {
  return and(eq(customerPhones.id, params.phoneId), eq(customerPhones.customerId, params.customerId));
}

function ownEmail(params: { customerId: number; emailId: number }) {
  return and(eq(customerEmails.id, params.emailId), eq(customerEmails.customerId, params.customerId));
}

/* Addresses */

/** Addresses in draft or in use, oldest first. */
export function findOpenAddresses(db: Database, params: { customerId: number }): Promise<AddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.customerId, params.customerId),
        inArray(customerAddresses.lifecycle, ['draft', 'active']),
      ),
    )
    .orderBy(asc(customerAddresses.id))
    .limit(MAX_ROWS);
}

/** The address, locked for the change that follows; null when it is not the customer's. */
export async function lockAddress(
  db: Database,
  params: { customerId: number; addressId: number },
): Promise<AddressRow | null> {
  const [row] = await selectAddress(db, params).for('update');
  return row ?? null;
}

export async function findAddress(
  db: Database,
  params: { customerId: number; addressId: number },
): Promise<AddressRow | null> {
  const [row] = await selectAddress(db, params);
  return row ?? null;
}

function selectAddress(db: Database, params: { customerId: number; addressId: number }) {
  return db.select().from(customerAddresses).where(ownAddress(params));
}

export async function insertAddress(db: Database, values: typeof customerAddresses.$inferInsert): Promise<AddressRow> {
  return insertOne(db, customerAddresses, values);
}

export async function updateAddress(
  db: Database,
  params: { customerId: number; addressId: number; values: Partial<typeof customerAddresses.$inferInsert> },
): Promise<AddressRow> {
  const rows = await db.update(customerAddresses).set(params.values).where(ownAddress(params)).returning();
  return onlyRow(rows, 'update of customer_addresses matched no row');
}

/* Phones */

export function findPhones(db: Database, params: { customerId: number }): Promise<PhoneRow[]> {
  return db
    .select()
    .from(customerPhones)
    .where(and(eq(customerPhones.customerId, params.customerId), ne(customerPhones.status, 'removed')))
    .orderBy(desc(customerPhones.isPrimary), asc(customerPhones.id))
    .limit(MAX_ROWS);
}

export async function lockPhone(
  db: Database,
  params: { customerId: number; phoneId: number },
): Promise<PhoneRow | null> {
  const [row] = await db
    .select()
    .from(customerPhones)
    .where(and(ownPhone(params), ne(customerPhones.status, 'removed')))
    .for('update');
  return row ?? null;
}

export async function insertPhone(db: Database, values: typeof customerPhones.$inferInsert): Promise<PhoneRow> {
  return insertOne(db, customerPhones, values);
}

export async function updatePhone(
  db: Database,
  params: { customerId: number; phoneId: number; values: Partial<typeof customerPhones.$inferInsert> },
): Promise<PhoneRow> {
  const rows = await db.update(customerPhones).set(params.values).where(ownPhone(params)).returning();
  return onlyRow(rows, 'update of customer_phones matched no row');
}

export async function clearPrimaryPhone(db: Database, params: { customerId: number }): Promise<void> {
  await db
    .update(customerPhones)
    .set({ isPrimary: false })
    .where(and(eq(customerPhones.customerId, params.customerId), eq(customerPhones.isPrimary, true)));
}

export async function insertPhoneVerification(
  db: Database,
  values: typeof phoneVerifications.$inferInsert,
): Promise<void> {
  await db.insert(phoneVerifications).values(values);
}

/** The newest unused code request of the phone, locked: a confirmation checks and counts it in one step. */
export async function lockLatestPhoneVerification(
  db: Database,
  params: { customerId: number; phoneId: number },
): Promise<PhoneVerificationRow | null> {
  const [row] = await db
    .select()
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.phoneId, params.phoneId),
        eq(phoneVerifications.customerId, params.customerId),
        sql`${phoneVerifications.usedAt} is null`,
      ),
    )
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function findLatestPhoneVerificationAt(
  db: Database,
  params: { customerId: number; phoneId: number },
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: phoneVerifications.createdAt })
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.phoneId, params.phoneId), eq(phoneVerifications.customerId, params.customerId)))
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

export async function updatePhoneVerification(
  db: Database,
  params: { id: string; values: Partial<typeof phoneVerifications.$inferInsert> },
): Promise<void> {
  await db.update(phoneVerifications).set(params.values).where(eq(phoneVerifications.id, params.id));
}

/* E-mails */

export function findEmails(db: Database, params: { customerId: number }): Promise<EmailRow[]> {
  return db
    .select()
    .from(customerEmails)
    .where(eq(customerEmails.customerId, params.customerId))
    .orderBy(desc(customerEmails.isPrimary), asc(customerEmails.id))
    .limit(MAX_ROWS);
}

export async function lockEmail(
  db: Database,
  params: { customerId: number; emailId: number },
): Promise<EmailRow | null> {
  const [row] = await db.select().from(customerEmails).where(ownEmail(params)).for('update');
  return row ?? null;
}

export async function lockEmailByLinkToken(db: Database, params: { linkTokenHash: string }): Promise<EmailRow | null> {
  const [row] = await db
    .select()
    .from(customerEmails)
    .where(eq(customerEmails.linkTokenHash, params.linkTokenHash))
    .for('update');
  return row ?? null;
}

/** null when the customer already has the address. */
export async function insertEmail(db: Database, values: typeof customerEmails.$inferInsert): Promise<EmailRow | null> {
  const [row] = await db.insert(customerEmails).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateEmail(
  db: Database,
  params: { customerId: number; emailId: number; values: Partial<typeof customerEmails.$inferInsert> },
): Promise<EmailRow> {
  const rows = await db.update(customerEmails).set(params.values).where(ownEmail(params)).returning();
  return onlyRow(rows, 'update of customer_emails matched no row');
}

export async function deleteEmail(db: Database, params: { customerId: number; emailId: number }): Promise<void> {
  await db.delete(customerEmails).where(ownEmail(params));
}

export async function clearPrimaryEmail(db: Database, params: { customerId: number }): Promise<void> {
  await db
    .update(customerEmails)
    .set({ isPrimary: false })
    .where(and(eq(customerEmails.customerId, params.customerId), eq(customerEmails.isPrimary, true)));
}

/* Username change */

export async function findLatestUsernameChange(
  db: Database,
  params: { userId: number },
): Promise<UsernameChangeRow | null> {
  const [row] = await db
    .select()
    .from(usernameChangeRequests)
    .where(eq(usernameChangeRequests.userId, params.userId))
    .orderBy(desc(usernameChangeRequests.id))
    .limit(1);
  return row ?? null;
}

export async function lockActiveUsernameChange(
  db: Database,
  params: { userId: number },
): Promise<UsernameChangeRow | null> {
  const [row] = await db
    .select()
    .from(usernameChangeRequests)
    .where(and(eq(usernameChangeRequests.userId, params.userId), eq(usernameChangeRequests.status, 'active')))
    .for('update');
  return row ?? null;
}

export async function lockUsernameChange(
  db: Database,
  params: { userId: number; requestId: number },
): Promise<UsernameChangeRow | null> {
  const [row] = await db
    .select()
    .from(usernameChangeRequests)
    .where(and(eq(usernameChangeRequests.id, params.requestId), eq(usernameChangeRequests.userId, params.userId)))
    .for('update');
  return row ?? null;
}

export async function insertUsernameChange(
  db: Database,
  values: typeof usernameChangeRequests.$inferInsert,
): Promise<UsernameChangeRow> {
  return insertOne(db, usernameChangeRequests, values);
}

export async function updateUsernameChange(
  db: Database,
  params: { requestId: number; values: Partial<typeof usernameChangeRequests.$inferInsert>; log?: UsernameChangeLog },
): Promise<UsernameChangeRow> {
  const values =
    params.log === undefined
      ? params.values
      : { ...params.values, logs: sql`${usernameChangeRequests.logs} || ${JSON.stringify([params.log])}::jsonb` };
  const rows = await db
    .update(usernameChangeRequests)
    .set(values)
    .where(eq(usernameChangeRequests.id, params.requestId))
    .returning();
  return onlyRow(rows, 'update of username_change_requests matched no row');
}
