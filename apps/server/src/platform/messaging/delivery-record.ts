import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { insertOutboundMessage, type NewOutboundMessage } from './outbound-messages.repository';

/**
 * Production adapters record each delivery without its body. The message has already left (or
 * failed) when the row is written, so a failed write is logged, not thrown: throwing would make the
 * caller retry a message that was in fact delivered.
 */
export async function recordDelivery(
  db: Database,
  log: FastifyBaseLogger,
  delivery: Omit<NewOutboundMessage, 'body'>,
): Promise<void> {
  try {
    await insertOutboundMessage(db, { ...delivery, body: null });
  } catch (error) {
    log.error({ err: error, channel: delivery.channel, status: delivery.status }, 'could not record a delivery');
  }
}
