import { describe, expect, it } from 'vitest';
import { transferResult } from '../testing/transfer-fixtures';
import { approvalStepOf } from './approval-step';

describe('approvalStepOf (spec 001 §4 "Approval of a transaction")', () => {
  it('goes straight to the result for approval type 0', () => {
    expect(approvalStepOf(transferResult({ approvalType: 0 })).kind).toBe('result');
  });

  it('waits for the device for type 1 (push)', () => {
    expect(approvalStepOf(transferResult({ status: 'awaitingApproval', approvalType: 1 })).kind).toBe('push');
  });

  it('asks for a code for sms (2), otp (3) and the e-mailed approval code (4)', () => {
    expect(approvalStepOf(transferResult({ status: 'awaitingApproval', approvalType: 2 }))).toMatchObject({
      kind: 'code',
      channel: 'sms',
    });
    expect(approvalStepOf(transferResult({ status: 'awaitingApproval', approvalType: 3 }))).toMatchObject({
      kind: 'code',
      channel: 'otp',
    });
    expect(approvalStepOf(transferResult({ status: 'awaitingApproval', approvalType: 4 }))).toMatchObject({
      kind: 'code',
      channel: 'email',
    });
  });

  it('shows the result of a transfer that is no longer waiting, whatever its approval type', () => {
    expect(approvalStepOf(transferResult({ status: 'completed', approvalType: 2 })).kind).toBe('result');
    expect(approvalStepOf(transferResult({ status: 'rejected', approvalType: 1 })).kind).toBe('result');
  });
});
