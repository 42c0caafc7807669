import {
  passwordChange,
  passwordChangeCancel,
  passwordChangeConfirm,
  passwordChangeResend,
} from '@app/shared/api/security-settings';
import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { callMethod } from '../../../lib/api-client';

/** Spec 001 §7: password, passwordNew, passwordNewRepeat; then the e-mail code with the requestKey. */
export type PasswordChangeInput = MethodInput<typeof passwordChange>;
export type PasswordChangeStarted = MethodOutput<typeof passwordChange>;

export function startPasswordChange(input: PasswordChangeInput): Promise<PasswordChangeStarted> {
  return callMethod(passwordChange, input);
}

export function confirmPasswordChange(params: { requestKey: string; code: string }) {
  return callMethod(passwordChangeConfirm, params);
}

export function resendPasswordChangeCode(requestKey: string) {
  return callMethod(passwordChangeResend, { requestKey });
}

export function cancelPasswordChange(requestKey: string) {
  return callMethod(passwordChangeCancel, { requestKey });
}
