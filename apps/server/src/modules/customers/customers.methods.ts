import {
  customerAccessList,
  customerInfoGet,
  customerSearch,
  termsAccept,
  termsPendingList,
} from '@app/shared/api/customers';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import { verificationSummaryFor } from '../verification/verification.service';
import * as customersService from './customers.service';

/**
 * The dispatcher has already authenticated every non-public method; a missing session here means
 * a definition says 'public' by mistake, and the caller gets AU rather than a crash.
 */
function sessionOf(context: MethodContext): Session {
  if (context.session === null) throw errors.auth('Please sign in to continue.');
  return context.session;
}

export function customerMethods(options: { oldWebUrl: string | undefined }): RegisteredMethod[] {
  return [
    handleMethod(customerInfoGet, async (_input, context) => {
      const customer = await customersService.customerInfo(context.db, {
        session: sessionOf(context),
        customerId: context.customerId,
        oldWebUrl: options.oldWebUrl,
      });
      const { customerId } = customer;
      return {
        customer,
        verification: customerId === undefined ? undefined : await verificationSummaryFor(context.db, { customerId }),
      };
    }),

    handleMethod(termsPendingList, async (_input, context) => ({
      terms: await customersService.pendingTerms(context.db, { userId: sessionOf(context).userId }),
    })),

    handleMethod(termsAccept, async (input, context) => ({
      accepted: await customersService.acceptTerms(context.db, {
        userId: sessionOf(context).userId,
        termIds: input.termIds,
        ip: context.request.ip,
      }),
    })),

    handleMethod(customerAccessList, async (_input, context) => ({
      customers: await customersService.customerAccesses(context.db, { userId: sessionOf(context).userId }),
    })),

    handleMethod(customerSearch, (input, context) => customersService.searchCustomers(context.db, input)),
  ];
}
