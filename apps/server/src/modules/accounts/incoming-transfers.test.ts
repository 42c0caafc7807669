import type { Account, PaymentInstruction } from '@app/shared/api/accounts';
import { FUNDS_RECEIVED_NOTIFICATION } from '@app/shared/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { connectLiveAs } from '../../../test/live-client';
import { DEMO_USERS } from '../../db/seed';
import * as ledger from '../ledger/ledger.service';
import { getIncomingTransfer, SANDBOX_SETTLEMENT_DELAY_MS } from './incoming-transfers.service';

/**
 * Money in through the sandbox incoming rail: reported over /dev/sandbox, settled by the job a few
 * seconds later, booked clearing → customer through the ledger. A reference that names no one goes
 * to suspense; a failed payment or a currency the customer does not hold is returned.
 */

let testApp: TestApp;
let baseUrl: string;
let personalToken: string;
let reference: string;

interface IncomingView {
  incomingTransferId: number;
  status: string;
  isReferenceMatched: boolean;
  isDuplicate: boolean;
  railReference: string;
}

async function report(body: Record<string, unknown>): Promise<IncomingView> {
  const response = await testApp.app.inject({ method: 'POST', url: '/dev/sandbox/incoming-transfer', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ incomingTransfer: IncomingView }>().incomingTransfer;
}

async function balances(): Promise<Record<string, string>> {
  const response = await callMethod(testApp.app, 'balanceInquiry', { token: personalToken });
  const accounts = response.json<{ accounts: { account: Account[] } }>().accounts.account;
  return Object.fromEntries(accounts.map((account) => [account.currencyCode, account.balance]));
}

/** Runs what is due once the sandbox rail's settlement delay has passed. */
function settleDue(): Promise<number> {
  return testApp.app.jobs.runDue(new Date(Date.now() + SANDBOX_SETTLEMENT_DELAY_MS + 1_000));
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  personalToken = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  const response = await callMethod(testApp.app, 'paymentInstructionsList', { token: personalToken });
  const [first] = response.json<{ paymentInstructions: { paymentInstruction: PaymentInstruction[] } }>()
    .paymentInstructions.paymentInstruction;
  reference = first?.reference ?? '';
  // The seed's own deposits are settled already; their jobs find nothing to do.
  await testApp.app.jobs.runDue();
});

afterAll(async () => {
  await testApp.close();
});

