import {
  accountAddCurrency,
  balanceInquiry,
  paymentInstructionsList,
  paymentInstructionViewed,
  statementExportList,
  walletCreate,
} from '@app/shared/api/accounts';
import { errors } from '../../platform/errors';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import * as accountsService from './accounts.service';
import { listStatements } from './statements';

/**
 * The customer a call acts for. Only an administrator who names no customer has none; account
 * methods need one, so they answer ENOA rather than guess.
 */
function actingCustomerId(context: MethodContext): number {
  if (context.customerId === null) throw errors.noAccess('Choose a customer to act for.');
  return context.customerId;
}

export function accountMethods(options: { brand: string }): RegisteredMethod[] {
  return [
    handleMethod(balanceInquiry, async (_input, context) => ({
      accounts: { account: await accountsService.accountViews(context.db, { customerId: actingCustomerId(context) }) },
    })),

    handleMethod(accountAddCurrency, (input, context) =>
      accountsService.addCurrency(context.db, { customerId: actingCustomerId(context), currency: input.currencyCode }),
    ),

    handleMethod(walletCreate, async (input, context) => ({
      ...(await accountsService.createWallet(context.db, {
        customerId: actingCustomerId(context),
        currency: input.currencyCode,
      })),
      isSandbox: true,
    })),

    handleMethod(paymentInstructionsList, async (input, context) => ({
      paymentInstructions: {
        paymentInstruction: await accountsService.paymentInstructionsOf(context.db, {
          customerId: actingCustomerId(context),
          accountId: input.accountId,
          brand: options.brand,
        }),
      },
    })),

    handleMethod(paymentInstructionViewed, async (input, context) => {
      await accountsService.markInstructionViewed(context.db, {
        customerId: actingCustomerId(context),
        instructionId: input.instructionId,
      });
      return { instructionId: input.instructionId, isViewed: true };
    }),

    handleMethod(statementExportList, (input, context) =>
      listStatements(context.db, {
        customerId: actingCustomerId(context),
        accountId: input.accountId,
        pageNumber: input.pageNumber,
        pageSize: input.pageSize,
      }),
    ),
  ];
}
