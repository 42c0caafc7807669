import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboundMessages } from '../../db/schema/platform';

/** Rows of `outbound_messages`: every mail and SMS the platform sent or stored. */
export type OutboundMessage = typeof outboundMessages.$inferSelect;
export type NewOutboundMessage = Omit<typeof outboundMessages.$inferInsert, 'id' | 'createdAt'>;

export const MAX_OUTBOUND_MESSAGES_PAGE = 100;

export async function insertOutboundMessage(db: Database, message: NewOutboundMessage): Promise<void> {
  await db.insert(outboundMessages).values(message);
}

export async function insertOutboundMessages(db: Database, messages: NewOutboundMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(outboundMessages).values(messages);
}

/** Newest first, at most one page. */
export function listOutboundMessages(
  db: Database,
  params: { recipient?: string; limit: number },
): Promise<OutboundMessage[]> {
  return db
    .select()
    .from(outboundMessages)
    .where(params.recipient === undefined ? undefined : eq(outboundMessages.recipient, params.recipient))
    .orderBy(desc(outboundMessages.id))
    .limit(Math.min(params.limit, MAX_OUTBOUND_MESSAGES_PAGE));
}
