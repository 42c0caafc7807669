import type { PreapprovedPayment, TransferDetails, TransferResult } from '@app/shared/api/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { connectLiveAs } from '../../../test/live-client';
import { DEMO_FACTOR_USERS, DEMO_SMS_PHONE, DEMO_USERS } from '../../db/seed';
import { enqueueJob } from '../../platform/jobs';
import { RUN_STANDING_ORDER_QUEUE, runTimeOf } from './standing-orders';
import { accountOf, call, customerIdOf, fund, moneyOf, newKey, ok, tokenOf } from './transfers-test-support';

/**
 * Recurring transfers: the first run is the submitted transfer, a durable job makes each next one
 * exactly once, and the order stops at its count, its end date, or when cancelled.
 */
let testApp: TestApp;
let baseUrl = '';
const tokens = { personal: '', business: '', sms: '' };
let personalCustomerId = 0;
const ids = { usd: 0, eur: 0, gbp: 0, smsUsd: 0 };
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  baseUrl = `http://127.0.0.1:${address.port}`;
  tokens.personal = await tokenOf(testApp, DEMO_USERS.personal);
  tokens.business = await tokenOf(testApp, DEMO_USERS.business);
  tokens.sms = await tokenOf(testApp, DEMO_FACTOR_USERS.sms);
  personalCustomerId = await customerIdOf(testApp, tokens.personal);
  ids.usd = (await accountOf(testApp, tokens.personal, 'USD')).accountId;
  ids.eur = (await accountOf(testApp, tokens.personal, 'EUR')).accountId;
  ids.gbp = (await accountOf(testApp, tokens.personal, 'GBP')).accountId;
  ids.smsUsd = (await accountOf(testApp, tokens.sms, 'USD')).accountId;
});

afterAll(async () => {
  await testApp.close();
});

const runDue = (at: Date) => testApp.app.jobs.runDue(at);
const balanceOf = async (accountId: number) =>
  (await moneyOf(testApp.database.db, { customerId: personalCustomerId, accountId })).balanceMinor;

async function order(token: string, id: number): Promise<PreapprovedPayment> {
  const { subscriptions } = await ok<{ subscriptions: PreapprovedPayment[] }>(
    testApp,
    token,
    'preapprovedPaymentsList',
  );
  const found = subscriptions.find((subscription) => subscription.id === id);
  if (found === undefined) throw new Error(`no pre-approved payment ${id}`);
  return found;
}

