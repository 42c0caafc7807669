import {
  transferApprovalCancel,
  transferApprovalResend,
  transferApprove,
  type TransferResult,
} from '@app/shared/api/transfers';
import type { MethodOutput } from '@app/shared/api/method';
import { useMutation } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

/** Strong customer authentication of a held transfer (spec 001 §4 "Approval of a transaction"). */

export const approveTransferInputSchema = transferApprove.input;
export type ApprovalResend = MethodOutput<typeof transferApprovalResend>;

export function approveTransfer(params: { trxid: number; approvalCode: string }): Promise<TransferResult> {
  return callMethod(transferApprove, approveTransferInputSchema.parse(params));
}

export function resendTransferApproval(trxid: number): Promise<ApprovalResend> {
  return callMethod(transferApprovalResend, { trxid });
}

export function cancelTransferApproval(trxid: number): Promise<TransferResult> {
  return callMethod(transferApprovalCancel, { trxid });
}

export function useApproveTransfer() {
  return useMutation({ mutationFn: approveTransfer });
}

export function useResendTransferApproval() {
  return useMutation({ mutationFn: resendTransferApproval });
}

export function useCancelTransferApproval() {
  return useMutation({ mutationFn: cancelTransferApproval });
}
