import type { TransferResult } from '@app/shared/api/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { DEMO_FACTOR_USERS, DEMO_SMS_PHONE, DEMO_USERS } from '../../db/seed';
import * as ledger from '../ledger/ledger.service';
import {
  accountOf,
  call,
  customerIdOf,
  fund,
  moneyOf,
  newKey,
  ok,
  systemBalanceOf,
  tokenOf,
} from './transfers-test-support';

/**
 * Money under concurrent requests. On PostgreSQL (DATABASE_URL) the calls really overlap on the
 * connection pool and these tests prove the locking; on PGlite they run one after another and
 * prove the same answers. Either way the ledger must verify afterwards.
 */
let testApp: TestApp;
const tokens = { kyc: '', business: '', sms: '' };
let kycCustomerId = 0;
let kycUsd = 0;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  tokens.kyc = await tokenOf(testApp, DEMO_USERS.kyc);
  tokens.business = await tokenOf(testApp, DEMO_USERS.business);
  tokens.sms = await tokenOf(testApp, DEMO_FACTOR_USERS.sms);
  kycCustomerId = await customerIdOf(testApp, tokens.kyc);
  await ok(testApp, tokens.kyc, 'accountAddCurrency', { currencyCode: 'USD' });
  kycUsd = (await accountOf(testApp, tokens.kyc, 'USD')).accountId;
});

afterAll(async () => {
  await testApp.close();
});

async function expectLedgerConsistent(): Promise<void> {
  const report = await ledger.verifyLedger(testApp.database.db);
  expect(
    report.isConsistent,
    JSON.stringify(report, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
  ).toBe(true);
}

describe('concurrent transfers', () => {
  it('lets exactly one of 100 concurrent withdrawals of the whole balance through', async () => {
    // 100.00 and its 0.5 % fee: the whole balance.
    await fund(testApp.database.db, {
      customerId: kycCustomerId,
      accountId: kycUsd,
      amount: '100.50',
      currency: 'USD',
    });
    const businessCustomerId = await customerIdOf(testApp, tokens.business);
    const businessUsd = (await accountOf(testApp, tokens.business, 'USD')).accountId;
    const payeeBefore = await moneyOf(testApp.database.db, { customerId: businessCustomerId, accountId: businessUsd });
    const feesBefore = await systemBalanceOf(testApp.database.db, 'fees', 'USD');

    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        call<TransferResult>(testApp, tokens.kyc, 'transferP2P', {
          accountId: kycUsd,
          amount: '100.00',
          currency: 'USD',
          toEmail: DEMO_USERS.business,
          idempotencyKey: newKey(),
        }),
      ),
    );
    const succeeded = answers.filter((answer) => answer.body.responseCode === '00');
    const refused = answers.filter((answer) => answer.body.responseCode === 'VF');
    expect(succeeded).toHaveLength(1);
    expect(refused).toHaveLength(99);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(400);
      expect(answer.body.validationErrors).toEqual([{ field: 'amount', message: 'Insufficient funds.' }]);
    }
    expect(await moneyOf(testApp.database.db, { customerId: kycCustomerId, accountId: kycUsd })).toEqual({
      balanceMinor: 0n,
      heldMinor: 0n,
      availableMinor: 0n,
    });
    expect(
      (await moneyOf(testApp.database.db, { customerId: businessCustomerId, accountId: businessUsd })).balanceMinor,
    ).toBe(payeeBefore.balanceMinor + 10_000n);
    expect(await systemBalanceOf(testApp.database.db, 'fees', 'USD')).toBe(feesBefore + 50n);
    await expectLedgerConsistent();
  });

  it('makes one transfer of 20 concurrent calls with one idempotency key, and answers them all alike', async () => {
    await fund(testApp.database.db, { customerId: kycCustomerId, accountId: kycUsd, amount: '10.05', currency: 'USD' });
    const params = {
      accountId: kycUsd,
      amount: '1.00',
      currency: 'USD',
      toEmail: DEMO_USERS.business,
      idempotencyKey: newKey(),
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call<TransferResult>(testApp, tokens.kyc, 'transferP2P', params)),
    );
    const [first] = answers;
    expect(first?.body.responseCode).toBe('00');
    for (const answer of answers) expect(answer.body).toEqual(first?.body);
    expect((await moneyOf(testApp.database.db, { customerId: kycCustomerId, accountId: kycUsd })).balanceMinor).toBe(
      1_005n - 100n - 1n,
    );
    await expectLedgerConsistent();
  });

  it('resolves a held transfer once when approvals and a cancel race', async () => {
    const smsUsd = (await accountOf(testApp, tokens.sms, 'USD')).accountId;
    const smsCustomerId = await customerIdOf(testApp, tokens.sms);
    const before = await moneyOf(testApp.database.db, { customerId: smsCustomerId, accountId: smsUsd });
    const held = await ok<TransferResult>(testApp, tokens.sms, 'transferP2P', {
      accountId: smsUsd,
      amount: '5.00',
      currency: 'USD',
      toEmail: DEMO_USERS.kyc,
      idempotencyKey: newKey(),
    });
    const outbox = await testApp.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?recipient=${encodeURIComponent(DEMO_SMS_PHONE)}`,
    });
    const code = /\b(\d{6})\b/.exec(outbox.json<{ messages: { body: string }[] }>().messages[0]?.body ?? '')?.[1];
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        call(testApp, tokens.sms, 'transferApprove', { trxid: held.transactionId, approvalCode: code }),
      ),
      call(testApp, tokens.sms, 'transferApprovalCancel', { trxid: held.transactionId }),
    ]);
    const approvals = answers.slice(0, 5).map((answer) => answer.body.responseCode);
    const cancel = answers[5]?.body.responseCode;
    const details = await ok<{ transfer: { status: string } }>(testApp, tokens.sms, 'transferRecentDetails', {
      transactionId: held.transactionId,
    });
    const isCompleted = details.transfer.status === 'completed';
    // Whichever came first decided; every other answer agrees with it.
    if (isCompleted) {
      expect(approvals).toEqual(['00', '00', '00', '00', '00']);
      expect(cancel).toBe('TA1');
    } else {
      expect(details.transfer.status).toBe('rejected');
      expect(approvals).toEqual(['TA1', 'TA1', 'TA1', 'TA1', 'TA1']);
      expect(cancel).toBe('00');
    }
    const after = await moneyOf(testApp.database.db, { customerId: smsCustomerId, accountId: smsUsd });
    expect(after.heldMinor).toBe(before.heldMinor);
    expect(after.balanceMinor).toBe(isCompleted ? before.balanceMinor - 503n : before.balanceMinor);
    await expectLedgerConsistent();
  });
});
