import type { Language } from '@app/shared/constants';
import {
  NEWS_EXCERPT_LENGTH,
  NEWS_LIST_LIMIT,
  type AdminNewsItem,
  type Announcement,
  type AnnouncementSummary,
  type NewsChoice,
  type NewsPublishInput,
} from '@app/shared/api/news';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newsItems, newsReceipts } from '../../db/schema/news';
import { recordAudit } from '../../platform/audit';
import { errors } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { LiveChannel } from '../../platform/live-channel';
import { customerIdsAfter } from '../customers/customers.service';

/**
 * News (spec 000 §4 "News and notifications"): an administrator publishes an item for some
 * interface languages; customers reading in one of them see it, confirm reading it, and accept or
 * decline the items that need it. Receipts are per customer: whoever acts for the customer reads
 * and decides for it, an administrator acting for the customer included (audited as themselves).
 */

export const ANNOUNCE_NEWS_QUEUE = 'news.announce';
/** Customers told of a new item per job run; the job continues with the next batch. */
const ANNOUNCE_BATCH_SIZE = 200;

type NewsRow = typeof newsItems.$inferSelect;
type ReceiptRow = Pick<typeof newsReceipts.$inferSelect, 'readAt' | 'choice'>;

function excerptOf(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length <= NEWS_EXCERPT_LENGTH ? flat : `${flat.slice(0, NEWS_EXCERPT_LENGTH - 1).trimEnd()}…`;
}

function announcementOf(row: NewsRow, receipt: ReceiptRow | null): Announcement {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    publishedAt: row.publishedAt.toISOString(),
    isRead: receipt?.readAt != null,
    withConfirmation: row.withConfirmation,
    choice: receipt?.choice ?? undefined,
  };
}

const receiptJoin = (customerId: number) =>
  and(eq(newsReceipts.newsId, newsItems.id), eq(newsReceipts.customerId, customerId));

const shownIn = (lang: Language) => sql`${lang} = any(${newsItems.languages})`;

export async function listAnnouncements(
  db: Database,
  params: { customerId: number; lang: Language; withConfirmation: boolean },
): Promise<{ announcements: AnnouncementSummary[]; unreadCount: number }> {
  const rows = await db
    .select({ item: newsItems, readAt: newsReceipts.readAt, choice: newsReceipts.choice })
    .from(newsItems)
    .leftJoin(newsReceipts, receiptJoin(params.customerId))
    .where(
      and(
        shownIn(params.lang),
        params.withConfirmation ? and(eq(newsItems.withConfirmation, true), isNull(newsReceipts.choice)) : undefined,
      ),
    )
    .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
    .limit(NEWS_LIST_LIMIT);
  return {
    announcements: rows.map(({ item, readAt, choice }) => {
      const { body, ...announcement } = announcementOf(item, { readAt, choice });
      return { ...announcement, excerpt: excerptOf(body) };
    }),
    unreadCount: await unreadCount(db, params),
  };
}

async function unreadCount(db: Database, params: { customerId: number; lang: Language }): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(newsItems)
    .leftJoin(newsReceipts, receiptJoin(params.customerId))
    .where(and(shownIn(params.lang), isNull(newsReceipts.readAt)));
  return row?.unread ?? 0;
}

async function findAnnouncement(db: Database, params: { customerId: number; id: number }): Promise<Announcement> {
  const [row] = await db
    .select({ item: newsItems, readAt: newsReceipts.readAt, choice: newsReceipts.choice })
    .from(newsItems)
    .leftJoin(newsReceipts, receiptJoin(params.customerId))
    .where(eq(newsItems.id, params.id));
  if (row === undefined) throw errors.invalidParams('Announcement not found.');
  return announcementOf(row.item, { readAt: row.readAt, choice: row.choice });
}

export function getAnnouncement(db: Database, params: { customerId: number; id: number }): Promise<Announcement> {
  return findAnnouncement(db, params);
}

/** Every id must be an existing item; otherwise nothing is marked. Marking twice changes nothing. */
export async function markAnnouncementsRead(
  db: Database,
  params: { customerId: number; lang: Language; ids: number[]; now: Date },
): Promise<number> {
  const ids = [...new Set(params.ids)];
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: newsItems.id }).from(newsItems).where(inArray(newsItems.id, ids));
    if (found.length !== ids.length) throw errors.invalidParams('Announcement not found.');
    await tx
      .insert(newsReceipts)
      .values(ids.map((newsId) => ({ newsId, customerId: params.customerId, readAt: params.now })))
      .onConflictDoUpdate({
        target: [newsReceipts.newsId, newsReceipts.customerId],
        set: { readAt: sql`coalesce(${newsReceipts.readAt}, excluded.read_at)` },
      });
  });
  return unreadCount(db, params);
}

/**
 * Accepts or declines an item that needs it. A decision stands: the same choice again answers as
 * before (a retried request), the other choice is refused.
 */
