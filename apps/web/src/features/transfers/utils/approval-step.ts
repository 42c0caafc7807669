import { TransferApprovalType, type TransferResult } from '@app/shared/api/transfers';

/**
 * What follows a money-moving call (spec 001 §4 "Approval of a transaction"): approval type 0 goes
 * straight to the result; above 0 the transfer waits for the customer — push on a linked device,
 * a code by SMS or e-mail, or a code of the authenticator app.
 *
 * The spec lets type 1 in the mobile app go to success directly; here the server holds such a
 * transfer until the device answers, so the screen follows its status rather than assume success.
 */
export type CodeChannel = 'sms' | 'otp' | 'email';

export type ApprovalStep =
  | { kind: 'result'; result: TransferResult }
  | { kind: 'push'; result: TransferResult }
  | { kind: 'code'; channel: CodeChannel; result: TransferResult };

export function approvalStepOf(result: TransferResult): ApprovalStep {
  if (result.status !== 'awaitingApproval') return { kind: 'result', result };
  switch (result.approvalType) {
    case TransferApprovalType.PUSH:
      return { kind: 'push', result };
    case TransferApprovalType.SMS:
      return { kind: 'code', channel: 'sms', result };
    case TransferApprovalType.OTP:
      return { kind: 'code', channel: 'otp', result };
    case TransferApprovalType.APPROVAL_CODE:
      return { kind: 'code', channel: 'email', result };
    default:
      // Held without a factor to answer with: the result popup says it is pending.
      return { kind: 'result', result };
  }
}
