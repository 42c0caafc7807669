import type { TransferResult } from '@app/shared/api/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { DEMO_FACTOR_USERS, DEMO_SMS_PHONE, DEMO_USERS } from '../../db/seed';
import { accountOf, call, newKey, ok, tokenOf } from './transfers-test-support';

/**
 * The approval variants of spec 001 §7 beside trxid + approvalCode: operationId + approvalCode, and
 * fromEmail + approvalTransactionId + code. Each approves only the acting customer's held transfer,
 * with the code sent for that very transfer.
 */
let testApp: TestApp;
const tokens = { sms: '', personal: '' };
let smsAccount = 0;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  tokens.sms = await tokenOf(testApp, DEMO_FACTOR_USERS.sms);
  tokens.personal = await tokenOf(testApp, DEMO_USERS.personal);
  smsAccount = (await accountOf(testApp, tokens.sms, 'USD')).accountId;
});

afterAll(async () => {
  await testApp.close();
});

async function heldTransferWithCode(): Promise<{ id: number; code: string }> {
  const result = await ok<TransferResult>(testApp, tokens.sms, 'transferP2P', {
    accountId: smsAccount,
    amount: '5.00',
    currency: 'USD',
    toEmail: DEMO_USERS.personal,
    idempotencyKey: newKey(),
  });
  expect(result.approvalType).toBe(2);
  const outbox = await testApp.app.inject({
    method: 'GET',
    url: `/dev/outbox.json?recipient=${encodeURIComponent(DEMO_SMS_PHONE)}`,
  });
  const body = outbox.json<{ messages: { body?: string }[] }>().messages[0]?.body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (code === undefined) throw new Error('no approval code sent');
  return { id: result.transactionId, code };
}

describe('operationId + approvalCode', () => {
  it('refuses the code of another transfer and another customer, then approves with its own code', async () => {
    const first = await heldTransferWithCode();
    const second = await heldTransferWithCode();
    if (first.code !== second.code) {
      const crossed = await call(testApp, tokens.sms, 'transferApproveOperation', {
        operationId: second.id,
        approvalCode: first.code,
      });
      expect(crossed.statusCode).toBe(400);
    }
    const foreign = await call(testApp, tokens.personal, 'transferApproveOperation', {
      operationId: second.id,
      approvalCode: second.code,
    });
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(foreign.body.responseCode).not.toBe('00');
    const approved = await ok<TransferResult>(testApp, tokens.sms, 'transferApproveOperation', {
      operationId: second.id,
      approvalCode: second.code,
    });
    expect(approved.transactionId).toBe(second.id);
    expect(approved.status).toBe('completed');
  });

  it('refuses a malformed code without counting it', async () => {
    const held = await heldTransferWithCode();
    const bad = await call(testApp, tokens.sms, 'transferApproveOperation', {
      operationId: held.id,
      approvalCode: '12',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.responseCode).toBe('VF');
  });
});

describe('fromEmail + approvalTransactionId + code', () => {
  it('needs the signed-in user’s own e-mail in the envelope', async () => {
    const held = await heldTransferWithCode();
    const missing = await call(testApp, tokens.sms, 'transferApproveByEmail', {
      approvalTransactionId: held.id,
      code: held.code,
    });
    expect(missing.statusCode).toBe(400);
    const wrong = await call(testApp, tokens.sms, 'transferApproveByEmail', {
      fromEmail: DEMO_USERS.personal,
      approvalTransactionId: held.id,
      code: held.code,
    });
    expect(wrong.statusCode).toBe(403);
    const approved = await ok<TransferResult>(testApp, tokens.sms, 'transferApproveByEmail', {
      fromEmail: DEMO_FACTOR_USERS.sms,
      approvalTransactionId: held.id,
      code: held.code,
    });
    expect(approved.transactionId).toBe(held.id);
    expect(approved.status).toBe('completed');
  });
});
