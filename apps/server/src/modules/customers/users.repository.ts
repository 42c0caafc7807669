import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customerAccess, users, type UserStatus } from '../../db/schema/customers';

/** Queries of users' logins and of the users a customer has, as other domains need them. */

export interface CustomerUserRow {
  userId: number;
  login: string;
  firstName: string | null;
  lastName: string | null;
  status: UserStatus;
  accessRights: number;
  isDefault: boolean;
}

/** Every user with an access row to the customer, whatever its rights, by user id. */
export function findUsersOfCustomer(
  db: Database,
  params: { customerId: number; limit: number },
): Promise<CustomerUserRow[]> {
  return db
    .select({
      userId: users.id,
      login: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      accessRights: customerAccess.accessRights,
      isDefault: customerAccess.isDefault,
    })
    .from(customerAccess)
    .innerJoin(users, eq(users.id, customerAccess.userId))
    .where(eq(customerAccess.customerId, params.customerId))
    .orderBy(asc(users.id))
    .limit(params.limit);
}

/** The login of each user that exists; ids without a user are absent from the map. */
export async function findLoginsOfUsers(db: Database, params: { userIds: number[] }): Promise<Map<number, string>> {
  if (params.userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, params.userIds));
  return new Map(rows.map((row) => [row.id, row.email]));
}

export async function findUserLogin(db: Database, params: { userId: number }): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, params.userId));
  return row?.email ?? null;
}

export async function isLoginTaken(db: Database, params: { email: string; exceptUserId: number }): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, params.email), ne(users.id, params.exceptUserId)))
    .limit(1);
  return rows.length > 0;
}

/** false when another user already signs in with the e-mail (the unique index says so). */
export async function updateUserLogin(db: Database, params: { userId: number; email: string }): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ email: params.email })
    .where(
      and(
        eq(users.id, params.userId),
        sql`not exists (select 1 from ${users} other where other.email = ${params.email} and other.id <> ${params.userId})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}
