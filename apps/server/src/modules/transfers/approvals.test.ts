import { TRANSFER_APPROVAL_TTL_SECONDS, type TransferDetails, type TransferResult } from '@app/shared/api/transfers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { deviceTokenOf, linkDevice, totpAt } from '../../../test/sign-in-client';
import { ledgerTransactions } from '../../db/schema/ledger';
import { DEMO_FACTOR_USERS, DEMO_SMS_PHONE, DEMO_TOTP_SECRET, DEMO_USERS } from '../../db/seed';
import * as ledger from '../ledger/ledger.service';
import {
  accountOf,
  call,
  customerIdOf,
  moneyOf,
  newKey,
  ok,
  setRates,
  systemBalanceOf,
  tokenOf,
} from './transfers-test-support';
import * as repository from './transfers.repository';

/**
 * Strong customer authentication of transfers (spec 001 §4): a held transfer until the user
 * approves with their factor (SMS code, authenticator, push on a linked device, e-mail code), and
 * every way it can end instead: wrong codes, expiry, cancel, a decline on the device.
 */
let testApp: TestApp;
const tokens = { sms: '', otp: '', push: '', personal: '' };
const accounts = { sms: 0, otp: 0, push: 0, personalUsd: 0 };
const customers = { sms: 0, otp: 0, push: 0, personal: 0 };

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  tokens.sms = await tokenOf(testApp, DEMO_FACTOR_USERS.sms);
  tokens.otp = await tokenOf(testApp, DEMO_FACTOR_USERS.otp);
  tokens.push = await tokenOf(testApp, DEMO_FACTOR_USERS.push);
  tokens.personal = await tokenOf(testApp, DEMO_USERS.personal);
  for (const name of ['sms', 'otp', 'push'] as const) {
    accounts[name] = (await accountOf(testApp, tokens[name], 'USD')).accountId;
    customers[name] = await customerIdOf(testApp, tokens[name]);
  }
  accounts.personalUsd = (await accountOf(testApp, tokens.personal, 'USD')).accountId;
  customers.personal = await customerIdOf(testApp, tokens.personal);
});

afterAll(async () => {
  await testApp.close();
});

/** `envelope`: the main API's own fields, such as `lang`. */
function payPersonal(token: string, accountId: number, amount = '10.00', envelope: { lang?: string } = {}) {
  return ok<TransferResult>(testApp, token, 'transferP2P', {
    accountId,
    amount,
    currency: 'USD',
    toEmail: DEMO_USERS.personal,
    idempotencyKey: newKey(),
    ...envelope,
  });
}

async function latestMessage(recipient: string): Promise<string> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
  });
  return response.json<{ messages: { body?: string }[] }>().messages[0]?.body ?? '';
}

function codeIn(message: string): string {
  const code = /\b(\d{6})\b/.exec(message)?.[1];
  if (code === undefined) throw new Error(`no code in "${message}"`);
  return code;
}

const moneyOfSms = () => moneyOf(testApp.database.db, { customerId: customers.sms, accountId: accounts.sms });
const moneyOfPersonal = () =>
  moneyOf(testApp.database.db, { customerId: customers.personal, accountId: accounts.personalUsd });

async function statusOf(token: string, transactionId: number): Promise<TransferDetails> {
  return (await ok<{ transfer: TransferDetails }>(testApp, token, 'transferRecentDetails', { transactionId })).transfer;
}

