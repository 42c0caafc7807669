import {
  twoStepChangeResponseSchema,
  twoStepConfirmResponseSchema,
  type TwoStepChangeResponse,
  type TwoStepMode,
  type TransactionApprovalMode,
} from '@app/shared/api/security-settings';
import { callAuthService } from '../../../lib/api-client';

/**
 * `POST /customer/two-step-verification {mode | typeMode, phone?}` starts a change of the sign-in
 * factor or of the approval of transactions; `POST …/{reqId}/confirm {code?}` confirms it (a code),
 * or polls a push change until the linked device answered.
 */
export type TwoStepChangeTarget = { mode: TwoStepMode } | { typeMode: TransactionApprovalMode };

export function startTwoStepChange(target: TwoStepChangeTarget, phone?: string): Promise<TwoStepChangeResponse> {
  return callAuthService(
    '/customer/two-step-verification',
    { ...target, ...(phone === undefined || phone.trim() === '' ? {} : { phone }) },
    twoStepChangeResponseSchema,
    { caller: 'session' },
  );
}

export interface TwoStepConfirmation {
  status: 'pending' | 'enabled';
  /** After an authenticator enrolment: shown once. */
  recoveryCodes: string[];
}

export async function confirmTwoStepChange(reqId: string, code?: string): Promise<TwoStepConfirmation> {
  const answer = await callAuthService(
    `/customer/two-step-verification/${encodeURIComponent(reqId)}/confirm`,
    code === undefined ? {} : { code },
    twoStepConfirmResponseSchema,
    { caller: 'session' },
  );
  return { status: answer.status ?? 'enabled', recoveryCodes: answer.recoveryCodes ?? [] };
}
