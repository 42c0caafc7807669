import type { CustomerNotification, NotificationStatus, NotificationType } from '@app/shared/api/notifications';
import { NOTIFICATIONS_PAGE_SIZE } from '@app/shared/api/notifications';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customerNotifications } from '../../db/schema/notifications';
import { errors } from '../../platform/errors';
import type { LiveChannel } from '../../platform/live-channel';

/**
 * Customer notifications (spec 000 §4 "News and notifications"). Any domain raises one with
 * `notifyCustomer` inside the transaction of the change it reports: the row is stored there, and
 * the live event rides on the same transaction, so the customer's sockets hear of it exactly when
 * the change commits and never when it rolls back.
 *
 * The event is `{ type: 'notification', status, payload: { notificationType, notificationId, … } }`,
 * the shape the web client already reads for `fundsReceived`.
 */

export interface CustomerNotificationInput {
  customerId: number;
  type: NotificationType;
  status: NotificationStatus;
  /** Ids and short values (a document id, a contract name); never documents or secrets. */
  payload?: Record<string, unknown>;
  /** Raise at most once per customer and key (the expiry job: one per document and type). */
  dedupeKey?: string;
}

/** Payload values kept: flat and short, so every notice fits a NOTIFY and a list row. */
const MAX_PAYLOAD_KEYS = 20;
const MAX_PAYLOAD_STRING_LENGTH = 500;
const MAX_PAYLOAD_KEY_LENGTH = 64;

type StoredPayload = Record<string, string | number | boolean | null>;

/**
 * The channel notifications go out on. Services raise notifications from deep inside their
 * transactions, where no request or app is at hand, so the process binds its channel once at start
 * (`bindNotificationsLive` in app.ts). Publishing on a transaction handle only queues a NOTIFY in
 * that transaction, which every process listening on the database delivers, so whichever channel
 * of the process is bound publishes the same event.
 */
let boundLive: Pick<LiveChannel, 'publish'> | undefined;

export function bindNotificationsLive(live: Pick<LiveChannel, 'publish'>): void {
  boundLive = live;
}

function storedPayloadOf(payload: Record<string, unknown> | undefined): StoredPayload {
  const stored: StoredPayload = {};
  for (const [key, value] of Object.entries(payload ?? {}).slice(0, MAX_PAYLOAD_KEYS)) {
    if (key.length > MAX_PAYLOAD_KEY_LENGTH || key === 'notificationType' || key === 'notificationId') continue;
    if (typeof value === 'string') stored[key] = value.slice(0, MAX_PAYLOAD_STRING_LENGTH);
    else if (typeof value === 'number' && Number.isFinite(value)) stored[key] = value;
    else if (typeof value === 'boolean' || value === null) stored[key] = value;
    else if (value instanceof Date) stored[key] = value.toISOString();
  }
  return stored;
}

/**
 * Stores the notification and publishes it to everyone acting for the customer when `tx` commits.
 * With a `dedupeKey` already used for the customer, nothing is stored or sent. Without a bound live
 * channel (the seed, scripts) the notification is only stored: the customer reads it from the list.
 */
export async function notifyCustomer(tx: Database, n: CustomerNotificationInput): Promise<void> {
  await raiseCustomerNotification(tx, n);
}

/** As `notifyCustomer`, telling whether it was raised (false: the dedupe key was already used). */
export async function raiseCustomerNotification(tx: Database, n: CustomerNotificationInput): Promise<boolean> {
  const payload = storedPayloadOf(n.payload);
  const [row] = await tx
    .insert(customerNotifications)
    .values({ customerId: n.customerId, type: n.type, status: n.status, payload, dedupeKey: n.dedupeKey ?? null })
    .onConflictDoNothing()
    .returning({ id: customerNotifications.id });
  if (row === undefined) return false;
  await boundLive?.publish(tx, {
    to: { customerId: n.customerId },
    type: 'notification',
    status: n.status,
    payload: { ...payload, notificationType: n.type, notificationId: row.id },
  });
  return true;
}

export async function listCustomerNotifications(
  db: Database,
  params: { customerId: number; pageNumber: number; unreadOnly: boolean },
): Promise<{ notifications: CustomerNotification[]; total: number; unreadCount: number }> {
  const where = and(
    eq(customerNotifications.customerId, params.customerId),
    params.unreadOnly ? isNull(customerNotifications.readAt) : undefined,
  );
  const rows = await db
    .select()
    .from(customerNotifications)
    .where(where)
    .orderBy(desc(customerNotifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE)
    .offset((params.pageNumber - 1) * NOTIFICATIONS_PAGE_SIZE);
  const [counts] = await db
    .select({
      total: count(),
      unread: sql<number>`count(*) filter (where ${customerNotifications.readAt} is null)::int`,
    })
    .from(customerNotifications)
    .where(eq(customerNotifications.customerId, params.customerId));
  const total = params.unreadOnly ? (counts?.unread ?? 0) : (counts?.total ?? 0);
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      type: row.type,
      status: row.status,
      payload: row.payload,
      isRead: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    unreadCount: counts?.unread ?? 0,
  };
}

export async function unreadNotificationCount(db: Database, customerId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(customerNotifications)
    .where(and(eq(customerNotifications.customerId, customerId), isNull(customerNotifications.readAt)));
  return row?.unread ?? 0;
}

/**
 * Marks the customer's notifications read. Ids that are not the customer's refuse the whole call
 * (no access) and change nothing.
 */
export async function markNotificationsRead(
  db: Database,
  params: { customerId: number; ids: number[] | 'all'; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    if (params.ids !== 'all') {
      const ids = [...new Set(params.ids)];
      const [owned] = await tx
        .select({ owned: count() })
        .from(customerNotifications)
        .where(and(eq(customerNotifications.customerId, params.customerId), inArray(customerNotifications.id, ids)));
      if ((owned?.owned ?? 0) !== ids.length) throw errors.noAccess();
    }
    await tx
      .update(customerNotifications)
      .set({ readAt: params.now })
      .where(
        and(
          eq(customerNotifications.customerId, params.customerId),
          isNull(customerNotifications.readAt),
          params.ids === 'all' ? undefined : inArray(customerNotifications.id, params.ids),
        ),
      );
    return unreadNotificationCount(tx, params.customerId);
  });
}
