import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { bearerTokenOf, type AccessTokens } from '../../platform/access-token';
import { recordAudit } from '../../platform/audit';

const MAX_CUSTOMER_ID = 2_147_483_647;

/**
 * Acting for a customer outside the main API: the REST routes (downloads, uploads) take the
 * customer as `?fromCustomerId=`. Every such request of an administrator is recorded as theirs,
 * with the route and the status it ended in, so the audit log holds everything done in the
 * customer's name, not only main-API calls (those the dispatcher records itself).
 */
export function registerActingAudit(app: FastifyInstance, options: { db: Database; accessTokens: AccessTokens }): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/api')) return;
    const query = request.query;
    const raw =
      typeof query === 'object' && query !== null && 'fromCustomerId' in query ? query.fromCustomerId : undefined;
    const customerId = Number(raw);
    if (!Number.isSafeInteger(customerId) || customerId <= 0 || customerId > MAX_CUSTOMER_ID) return;
    const token = bearerTokenOf(request.headers.authorization);
    if (token === undefined) return;
    const session = await options.accessTokens.verify(token);
    if (session === null || !session.isAdmin) return;
    await recordAudit(options.db, {
      actorUserId: session.userId,
      customerId,
      action: 'admin.actedForCustomer',
      details: { route: request.routeOptions.url ?? 'unknown', httpMethod: request.method, status: reply.statusCode },
      ip: request.ip,
    }).catch((error: unknown) => request.log.error({ err: error }, 'acting-for audit entry lost'));
  });
}
