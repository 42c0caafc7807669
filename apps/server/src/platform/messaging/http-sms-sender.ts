import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { recordDelivery } from './delivery-record';
import { assertSmsMessage, MessageDeliveryError, type SmsSender } from './messages';

/**
 * Production SMS through an HTTP gateway: `POST SMS_GATEWAY_URL` with `{ to, text }` and
 * `Authorization: Bearer SMS_GATEWAY_TOKEN`; a 2xx answer carries the gateway's message id as
 * `reference` (`id` and `messageId` are accepted too, as gateways name it differently).
 */
export interface HttpSmsSenderOptions {
  gatewayUrl: string;
  gatewayToken: string;
  db: Database;
  log: FastifyBaseLogger;
}

const GATEWAY_TIMEOUT_MS = 10_000;
const MAX_GATEWAY_RESPONSE_BYTES = 65_536;

const reference = z.union([z.string().min(1).max(200), z.number().int().transform(String)]);
const gatewayResponseSchema = z.union([
  z.object({ reference }).transform((body) => body.reference),
  z.object({ messageId: reference }).transform((body) => body.messageId),
  z.object({ id: reference }).transform((body) => body.id),
]);

async function postToGateway(options: HttpSmsSenderOptions, to: string, text: string): Promise<string> {
  const response = await fetch(options.gatewayUrl, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.gatewayToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ to, text }),
    signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  if (body.length > MAX_GATEWAY_RESPONSE_BYTES) throw new Error('SMS gateway answer is too large');
  return gatewayResponseSchema.parse(JSON.parse(body));
}

export function createHttpSmsSender(options: HttpSmsSenderOptions): SmsSender {
  const { db, log } = options;
  return {
    transport: 'http',
    async send(message) {
      assertSmsMessage(message);
      try {
        const providerReference = await postToGateway(options, message.to, message.text);
        await recordDelivery(db, log, {
          channel: 'sms',
          recipient: message.to,
          subject: null,
          status: 'sent',
          providerReference,
        });
        return { reference: providerReference };
      } catch (error) {
        log.warn({ err: error }, 'SMS delivery failed');
        await recordDelivery(db, log, {
          channel: 'sms',
          recipient: message.to,
          subject: null,
          status: 'failed',
          providerReference: null,
        });
        throw new MessageDeliveryError('sms', { cause: error });
      }
    },
  };
}