describe('incoming bank transfer by funding reference', () => {
  it('is received at once and credited only when it settles, with a live notice', async () => {
    const live = await connectLiveAs(baseUrl, personalToken);
    try {
      const received = await report({ reference, amount: '100.25', currency: 'USD', payerName: 'Jane Payer' });
      expect(received).toMatchObject({ status: 'received', isReferenceMatched: true, isDuplicate: false });
      // Not due yet: the rail settles a few seconds later.
      await testApp.app.jobs.runDue(new Date());
      expect((await balances()).USD).toBe('2500.00');

      await settleDue();
      expect((await balances()).USD).toBe('2600.25');
      const transfer = await getIncomingTransfer(testApp.database.db, { id: received.incomingTransferId });
      expect(transfer).toMatchObject({ status: 'settled' });
      expect(transfer?.ledgerTransactionId).not.toBeNull();

      const notice = await live.nextMessage();
      expect(notice).toMatchObject({
        type: 'notification',
        status: 'success',
        payload: { notificationType: FUNDS_RECEIVED_NOTIFICATION, amount: '100.25', currency: 'USD' },
      });

      // The job delivered again (at-least-once) books nothing more.
      await testApp.app.jobs.runDue(new Date(Date.now() + 60_000));
      expect((await balances()).USD).toBe('2600.25');
    } finally {
      live.close();
    }
  });

  it('finds the reference in free text, ignoring case and spaces', async () => {
    const spaced = `Rent for May, ref ${reference.slice(0, 4).toLowerCase()} ${reference.slice(4)} thanks`;
    const received = await report({ reference: spaced, amount: '10.00', currency: 'GBP', payerName: 'Pat Lodger' });
    expect(received.isReferenceMatched).toBe(true);
    await settleDue();
    expect((await balances()).GBP).toBe('810.00');
  });

  it('records a payment reported twice by the rail once', async () => {
    const body = { reference, amount: '5.00', currency: 'EUR', payerName: 'Twice Sent', railReference: 'RAIL-42' };
    const first = await report(body);
    const second = await report(body);
    expect(second).toMatchObject({ incomingTransferId: first.incomingTransferId, isDuplicate: true });
    await settleDue();
    expect((await balances()).EUR).toBe('1205.00');
    const changed = await testApp.app.inject({
      method: 'POST',
      url: '/dev/sandbox/incoming-transfer',
      payload: { ...body, amount: '6.00' },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'railReference' }] });
  });

  it('puts money quoting no issued reference in suspense, not with anyone', async () => {
    const before = await balances();
    const suspenseBefore = (await ledger.systemAccount(testApp.database.db, 'suspense', 'USD')).balanceMinor;
    const received = await report({
      reference: 'AAAAAAAA00',
      amount: '42.00',
      currency: 'USD',
      payerName: 'Typo Payer',
    });
    expect(received.isReferenceMatched).toBe(false);
    await settleDue();
    const transfer = await getIncomingTransfer(testApp.database.db, { id: received.incomingTransferId });
    expect(transfer).toMatchObject({ status: 'suspense', resolutionReason: 'unknownReference', accountId: null });
    expect((await ledger.systemAccount(testApp.database.db, 'suspense', 'USD')).balanceMinor - suspenseBefore).toBe(
      4200n,
    );
    expect(await balances()).toEqual(before);
  });

  it('returns a payment the rail fails, and one in a currency the customer holds no account in', async () => {
    const before = await balances();
    const failed = await report({
      reference,
      amount: '70.00',
      currency: 'USD',
      payerName: 'Bounced Bank',
      isFailureSimulated: true,
    });
    const noAccount = await report({ reference, amount: '70.00', currency: 'AUD', payerName: 'Aussie Payer' });
    await settleDue();
    expect(await getIncomingTransfer(testApp.database.db, { id: failed.incomingTransferId })).toMatchObject({
      status: 'returned',
      resolutionReason: 'railFailure',
      ledgerTransactionId: null,
    });
    expect(await getIncomingTransfer(testApp.database.db, { id: noAccount.incomingTransferId })).toMatchObject({
      status: 'returned',
      resolutionReason: 'noAccountInCurrency',
      ledgerTransactionId: null,
    });
    expect(await balances()).toEqual(before);
  });

  it('refuses malformed reports field by field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ reference, amount: '-1.00', currency: 'USD', payerName: 'X' }, 'amount'],
      [{ reference, amount: '1.001', currency: 'USD', payerName: 'X' }, 'amount'],
      [{ reference, amount: '0', currency: 'USD', payerName: 'X' }, 'amount'],
      [{ reference, amount: '1.00', currency: 'BTC', payerName: 'X' }, 'currency'],
      [{ reference, amount: '1.00', currency: 'ZZZ', payerName: 'X' }, 'currency'],
      [{ reference, amount: '1.00', currency: 'USD', payerName: '' }, 'payerName'],
      [{ reference: 'x'.repeat(141), amount: '1.00', currency: 'USD', payerName: 'X' }, 'reference'],
    ];
    for (const [payload, field] of cases) {
      const response = await testApp.app.inject({ method: 'POST', url: '/dev/sandbox/incoming-transfer', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        response.json<{ validationErrors: { field: string }[] }>().validationErrors.map((item) => item.field),
      ).toContain(field);
    }
  });

  it('serves the sandbox page with a working form', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/dev/sandbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Incoming bank transfer');
    expect(page.body).toContain('Jane Payer');

    const posted = await testApp.app.inject({
      method: 'POST',
      url: '/dev/sandbox/incoming-transfer/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        reference,
        amount: '1.50',
        currency: 'USD',
        payerName: '<b>Form</b> Payer',
      }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toMatch(/^\/dev\/sandbox\?notice=/);
    const after = await testApp.app.inject({ method: 'GET', url: '/dev/sandbox' });
    expect(after.body).toContain('&lt;b&gt;Form&lt;/b&gt; Payer');
    expect(after.body).not.toContain('<b>Form</b>');

    const ran = await testApp.app.inject({
      method: 'POST',
      url: '/dev/sandbox/run-jobs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(ran.statusCode).toBe(303);
  });
});