export async function decideAnnouncement(
  db: Database,
  params: { customerId: number; userId: number; id: number; choice: NewsChoice; ip: string | null; now: Date },
): Promise<Announcement> {
  return db.transaction(async (tx) => {
    const current = await findAnnouncement(tx, params);
    if (!current.withConfirmation) throw errors.invalidParams('This announcement needs no answer.');
    if (current.choice !== undefined) {
      if (current.choice !== params.choice) throw errors.invalidParams('This announcement was already answered.');
      return current;
    }
    const [decided] = await tx
      .insert(newsReceipts)
      .values({
        newsId: params.id,
        customerId: params.customerId,
        readAt: params.now,
        choice: params.choice,
        decidedByUserId: params.userId,
        decidedAt: params.now,
      })
      .onConflictDoUpdate({
        target: [newsReceipts.newsId, newsReceipts.customerId],
        set: {
          readAt: sql`coalesce(${newsReceipts.readAt}, excluded.read_at)`,
          choice: params.choice,
          decidedByUserId: params.userId,
          decidedAt: params.now,
        },
        // A concurrent answer won: this one changes nothing and is refused below.
        setWhere: isNull(newsReceipts.choice),
      })
      .returning({ choice: newsReceipts.choice });
    if (decided === undefined) throw errors.invalidParams('This announcement was already answered.');
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: params.customerId,
      action: params.choice === 'accept' ? 'news.accepted' : 'news.declined',
      details: { newsId: params.id },
      ip: params.ip,
    });
    return { ...current, isRead: true, choice: params.choice };
  });
}

/** Stores the item and starts telling customers live; the publication is audited. */
export async function publishNews(
  db: Database,
  params: { input: NewsPublishInput; adminUserId: number | null; ip: string | null; now?: Date },
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsItems)
      .values({
        title: params.input.title,
        body: params.input.body,
        languages: params.input.languages,
        withConfirmation: params.input.withConfirmation,
        publishedByUserId: params.adminUserId,
        publishedAt: params.now ?? new Date(),
      })
      .returning({ id: newsItems.id });
    if (row === undefined) throw new Error('news item not stored');
    await recordAudit(tx, {
      actorUserId: params.adminUserId,
      customerId: null,
      action: 'admin.newsPublished',
      details: { newsId: row.id, languages: params.input.languages, withConfirmation: params.input.withConfirmation },
      ip: params.ip,
    });
    await enqueueJob(tx, {
      queue: ANNOUNCE_NEWS_QUEUE,
      payload: { newsId: row.id, afterCustomerId: 0 },
      singletonKey: `news:${row.id}:0`,
    });
    return { id: row.id };
  });
}

/**
 * One batch of the live announcement: each customer after `afterCustomerId` hears of the item
 * (a hint to refetch the list and a toast); the next batch is enqueued until none is left. The
 * item itself is the durable record, so a customer offline now sees it on their next visit.
 */
export async function announceBatch(
  db: Database,
  live: Pick<LiveChannel, 'publish'>,
  params: { newsId: number; afterCustomerId: number },
): Promise<void> {
  const [item] = await db.select().from(newsItems).where(eq(newsItems.id, params.newsId));
  if (item === undefined) return;
  const batch = await customerIdsAfter(db, { afterCustomerId: params.afterCustomerId, limit: ANNOUNCE_BATCH_SIZE });
  for (const customerId of batch) {
    await live.publish(db, {
      to: { customerId },
      type: 'notification',
      status: 'info',
      payload: {
        notificationType: 'info',
        newsId: item.id,
        message: item.title,
        languages: item.languages.join(','),
      },
    });
  }
  const last = batch.at(-1);
  if (batch.length === ANNOUNCE_BATCH_SIZE && last !== undefined) {
    await enqueueJob(db, {
      queue: ANNOUNCE_NEWS_QUEUE,
      payload: { newsId: item.id, afterCustomerId: last },
      singletonKey: `news:${item.id}:${last}`,
    });
  }
}

export async function listPublishedNews(db: Database): Promise<AdminNewsItem[]> {
  const rows = await db
    .select({
      item: newsItems,
      readCount: sql<number>`count(${newsReceipts.readAt})::int`,
      acceptedCount: sql<number>`count(*) filter (where ${newsReceipts.choice} = 'accept')::int`,
      declinedCount: sql<number>`count(*) filter (where ${newsReceipts.choice} = 'decline')::int`,
    })
    .from(newsItems)
    .leftJoin(newsReceipts, eq(newsReceipts.newsId, newsItems.id))
    .groupBy(newsItems.id)
    .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
    .limit(NEWS_LIST_LIMIT);
  return rows.map(({ item, readCount, acceptedCount, declinedCount }) => ({
    id: item.id,
    title: item.title,
    languages: item.languages,
    withConfirmation: item.withConfirmation,
    publishedAt: item.publishedAt.toISOString(),
    readCount,
    acceptedCount,
    declinedCount,
  }));
}
