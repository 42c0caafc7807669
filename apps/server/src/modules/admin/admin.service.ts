import { AUDIT_LOG_PAGE_SIZE, type AdminCustomerDetail, type AuditEntryView } from '@app/shared/api/admin';
import { and, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/platform';
import { recordAudit } from '../../platform/audit';
import { errors } from '../../platform/errors';
import { accountViews } from '../accounts/accounts.service';
import { customerUsers, findCustomerRow, loginsOfUsers, type CustomerRecord } from '../customers/customers.service';

/**
 * The back office's reads and the record of acting for a customer. What an administrator does while
 * acting for a customer is audited by the dispatcher, one entry per call (platform/main-api.ts).
 */

/** Users listed with a customer at most; a company has a handful. */
const MAX_CUSTOMER_USERS = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

function trimmed(value: string | null): string | undefined {
  const text = value?.trim();
  return text === undefined || text === '' ? undefined : text;
}

function displayNameOf(row: CustomerRecord): string {
  if (row.customerType === 'business') return trimmed(row.businessName) ?? '';
  return [trimmed(row.firstName), trimmed(row.lastName)].filter((part) => part !== undefined).join(' ');
}

async function findCustomer(db: Database, customerId: number): Promise<CustomerRecord> {
  const row = await findCustomerRow(db, { customerId });
  if (row === null) throw errors.invalidParams('Customer not found.');
  return row;
}

export async function customerDetail(db: Database, params: { customerId: number }): Promise<AdminCustomerDetail> {
  const customer = await findCustomer(db, params.customerId);
  const userRows = await customerUsers(db, { customerId: customer.id, limit: MAX_CUSTOMER_USERS });
  return {
    customerId: customer.id,
    customerType: customer.customerType,
    displayName: displayNameOf(customer),
    brand: customer.brand,
    verified: customer.verified,
    limited: customer.limited,
    dueDiligenceLevel: customer.dueDiligenceLevel,
    isNeedKyc: customer.isNeedKyc,
    isNeedPersonalInfoUpdate: customer.isNeedPersonalInfoUpdate,
    createdAt: customer.createdAt.toISOString(),
    users: userRows.map((user) => ({
      userId: user.userId,
      login: user.login,
      firstName: trimmed(user.firstName),
      lastName: trimmed(user.lastName),
      accessRights: user.accessRights,
      isDefault: user.isDefault,
      status: user.status,
    })),
    accounts: await accountViews(db, { customerId: customer.id }),
  };
}

/** The start and the end of acting for a customer, each an audit entry of the administrator. */
export async function recordActing(
  db: Database,
  params: { adminUserId: number; customerId: number; event: 'started' | 'stopped'; ip: string | null },
): Promise<{ customerId: number; displayName: string }> {
  const customer = await findCustomer(db, params.customerId);
  await recordAudit(db, {
    actorUserId: params.adminUserId,
    customerId: customer.id,
    action: params.event === 'started' ? 'admin.actingStarted' : 'admin.actingStopped',
    ip: params.ip,
  });
  return { customerId: customer.id, displayName: displayNameOf(customer) };
}

export interface AuditLogFilter {
  customerId?: number;
  action?: string;
  /** yyyy-mm-dd, from the start of the day (UTC). */
  fromDate?: string;
  /** yyyy-mm-dd, through the end of the day (UTC). */
  toDate?: string;
  pageNumber: number;
}

export async function auditLogPage(
  db: Database,
  filter: AuditLogFilter,
): Promise<{ entries: AuditEntryView[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.customerId !== undefined) conditions.push(eq(auditLog.customerId, filter.customerId));
  // The input allows letters, digits and dots only, so the pattern holds no wildcard of its own.
  if (filter.action !== undefined && filter.action !== '') conditions.push(like(auditLog.action, `${filter.action}%`));
  if (filter.fromDate !== undefined) conditions.push(gte(auditLog.createdAt, new Date(`${filter.fromDate}T00:00:00Z`)));
  if (filter.toDate !== undefined) {
    conditions.push(lt(auditLog.createdAt, new Date(Date.parse(`${filter.toDate}T00:00:00Z`) + DAY_MS)));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_LOG_PAGE_SIZE)
    .offset((filter.pageNumber - 1) * AUDIT_LOG_PAGE_SIZE);
  const [counted] = await db.select({ total: count() }).from(auditLog).where(where);
  const logins = await loginsOfUsers(db, {
    userIds: rows.flatMap((entry) => (entry.actorUserId === null ? [] : [entry.actorUserId])),
  });
  return {
    entries: rows.map((entry) => ({
      id: entry.id,
      actorUserId: entry.actorUserId ?? undefined,
      actorLogin: entry.actorUserId === null ? undefined : logins.get(entry.actorUserId),
      customerId: entry.customerId ?? undefined,
      action: entry.action,
      details: entry.details ?? undefined,
      ip: entry.ip ?? undefined,
      createdAt: entry.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}
