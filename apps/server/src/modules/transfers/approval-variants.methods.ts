import {
  transferApprovalResendOperation,
  transferApproveByEmail,
  transferApproveOperation,
} from '@app/shared/api/security-settings';
import { z } from 'zod';
import { errors } from '../../platform/errors';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import * as customersService from '../customers/customers.service';
import { maskedRecipientOf } from './approval-challenges';
import * as transfersService from './transfers.service';

/**
 * The transaction-approval variants of spec 001 §7 beside `transferApprove` (trxid + approvalCode):
 * by operation id, and by approvalTransactionId with the approving user's e-mail in the envelope.
 * They approve through the same service call, so the same checks hold: the acting customer's held
 * transfer, the code of the user who made it, five wrong codes reject it, a code works once.
 */
function actorOf(context: MethodContext): transfersService.Actor {
  if (context.session === null) throw errors.auth('Please sign in to continue.');
  if (context.customerId === null) throw errors.noAccess('Choose the customer to act for first.');
  return { session: context.session, customerId: context.customerId, ip: context.request.ip, language: context.lang };
}

const envelopeEmailSchema = z.object({ fromEmail: z.string().trim().toLowerCase().max(254) });

/** `fromEmail` travels in the envelope, which the dispatcher keeps out of the method's input. */
async function assertEnvelopeEmailIsTheUser(context: MethodContext, userId: number): Promise<void> {
  const envelope = envelopeEmailSchema.safeParse(context.request.body);
  if (!envelope.success)
    throw errors.validation([{ field: 'fromEmail', message: 'Send the approving user’s e-mail.' }]);
  const user = await customersService.findSignInUserById(context.db, { userId });
  if (user?.email !== envelope.data.fromEmail) throw errors.noAccess('This approval belongs to another user.');
}

export function approvalVariantMethods(settings: transfersService.TransferSettings): RegisteredMethod[] {
  const approve = async (context: MethodContext, transferId: number, code: string) => {
    const actor = actorOf(context);
    const transfer = await transfersService.approveWithCode(context.db, settings, {
      transferId,
      customerId: actor.customerId,
      userId: actor.session.userId,
      code,
      ip: actor.ip,
      now: new Date(),
    });
    return transfersService.transferResultOf(transfer, null);
  };

  return [
    handleMethod(transferApproveOperation, (input, context) => approve(context, input.operationId, input.approvalCode)),

    handleMethod(transferApproveByEmail, async (input, context) => {
      await assertEnvelopeEmailIsTheUser(context, actorOf(context).session.userId);
      return approve(context, input.approvalTransactionId, input.code);
    }),

    handleMethod(transferApprovalResendOperation, async (input, context) => {
      const actor = actorOf(context);
      const { approval, resendsLeft } = await transfersService.resendChallenge(context.db, settings, {
        transferId: input.operationId,
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
  ];
}