describe('runTimeOf', () => {
  it('keeps whole periods from the first run, clamping to the end of short months', () => {
    const anchor = new Date('2028-01-31T10:00:00Z');
    expect(runTimeOf(anchor, 'monthly', 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(runTimeOf(anchor, 'monthly', 2).toISOString()).toBe('2028-03-31T10:00:00.000Z');
    expect(runTimeOf(anchor, 'quarterly', 1).toISOString()).toBe('2028-04-30T10:00:00.000Z');
    expect(runTimeOf(anchor, 'yearly', 1).toISOString()).toBe('2029-01-31T10:00:00.000Z');
    expect(runTimeOf(anchor, 'weekly', 2).toISOString()).toBe('2028-02-14T10:00:00.000Z');
    expect(runTimeOf(anchor, 'biweekly', 1).toISOString()).toBe('2028-02-14T10:00:00.000Z');
    expect(runTimeOf(anchor, 'daily', 3).toISOString()).toBe('2028-02-03T10:00:00.000Z');
  });
});

describe('standing orders', () => {
  it('runs a given number of times, each run once, then stops', async () => {
    const before = { gbp: await balanceOf(ids.gbp), usd: await balanceOf(ids.usd) };
    const first = await ok<TransferResult>(testApp, tokens.personal, 'transferBetweenAccounts', {
      fromAccount: ids.gbp,
      toAccount: ids.usd,
      toAmount: '10.00',
      currency: 'USD',
      subscriptionFrequency: 'monthly',
      subscriptionTransactions: 3,
      subscriptionReference: 'Savings',
      idempotencyKey: newKey(),
    });
    expect(first.subscriptionId).toEqual(expect.any(Number));
    const id = first.subscriptionId ?? 0;
    const created = await order(tokens.personal, id);
    expect(created).toMatchObject({
      type: 'account',
      status: 'active',
      fromAccount: ids.gbp,
      toAccount: ids.usd,
      amount: '10.00',
      currencyCode: 'USD',
      frequency: 'monthly',
      transactionsTotal: 3,
      transactionsDone: 1,
      reference: 'Savings',
    });
    const secondRun = new Date(created.nextRunAt ?? '');
    // Not before its time.
    await runDue(new Date(secondRun.getTime() - 60_000));
    expect((await order(tokens.personal, id)).transactionsDone).toBe(1);
    await runDue(secondRun);
    // A second delivery of the same run (at-least-once jobs) pays nothing more.
    await enqueueJob(testApp.database.db, {
      queue: RUN_STANDING_ORDER_QUEUE,
      payload: { standingOrderId: id, runNumber: 2 },
      runAt: secondRun,
    });
    await runDue(secondRun);
    const afterSecond = await order(tokens.personal, id);
    expect(afterSecond.transactionsDone).toBe(2);
    await runDue(new Date(afterSecond.nextRunAt ?? ''));
    const done = await order(tokens.personal, id);
    expect(done).toMatchObject({ status: 'completed', transactionsDone: 3 });
    expect(done.nextRunAt).toBeUndefined();
    await runDue(new Date(Date.now() + 400 * DAY_MS));
    expect((await order(tokens.personal, id)).transactionsDone).toBe(3);
    // Exactly three times 10.00 USD arrived.
    expect(await balanceOf(ids.usd)).toBe(before.usd + 3_000n);
    expect(await balanceOf(ids.gbp)).toBeLessThan(before.gbp);
  });

  it('stops when cancelled, and only its owner can cancel it', async () => {
    const first = await ok<TransferResult>(testApp, tokens.personal, 'transferP2P', {
      accountId: ids.usd,
      amount: '2.00',
      currency: 'USD',
      toEmail: DEMO_USERS.business,
      subscriptionFrequency: 'weekly',
      subscriptionUserCancel: true,
      idempotencyKey: newKey(),
    });
    const id = first.subscriptionId ?? 0;
    const secondRun = new Date((await order(tokens.personal, id)).nextRunAt ?? '');
    await runDue(secondRun);
    expect((await order(tokens.personal, id)).transactionsDone).toBe(2);
    const foreign = await call(testApp, tokens.business, 'preapprovedPaymentCancel', { id });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body.responseCode).toBe('ENOA');
    const cancelled = await ok<{ subscription: PreapprovedPayment }>(
      testApp,
      tokens.personal,
      'preapprovedPaymentCancel',
      { id },
    );
    expect(cancelled.subscription).toMatchObject({ status: 'cancelled', transactionsDone: 2 });
    const usd = await balanceOf(ids.usd);
    await runDue(new Date(secondRun.getTime() + 30 * DAY_MS));
    expect(await balanceOf(ids.usd)).toBe(usd);
    expect((await order(tokens.personal, id)).transactionsDone).toBe(2);
  });

  it('tells the payee live of each run that paid them, so their balance refreshes', async () => {
    const first = await ok<TransferResult>(testApp, tokens.personal, 'transferP2P', {
      accountId: ids.usd,
      amount: '3.00',
      currency: 'USD',
      toEmail: DEMO_FACTOR_USERS.sms,
      subscriptionFrequency: 'weekly',
      subscriptionTransactions: 2,
      idempotencyKey: newKey(),
    });
    const id = first.subscriptionId ?? 0;
    const secondRun = new Date((await order(tokens.personal, id)).nextRunAt ?? '');
    const payee = await connectLiveAs(baseUrl, tokens.sms);
    const payer = await connectLiveAs(baseUrl, tokens.personal);
    await runDue(secondRun);
    expect(await payee.nextMessage()).toMatchObject({
      type: 'notification',
      status: 'success',
      payload: { notificationType: 'fundsReceived', amount: '3.00', currency: 'USD', from: DEMO_USERS.personal },
    });
    // Money left the payer: they hear nothing of it as money received.
    expect(await payer.hasMessage()).toBe(false);
    payee.close();
    payer.close();
  });

  it('tells the customer live of a run between their own accounts', async () => {
    const first = await ok<TransferResult>(testApp, tokens.personal, 'transferBetweenAccounts', {
      fromAccount: ids.usd,
      toAccount: ids.eur,
      toAmount: '1.00',
      currency: 'USD',
      subscriptionFrequency: 'weekly',
      subscriptionTransactions: 2,
      idempotencyKey: newKey(),
    });
    const id = first.subscriptionId ?? 0;
    const secondRun = new Date((await order(tokens.personal, id)).nextRunAt ?? '');
    const socket = await connectLiveAs(baseUrl, tokens.personal);
    await runDue(secondRun);
    expect(await socket.nextMessage()).toMatchObject({
      type: 'notification',
      payload: { notificationType: 'fundsReceived', accountId: ids.eur, currency: 'EUR' },
    });
    socket.close();
  });

  it('records a run without the funds as failed and goes on; ends after its end date', async () => {
    const endDate = new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10);
    const first = await ok<TransferResult>(testApp, tokens.personal, 'transferBetweenAccounts', {
      fromAccount: ids.eur,
      toAccount: ids.gbp,
      toAmount: '1.00',
      subscriptionFrequency: 'daily',
      subscriptionEndDate: endDate,
      idempotencyKey: newKey(),
    });
    const id = first.subscriptionId ?? 0;
    const secondRun = new Date((await order(tokens.personal, id)).nextRunAt ?? '');
    // Empty the account, so the second run cannot be paid.
    const max = await ok<{ amount: string }>(testApp, tokens.personal, 'transferBetweenAccountsMaxAmount', {
      fromAccount: ids.eur,
      toAccount: ids.usd,
    });
    await ok(testApp, tokens.personal, 'transferBetweenAccounts', {
      fromAccount: ids.eur,
      toAccount: ids.usd,
      toAmount: max.amount,
      idempotencyKey: newKey(),
    });
    await runDue(secondRun);
    const afterFailure = await order(tokens.personal, id);
    expect(afterFailure).toMatchObject({ status: 'active', transactionsDone: 2 });
    const { transfers } = await ok<{ transfers: { transactionId: number; status: string }[] }>(
      testApp,
      tokens.personal,
      'transferRecentList',
      { type: 'account', pageSize: 5 },
    );
    const failed = transfers.find((transfer) => transfer.status === 'failed');
    expect(failed).toBeDefined();
    const details = await ok<{ transfer: TransferDetails }>(testApp, tokens.personal, 'transferRecentDetails', {
      transactionId: failed?.transactionId,
    });
    expect(details.transfer).toMatchObject({ status: 'failed', rejectReason: 'insufficientFunds', subscriptionId: id });
    // Funds again: the third run, on the end date, goes through, and the order ends.
    await fund(testApp.database.db, {
      customerId: personalCustomerId,
      accountId: ids.eur,
      amount: '5.00',
      currency: 'EUR',
    });
    await runDue(new Date(afterFailure.nextRunAt ?? ''));
    expect(await order(tokens.personal, id)).toMatchObject({ status: 'completed', transactionsDone: 3 });
  });

  it('asks for a frequency and an end, and an end date after the first repeat', async () => {
    const base = { fromAccount: ids.usd, toAccount: ids.eur, toAmount: '1.00' };
    const cases: [Record<string, unknown>, string][] = [
      [{ subscriptionTransactions: 3 }, 'subscriptionFrequency'],
      [{ subscriptionFrequency: 'monthly' }, 'subscriptionEndDate'],
      [
        { subscriptionFrequency: 'monthly', subscriptionEndDate: new Date().toISOString().slice(0, 10) },
        'subscriptionEndDate',
      ],
      [{ subscriptionFrequency: 'hourly', subscriptionTransactions: 3 }, 'subscriptionFrequency'],
      [{ subscriptionFrequency: 'weekly', subscriptionTransactions: 1 }, 'subscriptionTransactions'],
    ];
    const usd = await balanceOf(ids.usd);
    for (const [change, field] of cases) {
      const { statusCode, body } = await call(testApp, tokens.personal, 'transferBetweenAccounts', {
        ...base,
        ...change,
        idempotencyKey: newKey(),
      });
      expect(statusCode, JSON.stringify(change)).toBe(400);
      expect(
        body.validationErrors?.map((error) => error.field),
        JSON.stringify(change),
      ).toContain(field);
    }
    expect(await balanceOf(ids.usd)).toBe(usd);
  });

  it('starts a recurring transfer that needs approval only once approved', async () => {
    const held = await ok<TransferResult>(testApp, tokens.sms, 'transferP2P', {
      accountId: ids.smsUsd,
      amount: '1.00',
      currency: 'USD',
      toEmail: DEMO_USERS.personal,
      subscriptionFrequency: 'monthly',
      subscriptionTransactions: 2,
      idempotencyKey: newKey(),
    });
    const id = held.subscriptionId ?? 0;
    expect(await order(tokens.sms, id)).toMatchObject({ status: 'awaitingApproval', transactionsDone: 0 });
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?recipient=${encodeURIComponent(DEMO_SMS_PHONE)}`,
    });
    const code = /\b(\d{6})\b/.exec(response.json<{ messages: { body: string }[] }>().messages[0]?.body ?? '')?.[1];
    await ok(testApp, tokens.sms, 'transferApprove', { trxid: held.transactionId, approvalCode: code });
    expect(await order(tokens.sms, id)).toMatchObject({ status: 'active', transactionsDone: 1 });

    const rejected = await ok<TransferResult>(testApp, tokens.sms, 'transferP2P', {
      accountId: ids.smsUsd,
      amount: '1.00',
      currency: 'USD',
      toEmail: DEMO_USERS.personal,
      subscriptionFrequency: 'weekly',
      subscriptionUserCancel: true,
      idempotencyKey: newKey(),
    });
    await ok(testApp, tokens.sms, 'transferApprovalCancel', { trxid: rejected.transactionId });
    expect(await order(tokens.sms, rejected.subscriptionId ?? 0)).toMatchObject({
      status: 'cancelled',
      transactionsDone: 0,
    });
  });
});

describe('preapprovedPaymentsList', () => {
  it('filters by e-mail, type and amount, pages by 20, and shows only the customer’s own', async () => {
    const all = await ok<{ subscriptions: PreapprovedPayment[]; total: number }>(
      testApp,
      tokens.personal,
      'preapprovedPaymentsList',
    );
    expect(all.total).toBe(all.subscriptions.length);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const p2p = await ok<{ subscriptions: PreapprovedPayment[] }>(testApp, tokens.personal, 'preapprovedPaymentsList', {
      type: 'p2p',
    });
    expect(p2p.subscriptions.every((subscription) => subscription.type === 'p2p')).toBe(true);
    const byEmail = await ok<{ subscriptions: PreapprovedPayment[] }>(
      testApp,
      tokens.personal,
      'preapprovedPaymentsList',
      {
        email: 'BUSINESS@',
      },
    );
    expect(byEmail.subscriptions.map((subscription) => subscription.toEmail)).toEqual([DEMO_USERS.business]);
    const byAmount = await ok<{ subscriptions: PreapprovedPayment[] }>(
      testApp,
      tokens.personal,
      'preapprovedPaymentsList',
      {
        fromAmount: '5',
        toAmount: '10.00',
      },
    );
    expect(byAmount.subscriptions.map((subscription) => subscription.amount)).toEqual(['10.00']);
    const secondPage = await ok<{ subscriptions: PreapprovedPayment[]; total: number }>(
      testApp,
      tokens.personal,
      'preapprovedPaymentsList',
      {
        pageNumber: 2,
      },
    );
    expect(secondPage.subscriptions).toEqual([]);
    expect(secondPage.total).toBe(all.total);
    const business = await ok<{ total: number }>(testApp, tokens.business, 'preapprovedPaymentsList');
    expect(business.total).toBe(0);
  });
});
