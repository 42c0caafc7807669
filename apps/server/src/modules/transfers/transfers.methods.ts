import {
  checkPayee,
  exchangeRatesDefault,
  preapprovedPaymentCancel,
  preapprovedPaymentsList,
  transferApprovalCancel,
  transferApprovalResend,
  transferApprove,
  transferBetweenAccounts,
  transferBetweenAccountsFee,
  transferBetweenAccountsLimits,
  transferBetweenAccountsMaxAmount,
  transferExchangeRate,
  transferP2P,
  transferP2PFee,
  transferP2PLimits,
  transferP2PMaxAmount,
  transferP2PRecentList,
  transferRecentDetails,
  transferRecentList,
  transferTemplateDelete,
  transferTemplateList,
} from '@app/shared/api/transfers';
import { errors } from '../../platform/errors';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import { defaultRates, exchangeRateFor } from './exchange-rate-lookup';
import { maskedRecipientOf } from './approval-challenges';
import * as transfersService from './transfers.service';

/**
 * Main-API methods of the transfers domain: validate (the catalogue's zod), authorize (the
 * dispatcher resolved the acting customer; every id is checked against it in the service), call
 * one service function, answer.
 */

function actorOf(context: MethodContext): transfersService.Actor {
  // The catalogue marks every method 'customer': a missing session or customer is an admin
  // acting for no one, who has no accounts to move money from.
  if (context.session === null) throw errors.auth('Please sign in to continue.');
  if (context.customerId === null) throw errors.noAccess('Choose the customer to act for first.');
  return { session: context.session, customerId: context.customerId, ip: context.request.ip, language: context.lang };
}

export function transferMethods(settings: transfersService.TransferSettings): RegisteredMethod[] {
  return [
    handleMethod(transferExchangeRate, (input, context) => {
      actorOf(context);
      return exchangeRateFor(context.db, input);
    }),

    handleMethod(exchangeRatesDefault, async (input, context) => {
      actorOf(context);
      const rates = await defaultRates(context.db, { base: input.baseCurrencyCode ?? 'USD' });
      return {
        rates: { rate: rates.rates },
        source: {
          provider: rates.provider,
          isSandbox: settings.rates.isSandbox,
          updatedAt: rates.updatedAt.toISOString(),
        },
      };
    }),

    /* Between own accounts */

    handleMethod(transferBetweenAccountsFee, (input, context) =>
      transfersService.ownAccountsFee(context.db, actorOf(context), input),
    ),

    handleMethod(transferBetweenAccountsMaxAmount, (input, context) =>
      transfersService.maxAmount(context.db, settings, actorOf(context), {
        kind: 'account',
        fromAccountId: input.fromAccount,
        toAccountId: input.toAccount,
      }),
    ),

    handleMethod(transferBetweenAccountsLimits, async (input, context) => ({
      limits: await transfersService.transferLimits(context.db, settings, actorOf(context), {
        kind: 'account',
        fromAccountId: input.fromAccount,
        toAccountId: input.toAccount,
      }),
    })),

    handleMethod(transferBetweenAccounts, (input, context) =>
      transfersService.submitOwnAccountsTransfer(context.db, settings, actorOf(context), input),
    ),

    /* To another customer */

    handleMethod(checkPayee, (input, context) => transfersService.checkPayee(context.db, actorOf(context), input)),

    handleMethod(transferP2PFee, (input, context) => transfersService.p2pFee(context.db, actorOf(context), input)),

    handleMethod(transferP2PMaxAmount, (input, context) =>
      transfersService.maxAmount(context.db, settings, actorOf(context), {
        kind: 'p2p',
        fromAccountId: input.accountId,
      }),
    ),

    handleMethod(transferP2PLimits, async (input, context) => ({
      limits: await transfersService.transferLimits(context.db, settings, actorOf(context), {
        kind: 'p2p',
        fromAccountId: input.accountId,
      }),
    })),

    handleMethod(
      transferP2P,
      (input, context) => {
        if (context.acting === null) throw errors.auth('Please sign in to continue.');
        return transfersService.submitP2PTransfer(context.db, settings, actorOf(context), context.acting, input);
      },
      // The batch write checks the acting context at its commit; the single path confirms it first.
      { checksActingInWrite: true },
    ),

    /* Strong customer authentication */

    handleMethod(transferApprove, async (input, context) => {
      const actor = actorOf(context);
      const transfer = await transfersService.approveWithCode(context.db, settings, {
        transferId: input.trxid,
        customerId: actor.customerId,
        userId: actor.session.userId,
        code: input.approvalCode,
        ip: actor.ip,
        now: new Date(),
      });
      return transfersService.transferResultOf(transfer, null);
    }),

    handleMethod(transferApprovalResend, async (input, context) => {
      const actor = actorOf(context);
      const { approval, resendsLeft } = await transfersService.resendChallenge(context.db, settings, {
        transferId: input.trxid,
        customerId: actor.customerId,
        userId: actor.session.userId,
        language: actor.language,
        now: new Date(),
      });
      return {
        transactionId: approval.transferId,
        approvalType: approval.approvalType,
        approvalSentTo: maskedRecipientOf(approval),
        approvalExpiresAt: approval.expiresAt.toISOString(),
        resendsLeft,
      };
    }),

    handleMethod(transferApprovalCancel, async (input, context) => {
      const actor = actorOf(context);
      const transfer = await transfersService.cancelHeldTransfer(context.db, settings, {
        transferId: input.trxid,
        customerId: actor.customerId,
        userId: actor.session.userId,
        ip: actor.ip,
        now: new Date(),
      });
      return transfersService.transferResultOf(transfer, null);
    }),

    /* Templates, recent transfers, details */

    handleMethod(transferTemplateList, async (_input, context) => ({
      templates: await transfersService.listTemplates(context.db, actorOf(context)),
    })),

    handleMethod(transferTemplateDelete, async (input, context) => {
      await transfersService.deleteTemplate(context.db, actorOf(context), { templateId: input.id });
      return { id: input.id };
    }),

    handleMethod(transferRecentList, async (input, context) => ({
      transfers: await transfersService.recentTransfers(context.db, actorOf(context), input),
    })),

    handleMethod(transferP2PRecentList, async (_input, context) => ({
      transfers: await transfersService.recentP2PPayees(context.db, actorOf(context)),
    })),

    handleMethod(transferRecentDetails, async (input, context) => ({
      transfer: await transfersService.transferDetails(context.db, actorOf(context), {
        transferId: input.transactionId,
      }),
    })),

    /* Pre-approved payments */

    handleMethod(preapprovedPaymentsList, (input, context) =>
      transfersService.listPreapprovedPayments(context.db, actorOf(context), input),
    ),

    handleMethod(preapprovedPaymentCancel, async (input, context) => ({
      subscription: transfersService.preapprovedPaymentOf(
        await transfersService.cancelStandingOrder(context.db, {
          orderId: input.id,
          customerId: actorOf(context).customerId,
          now: new Date(),
        }),
      ),
    })),
  ];
}