describe('sms approval', () => {
  it('holds the transfer, sends a code naming amount and payee, and posts it once approved', async () => {
    const payerBefore = await moneyOfSms();
    const payeeBefore = await moneyOfPersonal();
    const held = await payPersonal(tokens.sms, accounts.sms, '20.00');
    expect(held).toMatchObject({
      status: 'awaitingApproval',
      approvalType: 2,
      approvalSentTo: '+44*******123',
      fee: '0.10',
    });
    expect(await moneyOfSms()).toEqual({
      balanceMinor: payerBefore.balanceMinor,
      heldMinor: payerBefore.heldMinor + 2_010n,
      availableMinor: payerBefore.availableMinor - 2_010n,
    });
    expect(await moneyOfPersonal()).toEqual(payeeBefore);
    const message = await latestMessage(DEMO_SMS_PHONE);
    expect(message).toMatch(/20\.10 USD to personal@demo\.test/);

    const approved = await ok<TransferResult>(testApp, tokens.sms, 'transferApprove', {
      trxid: held.transactionId,
      approvalCode: codeIn(message),
    });
    expect(approved).toMatchObject({ transactionId: held.transactionId, status: 'completed' });
    expect(await moneyOfSms()).toEqual({
      balanceMinor: payerBefore.balanceMinor - 2_010n,
      heldMinor: payerBefore.heldMinor,
      availableMinor: payerBefore.availableMinor - 2_010n,
    });
    expect((await moneyOfPersonal()).balanceMinor).toBe(payeeBefore.balanceMinor + 2_000n);
    // Approving again (a retry whose answer was lost) answers the same and moves nothing.
    const again = await call(testApp, tokens.sms, 'transferApprove', {
      trxid: held.transactionId,
      approvalCode: codeIn(message),
    });
    expect(again.body).toMatchObject({ responseCode: '00', transactionId: held.transactionId, status: 'completed' });
    expect((await moneyOfPersonal()).balanceMinor).toBe(payeeBefore.balanceMinor + 2_000n);
  });

  it('writes the code in the language the transfer was asked in, and a re-sent code in the re-send’s', async () => {
    const held = await payPersonal(tokens.sms, accounts.sms, '10.00', { lang: 'es' });
    expect(held.status).toBe('awaitingApproval');
    expect(await latestMessage(DEMO_SMS_PHONE)).toMatch(
      /^Harbor: \d{6} aprueba tu transferencia de 10\.05 USD a personal@demo\.test\. Caduca en /,
    );
    await repository.updateApproval(testApp.database.db, {
      transferId: held.transactionId,
      set: { lastSentAt: new Date(Date.now() - 31_000) },
    });
    await ok(testApp, tokens.sms, 'transferApprovalResend', { trxid: held.transactionId, lang: 'ro' });
    expect(await latestMessage(DEMO_SMS_PHONE)).toMatch(
      /^Harbor: \d{6} aprobă transferul tău de 10\.05 USD către personal@demo\.test\. Expiră în /,
    );
    await ok(testApp, tokens.sms, 'transferApprovalCancel', { trxid: held.transactionId });
  });

  it('posts a held transfer that converts through the FX account, paying out the other currency', async () => {
    await setRates(testApp.database.db, { EUR: '1.085' });
    const payerBefore = await moneyOfSms();
    const payeeEur = (await accountOf(testApp, tokens.personal, 'EUR')).accountId;
    const payeeBefore = await moneyOf(testApp.database.db, { customerId: customers.personal, accountId: payeeEur });
    const fx = {
      usd: await systemBalanceOf(testApp.database.db, 'fx', 'USD'),
      eur: await systemBalanceOf(testApp.database.db, 'fx', 'EUR'),
    };
    const held = await ok<TransferResult>(testApp, tokens.sms, 'transferP2P', {
      accountId: accounts.sms,
      amount: '10.00',
      currency: 'EUR',
      toEmail: DEMO_USERS.personal,
      idempotencyKey: newKey(),
    });
    expect(held).toMatchObject({ status: 'awaitingApproval', fromAmount: '10.85', toAmount: '10.00', fee: '0.11' });
    expect((await moneyOfSms()).heldMinor).toBe(payerBefore.heldMinor + 1_096n);
    await ok(testApp, tokens.sms, 'transferApprove', {
      trxid: held.transactionId,
      approvalCode: codeIn(await latestMessage(DEMO_SMS_PHONE)),
    });
    expect(await moneyOfSms()).toEqual({
      balanceMinor: payerBefore.balanceMinor - 1_096n,
      heldMinor: payerBefore.heldMinor,
      availableMinor: payerBefore.availableMinor - 1_096n,
    });
    expect(
      (await moneyOf(testApp.database.db, { customerId: customers.personal, accountId: payeeEur })).balanceMinor,
    ).toBe(payeeBefore.balanceMinor + 1_000n);
    expect(await systemBalanceOf(testApp.database.db, 'fx', 'USD')).toBe(fx.usd + 1_085n);
    expect(await systemBalanceOf(testApp.database.db, 'fx', 'EUR')).toBe(fx.eur - 1_000n);

    // One ledger transaction carries the whole approved transfer, both currencies balanced in it.
    const row = await repository.findTransfer(testApp.database.db, { transferId: held.transactionId });
    const posted = await ledger.getTransaction(testApp.database.db, row?.ledgerTransactionId ?? 0);
    expect(posted.metadata).toMatchObject({ transferId: held.transactionId, exchangeRate: row?.exchangeRate });
    const fxUsd = await ledger.systemAccount(testApp.database.db, 'fx', 'USD');
    const fxEur = await ledger.systemAccount(testApp.database.db, 'fx', 'EUR');
    const feesUsd = await ledger.systemAccount(testApp.database.db, 'fees', 'USD');
    expect(posted.postings).toEqual([
      { accountId: row?.fromLedgerAccountId, amountMinor: -1_096n, currency: 'USD' },
      { accountId: fxUsd.id, amountMinor: 1_085n, currency: 'USD' },
      { accountId: feesUsd.id, amountMinor: 11n, currency: 'USD' },
      { accountId: fxEur.id, amountMinor: -1_000n, currency: 'EUR' },
      { accountId: row?.toLedgerAccountId, amountMinor: 1_000n, currency: 'EUR' },
    ]);
    const transactionsOfTransfer = await testApp.database.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.metadata} ->> 'transferId' = ${String(held.transactionId)}`);
    expect(transactionsOfTransfer).toEqual([{ id: posted.id }]);
  });

  it('rejects the transfer and voids the hold at the fifth wrong code', async () => {
    const before = await moneyOfSms();
    const held = await payPersonal(tokens.sms, accounts.sms);
    const code = codeIn(await latestMessage(DEMO_SMS_PHONE));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const { statusCode, body } = await call(testApp, tokens.sms, 'transferApprove', {
        trxid: held.transactionId,
        approvalCode: wrong,
      });
      expect(statusCode).toBe(400);
      expect(body.validationErrors).toEqual([
        {
          field: 'approvalCode',
          message: `The code is incorrect. Attempts left: ${5 - attempt}.`,
        },
      ]);
    }
    const fifth = await call(testApp, tokens.sms, 'transferApprove', {
      trxid: held.transactionId,
      approvalCode: wrong,
    });
    expect(fifth.body).toMatchObject({
      responseCode: 'TA1',
      responseDescription: expect.stringMatching(/Too many incorrect codes/) as string,
    });
    expect(await statusOf(tokens.sms, held.transactionId)).toMatchObject({
      status: 'rejected',
      rejectReason: 'tooManyAttempts',
    });
    expect(await moneyOfSms()).toEqual(before);
    // The right code no longer helps.
    const late = await call(testApp, tokens.sms, 'transferApprove', { trxid: held.transactionId, approvalCode: code });
    expect(late.body.responseCode).toBe('TA1');
    expect(await moneyOfSms()).toEqual(before);
  });

  it('expires by the durable job at the end of the challenge: rejected, hold voided', async () => {
    const before = await moneyOfSms();
    const held = await payPersonal(tokens.sms, accounts.sms);
    // Just before the end nothing happens; just after, the job rejects it.
    await testApp.app.jobs.runDue(new Date(Date.now() + (TRANSFER_APPROVAL_TTL_SECONDS - 5) * 1000));
    expect((await statusOf(tokens.sms, held.transactionId)).status).toBe('awaitingApproval');
    await testApp.app.jobs.runDue(new Date(Date.now() + (TRANSFER_APPROVAL_TTL_SECONDS + 1) * 1000));
    expect(await statusOf(tokens.sms, held.transactionId)).toMatchObject({
      status: 'rejected',
      rejectReason: 'expired',
    });
    expect(await moneyOfSms()).toEqual(before);
    const hold = await repository.findTransfer(testApp.database.db, { transferId: held.transactionId });
    expect(hold?.resolvedAt).not.toBeNull();
  });

  it('is cancelled by the payer, and resends a new code within its limits', async () => {
    const before = await moneyOfSms();
    const held = await payPersonal(tokens.sms, accounts.sms);
    const first = codeIn(await latestMessage(DEMO_SMS_PHONE));
    const tooSoon = await call(testApp, tokens.sms, 'transferApprovalResend', { trxid: held.transactionId });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.body.responseCode).toBe('RL');
    const resent: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // Past the cool-down, as if 31 seconds had gone by.
      await repository.updateApproval(testApp.database.db, {
        transferId: held.transactionId,
        set: { lastSentAt: new Date(Date.now() - 31_000) },
      });
      const answer = await ok<{ resendsLeft: number; approvalSentTo: string }>(
        testApp,
        tokens.sms,
        'transferApprovalResend',
        {
          trxid: held.transactionId,
        },
      );
      expect(answer.approvalSentTo).toBe('+44*******123');
      resent.push(answer.resendsLeft);
    }
    expect(resent).toEqual([2, 1, 0]);
    await repository.updateApproval(testApp.database.db, {
      transferId: held.transactionId,
      set: { lastSentAt: new Date(Date.now() - 31_000) },
    });
    expect((await call(testApp, tokens.sms, 'transferApprovalResend', { trxid: held.transactionId })).statusCode).toBe(
      429,
    );
    const latest = codeIn(await latestMessage(DEMO_SMS_PHONE));
    if (latest !== first) {
      const old = await call(testApp, tokens.sms, 'transferApprove', {
        trxid: held.transactionId,
        approvalCode: first,
      });
      expect(old.body.validationErrors?.[0]?.field).toBe('approvalCode');
    }
    const cancelled = await ok<TransferResult>(testApp, tokens.sms, 'transferApprovalCancel', {
      trxid: held.transactionId,
    });
    expect(cancelled.status).toBe('rejected');
    expect(await statusOf(tokens.sms, held.transactionId)).toMatchObject({ rejectReason: 'cancelled' });
    expect(await moneyOfSms()).toEqual(before);
    const afterCancel = await call(testApp, tokens.sms, 'transferApprove', {
      trxid: held.transactionId,
      approvalCode: latest,
    });
    expect(afterCancel.body.responseCode).toBe('TA1');
  });

  it("answers ENOA to another customer's approve, resend or cancel, and the transfer stays held", async () => {
    const held = await payPersonal(tokens.sms, accounts.sms);
    const code = codeIn(await latestMessage(DEMO_SMS_PHONE));
    for (const [method, params] of [
      ['transferApprove', { trxid: held.transactionId, approvalCode: code }],
      ['transferApprovalResend', { trxid: held.transactionId }],
      ['transferApprovalCancel', { trxid: held.transactionId }],
    ] as const) {
      const { statusCode, body } = await call(testApp, tokens.personal, method, params);
      expect(statusCode, method).toBe(403);
      expect(body.responseCode).toBe('ENOA');
    }
    expect((await statusOf(tokens.sms, held.transactionId)).status).toBe('awaitingApproval');
    await ok(testApp, tokens.sms, 'transferApprovalCancel', { trxid: held.transactionId });
  });
});

describe('authenticator (otp) approval', () => {
  it('approves with the current code, and refuses the same code for another transfer', async () => {
    const first = await payPersonal(tokens.otp, accounts.otp);
    expect(first).toMatchObject({ status: 'awaitingApproval', approvalType: 3 });
    expect(first.approvalSentTo).toBeUndefined();
    const code = await totpAt(DEMO_TOTP_SECRET, Date.now());
    expect(
      (
        await ok<TransferResult>(testApp, tokens.otp, 'transferApprove', {
          trxid: first.transactionId,
          approvalCode: code,
        })
      ).status,
    ).toBe('completed');
    const second = await payPersonal(tokens.otp, accounts.otp);
    const replay = await call(testApp, tokens.otp, 'transferApprove', {
      trxid: second.transactionId,
      approvalCode: code,
    });
    expect(replay.body.validationErrors?.[0]?.field).toBe('approvalCode');
    expect((await statusOf(tokens.otp, second.transactionId)).status).toBe('awaitingApproval');
    // Nothing is sent for an authenticator.
    expect(
      (await call(testApp, tokens.otp, 'transferApprovalResend', { trxid: second.transactionId })).body.responseCode,
    ).toBe('TA1');
    await ok(testApp, tokens.otp, 'transferApprovalCancel', { trxid: second.transactionId });
  });
});

describe('push approval', () => {
  it('can be answered from the device companion of development', async () => {
    const script = await testApp.app.inject({ method: 'GET', url: '/dev/device.js' });
    expect(script.body).toContain('/device-api/transfer-approvals');
    expect(script.body).toContain("approval.kind === 'transfer'");
  });

  it('falls back to an e-mail code while the user has no linked device', async () => {
    const held = await payPersonal(tokens.push, accounts.push);
    expect(held).toMatchObject({ approvalType: 4, approvalSentTo: 'p**h@demo.test' });
    const message = await latestMessage(DEMO_FACTOR_USERS.push);
    const approved = await ok<TransferResult>(testApp, tokens.push, 'transferApprove', {
      trxid: held.transactionId,
      approvalCode: codeIn(message),
    });
    expect(approved.status).toBe('completed');
  });

  it("is answered on the user's own linked device only; another user's device gets ENOA", async () => {
    const own = await deviceTokenOf(testApp.app, (await linkDevice(testApp.app, DEMO_FACTOR_USERS.push)).secret);
    const foreign = await deviceTokenOf(testApp.app, (await linkDevice(testApp.app, DEMO_USERS.personal)).secret);
    const before = await moneyOf(testApp.database.db, { customerId: customers.push, accountId: accounts.push });
    const held = await payPersonal(tokens.push, accounts.push);
    expect(held.approvalType).toBe(1);

    const listed = await testApp.app.inject({
      method: 'GET',
      url: '/device-api/transfer-approvals',
      headers: { authorization: `Bearer ${own}` },
    });
    expect(listed.json()).toMatchObject({
      responseCode: '00',
      approvals: [
        { kind: 'transfer', id: held.transactionId, amount: '10.05', currencyCode: 'USD', to: DEMO_USERS.personal },
      ],
    });
    const foreignList = await testApp.app.inject({
      method: 'GET',
      url: '/device-api/transfer-approvals',
      headers: { authorization: `Bearer ${foreign}` },
    });
    expect(foreignList.json<{ approvals: unknown[] }>().approvals).toEqual([]);

    const byForeign = await testApp.app.inject({
      method: 'PUT',
      url: `/device-api/transfer-approvals/${held.transactionId}`,
      headers: { authorization: `Bearer ${foreign}` },
      payload: { result: true },
    });
    expect(byForeign.statusCode).toBe(403);
    expect(byForeign.json<{ responseCode: string }>().responseCode).toBe('ENOA');
    const withoutDevice = await testApp.app.inject({
      method: 'PUT',
      url: `/device-api/transfer-approvals/${held.transactionId}`,
      headers: { authorization: `Bearer ${tokens.push}` },
      payload: { result: true },
    });
    expect(withoutDevice.statusCode).toBe(401);
    expect((await statusOf(tokens.push, held.transactionId)).status).toBe('awaitingApproval');
    // The web cannot approve a push with a code.
    expect(
      (await call(testApp, tokens.push, 'transferApprove', { trxid: held.transactionId, approvalCode: '123456' })).body
        .responseCode,
    ).toBe('TA1');

    const byOwn = await testApp.app.inject({
      method: 'PUT',
      url: `/device-api/transfer-approvals/${held.transactionId}`,
      headers: { authorization: `Bearer ${own}` },
      payload: { result: true },
    });
    expect(byOwn.json()).toEqual({ responseCode: '00', status: 'completed' });
    expect(
      (await moneyOf(testApp.database.db, { customerId: customers.push, accountId: accounts.push })).balanceMinor,
    ).toBe(before.balanceMinor - 1_005n);

    const declined = await payPersonal(tokens.push, accounts.push);
    const decline = await testApp.app.inject({
      method: 'PUT',
      url: `/device-api/transfer-approvals/${declined.transactionId}`,
      headers: { authorization: `Bearer ${own}` },
      payload: { result: false },
    });
    expect(decline.json()).toEqual({ responseCode: '00', status: 'rejected' });
    expect(await statusOf(tokens.push, declined.transactionId)).toMatchObject({
      status: 'rejected',
      rejectReason: 'declined',
    });
    expect(
      (await moneyOf(testApp.database.db, { customerId: customers.push, accountId: accounts.push })).heldMinor,
    ).toBe(0n);
    // An answered push cannot be answered again.
    const twice = await testApp.app.inject({
      method: 'PUT',
      url: `/device-api/transfer-approvals/${declined.transactionId}`,
      headers: { authorization: `Bearer ${own}` },
      payload: { result: true },
    });
    expect(twice.statusCode).toBe(403);
  });
});

describe('the approval code message', () => {
  it('is written in the language of the request that made or re-sent it, naming amount and payee', async () => {
    const held = await ok<TransferResult>(testApp, tokens.sms, 'transferP2P', {
      accountId: accounts.sms,
      amount: '20.00',
      currency: 'USD',
      toEmail: DEMO_USERS.personal,
      idempotencyKey: newKey(),
      lang: 'ru',
    });
    const russian = await latestMessage(DEMO_SMS_PHONE);
    expect(russian).toBe(
      `Harbor: ${codeIn(russian)} — код подтверждения перевода 20.10 USD, получатель: personal@demo.test. ` +
        'Код действует 5 минут. Никому его не сообщайте, даже нам.',
    );
    await repository.updateApproval(testApp.database.db, {
      transferId: held.transactionId,
      set: { lastSentAt: new Date(Date.now() - 31_000) },
    });
    await ok(testApp, tokens.sms, 'transferApprovalResend', { trxid: held.transactionId, lang: 'pt' });
    const portuguese = await latestMessage(DEMO_SMS_PHONE);
    expect(portuguese).toBe(
      `Harbor: ${codeIn(portuguese)} aprova a sua transferência de 20.10 USD para personal@demo.test. ` +
        'Expira dentro de 5 minutos. Nunca o partilhe com ninguém, nem mesmo connosco.',
    );
    const approved = await ok<TransferResult>(testApp, tokens.sms, 'transferApprove', {
      trxid: held.transactionId,
      approvalCode: codeIn(portuguese),
    });
    expect(approved.status).toBe('completed');
  });

  it('stays in English without a language', async () => {
    const held = await payPersonal(tokens.sms, accounts.sms, '20.00');
    const english = await latestMessage(DEMO_SMS_PHONE);
    expect(english).toBe(
      `Harbor: ${codeIn(english)} approves your transfer of 20.10 USD to personal@demo.test. ` +
        'It expires in 5 minutes. Never share it with anyone, not even with us.',
    );
    await ok(testApp, tokens.sms, 'transferApprovalCancel', { trxid: held.transactionId });
  });
});
