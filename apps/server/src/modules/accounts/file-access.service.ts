import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { bearerTokenOf, type AccessTokens, type Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import type { CustomerAccessPort } from '../../platform/main-api';
import { customerInfo } from '../customers/customers.service';

/**
 * Who a file download (a PDF, a CSV) acts for. Downloads are REST routes with the bearer token, and
 * `?fromCustomerId=` is checked exactly as the main-API dispatcher checks it, through the same port:
 * a user acts for their default customer, or for one they have access to (an administrator for
 * any), and pending terms hold downloads up as they hold calls.
 */
export interface FileAccessOptions {
  db: Database;
  accessTokens: AccessTokens;
  customerAccess: CustomerAccessPort;
}

export interface FileCaller {
  session: Session;
  customerId: number;
}

export const fromCustomerQuerySchema = z.object({
  fromCustomerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** The document's language (en, es, ro, ru, ua, pt); the Accept-Language header otherwise. */
  lang: z.string().max(16).optional(),
});

export async function fileCallerOf(request: FastifyRequest, options: FileAccessOptions): Promise<FileCaller> {
  const token = bearerTokenOf(request.headers.authorization);
  if (token === undefined) throw errors.auth('Please sign in to continue.');
  const session = await options.accessTokens.verify(token);
  if (session === null) throw errors.auth();
  const query = fromCustomerQuerySchema.safeParse(request.query);
  if (!query.success) throw errors.invalidParams('fromCustomerId must be a customer id.');
  const { fromCustomerId } = query.data;
  const acting = await options.customerAccess.actingContext(options.db, {
    session,
    fromCustomerId,
    checksTerms: !session.isAdmin,
  });
  if (fromCustomerId !== undefined && acting.customerId !== fromCustomerId) throw errors.noAccess();
  if (acting.customerId === null) throw errors.noAccess('Choose a customer to act for.');
  // The customer's IP allow-list holds for downloads as for calls (administrators are not bound by it).
  if (!session.isAdmin)
    await request.server.ipAccess.assertCustomerAllowed({
      customerId: acting.customerId,
      userId: session.userId,
      ip: request.ip,
      access: 'file',
    });
  if (acting.hasPendingTerms) {
    const pending = await options.customerAccess.pendingTerms(options.db, session.userId);
    if (pending.length > 0) throw errors.terms(pending);
  }
  return { session, customerId: acting.customerId };
}

/** The name documents print for the customer: the company's, or the person's full name. */
export async function holderNameOf(db: Database, caller: FileCaller): Promise<string> {
  const customer = await customerInfo(db, {
    session: caller.session,
    customerId: caller.customerId,
    oldWebUrl: undefined,
  });
  if (customer.customerType === 'business' && customer.businessName !== undefined) return customer.businessName;
  const fullName = [customer.firstName, customer.lastName].filter((part) => part !== undefined).join(' ');
  return fullName === '' ? customer.login : fullName;
}

/** Per client address: documents are generated per request, so they are rationed like the API. */
export const FILE_DOWNLOADS_PER_MINUTE = 60;
