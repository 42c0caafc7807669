import { desc, eq } from 'drizzle-orm';
import { preparedSql, type Database } from '../../db/client';
import { outboundMessages } from '../../db/schema/platform';

/** Rows of `outbound_messages`: every mail and SMS the platform sent or stored. */
export type OutboundMessage = typeof outboundMessages.$inferSelect;
export type NewOutboundMessage = Omit<typeof outboundMessages.$inferInsert, 'id' | 'createdAt'>;

export const MAX_OUTBOUND_MESSAGES_PAGE = 100;

export async function insertOutboundMessage(db: Database, message: NewOutboundMessage): Promise<void> {
  await db.insert(outboundMessages).values(message);
}

/**
 * Many rows in one prepared statement of fixed text, the columns as arrays: the payee mails of a
 * hundred transfers come here at once, and building a hundred-row insert cost the server's event
 * loop about 1.4 ms each time.
 */
const insertManyStatement = preparedSql(
  'outbound_messages_insert_many',
  `insert into outbound_messages (channel, recipient, subject, body, status, provider_reference)
  select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
);

export async function insertOutboundMessages(db: Database, messages: NewOutboundMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await insertManyStatement(db, [
    messages.map((message) => message.channel),
    messages.map((message) => message.recipient),
    messages.map((message) => message.subject ?? null),
    messages.map((message) => message.body ?? null),
    messages.map((message) => message.status),
    messages.map((message) => message.providerReference ?? null),
  ]);
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
