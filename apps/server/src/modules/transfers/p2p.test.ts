import type { RecentTransfer, TransferDetails, TransferResult, TransferTemplate } from '@app/shared/api/transfers';
import { parseAmount } from '@app/shared/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/helper';
import { connectLiveAs } from '../../../test/live-client';
import { registrationProfiles } from '../../db/schema/registration';
import { DEMO_FACTOR_USERS, DEMO_USERS } from '../../db/seed';
import * as blacklist from '../security/blacklist.service';
import {
  accountOf,
  accountsOf,
  call,
  customerIdOf,
  moneyOf,
  newKey,
  ok,
  setRates,
  systemBalanceOf,
  userIdOf,
} from './transfers-test-support';

/**
 * transferP2P and its companions over HTTP: the payee check, the payee's account (opened when they
 * have none), notifications, blacklists both ways, fees, recent transfers, details and templates,
 * each with the other-customer case.
 */
let testApp: TestApp;
let baseUrl: string;
const tokens = { personal: '', business: '', kyc: '', admin: '' };
const customers = { personal: 0, business: 0, kyc: 0 };
let personalUsd = 0;
let personalEur = 0;

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  baseUrl = `http://127.0.0.1:${address.port}`;
  tokens.personal = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  tokens.business = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
  tokens.kyc = (await signIn(testApp.app, DEMO_USERS.kyc)).accessToken;
  tokens.admin = (await signIn(testApp.app, DEMO_USERS.admin)).accessToken;
  customers.personal = await customerIdOf(testApp, tokens.personal);
  customers.business = await customerIdOf(testApp, tokens.business);
  customers.kyc = await customerIdOf(testApp, tokens.kyc);
  personalUsd = (await accountOf(testApp, tokens.personal, 'USD')).accountId;
  personalEur = (await accountOf(testApp, tokens.personal, 'EUR')).accountId;
});

afterAll(async () => {
  await testApp.close();
});

beforeEach(async () => {
  await setRates(testApp.database.db, { EUR: '1.085', GBP: '1.27' });
});

function send(token: string, params: Record<string, unknown>) {
  return call<TransferResult>(testApp, token, 'transferP2P', { idempotencyKey: newKey(), ...params });
}

async function outbox(recipient: string): Promise<{ subject?: string; body?: string }[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
  });
  return response.json<{ messages: { subject?: string; body?: string }[] }>().messages;
}

/** The recipient's mail about one transfer (numbers are drawn ahead, so a later transfer's may be lower). */
async function mailAbout(
  recipient: string,
  transferId: number | undefined,
): Promise<{ subject?: string; body?: string }> {
  const mails = (await outbox(recipient)).filter((mail) => mail.body?.includes(`: ${String(transferId)}.`) === true);
  expect(mails).toHaveLength(1);
  return mails[0] ?? {};
}

describe('checkPayee', () => {
  it('says whether the e-mail can be paid', async () => {
    expect(await ok(testApp, tokens.personal, 'checkPayee', { email: 'Business@Demo.test' })).toMatchObject({
      exist: true,
      outBlacklist: false,
    });
    expect(await ok(testApp, tokens.personal, 'checkPayee', { email: 'nobody@demo.test' })).toMatchObject({
      exist: false,
      outBlacklist: false,
    });
    // An administrator has no customer to pay.
    expect(await ok(testApp, tokens.personal, 'checkPayee', { email: DEMO_USERS.admin })).toMatchObject({
      exist: false,
    });
    const invalid = await call(testApp, tokens.personal, 'checkPayee', { email: 'not-an-email' });
    expect(invalid.body.validationErrors?.[0]?.field).toBe('email');
  });
});

describe('sending to another customer', () => {
  it('credits the payee in the currency, charges the fee to the payer, and tells the payee live and by e-mail', async () => {
    const socket = await connectLiveAs(baseUrl, tokens.business);
    const businessUsd = (await accountOf(testApp, tokens.business, 'USD')).accountId;
    const before = {
      payer: await moneyOf(testApp.database.db, { customerId: customers.personal, accountId: personalUsd }),
      payee: await moneyOf(testApp.database.db, { customerId: customers.business, accountId: businessUsd }),
      fees: await systemBalanceOf(testApp.database.db, 'fees', 'USD'),
    };
    const mailsBefore = (await outbox(DEMO_USERS.business)).length;
    const { body } = await send(tokens.personal, {
      accountId: personalUsd,
      amount: '40.00',
      currency: 'USD',
      toEmail: DEMO_USERS.business,
      note: 'Lunch',
      reference: 'INV-7',
    });
    expect(body).toMatchObject({
      responseCode: '00',
      status: 'completed',
      approvalType: 0,
      fromAmount: '40.00',
      toAmount: '40.00',
      fee: '0.20',
      feeCurrencyCode: 'USD',
    });
    expect(
      (await moneyOf(testApp.database.db, { customerId: customers.personal, accountId: personalUsd })).balanceMinor,
    ).toBe(before.payer.balanceMinor - 4_020n);
    expect(
      (await moneyOf(testApp.database.db, { customerId: customers.business, accountId: businessUsd })).balanceMinor,
    ).toBe(before.payee.balanceMinor + 4_000n);
    expect(await systemBalanceOf(testApp.database.db, 'fees', 'USD')).toBe(before.fees + 20n);

    const event = await socket.nextMessage();
    expect(event).toMatchObject({
      type: 'notification',
      status: 'success',
      customerId: customers.business,
      payload: {
        notificationType: 'fundsReceived',
        transactionId: body.transactionId,
        accountId: businessUsd,
        amount: '40.00',
        currency: 'USD',
        from: DEMO_USERS.personal,
      },
    });
    socket.close();

    await testApp.app.jobs.runDue();
    const mails = await outbox(DEMO_USERS.business);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails[0]?.subject).toMatch(/You received 40\.00 USD/);
    expect(mails[0]?.body).toMatch(/Note: Lunch/);
  });

  it('tells the payee once, after the commit: never of a refused transfer, never again for a replay of the key', async () => {
    const socket = await connectLiveAs(baseUrl, tokens.business);
    const refused = await send(tokens.personal, {
      accountId: personalUsd,
      amount: '49000.00',
      currency: 'USD',
      toEmail: DEMO_USERS.business,
    });
    expect(refused.body.responseCode).toBe('VF');
    const request = {
      accountId: personalUsd,
      amount: '1.00',
      currency: 'USD',
      toEmail: DEMO_USERS.business,
      idempotencyKey: newKey(),
    };
    const first = await call<TransferResult>(testApp, tokens.personal, 'transferP2P', request);
    const replay = await call<TransferResult>(testApp, tokens.personal, 'transferP2P', request);
    expect(replay.body).toEqual(first.body);
    expect(await socket.nextMessage()).toMatchObject({
      type: 'notification',
      status: 'success',
      payload: { notificationType: 'fundsReceived', transactionId: first.body.transactionId, amount: '1.00' },
    });
    expect(await socket.hasMessage()).toBe(false);
    socket.close();
  });

  it('opens a payment account for a payee who has none in the currency', async () => {
    expect((await accountsOf(testApp, tokens.kyc)).some((account) => account.currencyCode === 'GBP')).toBe(false);
    const { body } = await send(tokens.personal, {
      accountId: personalEur,
      amount: '12.70',
      currency: 'GBP',
      toEmail: DEMO_USERS.kyc,
    });
    // 12.70 GBP at 1.27 / 1.085 = 14.865… → 14.87 EUR, plus 1 % for sending and converting.
    expect(body).toMatchObject({
      responseCode: '00',
      fromAmount: '14.87',
      fromCurrencyCode: 'EUR',
      toAmount: '12.70',
      fee: '0.15',
    });
    const gbp = await accountOf(testApp, tokens.kyc, 'GBP');
    expect(gbp.balance).toBe('12.70');
    // A second transfer lands on the same account.
    await ok(testApp, tokens.personal, 'transferP2P', {
      accountId: personalEur,
      amount: '1.00',
      currency: 'GBP',
      toEmail: DEMO_USERS.kyc,
      idempotencyKey: newKey(),
    });
    const gbpAccounts = (await accountsOf(testApp, tokens.kyc)).filter((account) => account.currencyCode === 'GBP');
    expect(gbpAccounts).toHaveLength(1);
    expect(gbpAccounts[0]?.balance).toBe('13.70');
  });

  it('refuses an unknown payee, oneself, a zero amount and a currency no account can hold', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ toEmail: 'nobody@demo.test' }, 'toEmail'],
      [{ toEmail: DEMO_USERS.admin }, 'toEmail'],
      [{ toEmail: DEMO_USERS.personal }, 'toEmail'],
      [{ amount: '0.00' }, 'amount'],
      [{ amount: '1.001' }, 'amount'],
      [{ currency: 'JPY', amount: '100' }, 'currency'],
    ];
    const before = await moneyOf(testApp.database.db, { customerId: customers.personal, accountId: personalUsd });
    for (const [change, field] of cases) {
      const { statusCode, body } = await send(tokens.personal, {
        accountId: personalUsd,
        amount: '1.00',
        currency: 'USD',
        toEmail: DEMO_USERS.business,
        ...change,
      });
      expect(statusCode, JSON.stringify(change)).toBe(400);
      expect(
        body.validationErrors?.map((error) => error.field),
        JSON.stringify(change),
      ).toContain(field);
    }
    expect(await moneyOf(testApp.database.db, { customerId: customers.personal, accountId: personalUsd })).toEqual(
      before,
    );
  });

  it("answers ENOA for another customer's source account", async () => {
    const businessUsd = (await accountOf(testApp, tokens.business, 'USD')).accountId;
    const { statusCode, body } = await send(tokens.personal, {
      accountId: businessUsd,
      amount: '1.00',
      currency: 'USD',
      toEmail: DEMO_USERS.kyc,
    });
    expect(statusCode).toBe(403);
    expect(body.responseCode).toBe('ENOA');
  });

  it('refuses insufficient funds with VF on amount and moves nothing', async () => {
    const before = await moneyOf(testApp.database.db, { customerId: customers.personal, accountId: personalUsd });
    const { body } = await send(tokens.personal, {
      accountId: personalUsd,
      amount: '49000.00',
      currency: 'USD',
      toEmail: DEMO_USERS.business,
    });
    expect(body.validationErrors).toEqual([{ field: 'amount', message: 'Insufficient funds.' }]);
    expect(await moneyOf(testApp.database.db, { customerId: customers.personal, accountId: personalUsd })).toEqual(
      before,
    );
  });
});

describe('payout blacklist', () => {
  it('refuses a transfer when the payee blocked the payer, or the payer blocked the payee', async () => {
    await blacklist.blockEmail(testApp.database.db, { customerId: customers.kyc, email: DEMO_USERS.personal });
    expect(await ok(testApp, tokens.personal, 'checkPayee', { email: DEMO_USERS.kyc })).toMatchObject({
      exist: true,
      outBlacklist: true,
    });
    const blockedByPayee = await send(tokens.personal, {
      accountId: personalUsd,
      amount: '1.00',
      currency: 'USD',
      toEmail: DEMO_USERS.kyc,
    });
    expect(blockedByPayee.body.validationErrors?.[0]?.message).toMatch(/blacklist/);
    // The other way round too: the payee now sends to the one they blocked.
    await ok(testApp, tokens.personal, 'transferP2P', {
      accountId: personalUsd,
      amount: '1.00',
      currency: 'USD',
      toEmail: DEMO_USERS.business,
      idempotencyKey: newKey(),
    });
    const kycGbp = (await accountOf(testApp, tokens.kyc, 'GBP')).accountId;
    const blockedByPayer = await send(tokens.kyc, {
      accountId: kycGbp,
      amount: '1.00',
      currency: 'GBP',
      toEmail: DEMO_USERS.personal,
    });
    expect(blockedByPayer.body.validationErrors?.[0]?.message).toMatch(/blacklist/);
    // The recent transfer to a blocking payee can no longer be repeated.
    const recent = await ok<{ transfers: RecentTransfer[] }>(testApp, tokens.personal, 'transferRecentList', {
      type: 'p2p',
    });
    const toKyc = recent.transfers.find((transfer) => transfer.toEmail === DEMO_USERS.kyc);
    expect(toKyc?.isDisabled).toBe(true);
    await blacklist.unblockEmail(testApp.database.db, { customerId: customers.kyc, email: DEMO_USERS.personal });
    expect((await ok(testApp, tokens.personal, 'checkPayee', { email: DEMO_USERS.kyc })).outBlacklist).toBe(false);
  });
});

describe('fees', () => {
  it('quotes only an amount above zero, in the source account’s currency', async () => {
    expect(await ok(testApp, tokens.personal, 'transferP2PFee', { amount: '10.00', currency: 'USD' })).toMatchObject({
      fee: '0.05',
      feeCurrencyCode: 'USD',
    });
    expect(
      await ok(testApp, tokens.personal, 'transferP2PFee', {
        amount: '10.00',
        currency: 'EUR',
        accountId: personalUsd,
      }),
    ).toMatchObject({ fee: '0.11', feeCurrencyCode: 'USD' });
    const zero = await call(testApp, tokens.personal, 'transferP2PFee', { amount: '0', currency: 'USD' });
    expect(zero.body.validationErrors?.[0]?.field).toBe('amount');
  });

  it('gives a maximum amount that leaves room for the fee', async () => {
    const max = await ok<{ amount: string; type: string }>(testApp, tokens.personal, 'transferP2PMaxAmount', {
      accountId: personalEur,
    });
    const money = await moneyOf(testApp.database.db, { customerId: customers.personal, accountId: personalEur });
    const amount = parseAmount(max.amount, 'EUR');
    const fee = (amount * 5n + 500n) / 1000n;
    expect(amount + fee).toBeLessThanOrEqual(money.availableMinor);
    expect(max.type).toBe('balance');
  });
});

describe('recent transfers, details and templates', () => {
  it('lists the last three payees, one entry each, latest first', async () => {
    for (const toEmail of [DEMO_USERS.kyc, DEMO_USERS.update, DEMO_FACTOR_USERS.otp, DEMO_USERS.update]) {
      await ok(testApp, tokens.personal, 'transferP2P', {
        accountId: personalUsd,
        amount: '1.00',
        currency: 'USD',
        toEmail,
        idempotencyKey: newKey(),
      });
    }
    const { transfers } = await ok<{ transfers: RecentTransfer[] }>(testApp, tokens.personal, 'transferP2PRecentList');
    expect(transfers.map((transfer) => transfer.toEmail)).toEqual([
      DEMO_USERS.update,
      DEMO_FACTOR_USERS.otp,
      DEMO_USERS.kyc,
    ]);
    expect(transfers.every((transfer) => transfer.type === 'p2p' && transfer.permission === '3d')).toBe(true);
    const wires = await ok<{ transfers: RecentTransfer[] }>(testApp, tokens.personal, 'transferRecentList', {
      type: 'wire',
    });
    expect(wires.transfers).toEqual([]);
  });

  it('shows a transfer to its payer and (once completed) to its payee, and to nobody else', async () => {
    const { body } = await send(tokens.personal, {
      accountId: personalUsd,
      amount: '3.00',
      currency: 'USD',
      toEmail: DEMO_USERS.business,
      note: 'Thanks',
    });
    const payer = await ok<{ transfer: TransferDetails }>(testApp, tokens.personal, 'transferRecentDetails', {
      transactionId: body.transactionId,
    });
    expect(payer.transfer).toMatchObject({ direction: 'out', fromAccount: personalUsd, fee: '0.02', note: 'Thanks' });
    const payee = await ok<{ transfer: TransferDetails }>(testApp, tokens.business, 'transferRecentDetails', {
      transactionId: body.transactionId,
    });
    expect(payee.transfer).toMatchObject({
      direction: 'in',
      amount: '3.00',
      fee: '0.00',
      fromEmail: DEMO_USERS.personal,
    });
    expect(payee.transfer.fromAccount).toBeUndefined();
    for (const transactionId of [body.transactionId, 999_999]) {
      const other = await call(testApp, tokens.kyc, 'transferRecentDetails', { transactionId });
      expect(other.statusCode).toBe(403);
      expect(other.body.responseCode).toBe('ENOA');
    }
  });

  it('saves a template with templateName, lists it, and deletes only one’s own', async () => {
    await send(tokens.personal, {
      accountId: personalUsd,
      amount: '25.00',
      currency: 'USD',
      toEmail: DEMO_USERS.business,
      reference: 'Rent',
      templateName: 'Rent to Northwind',
    });
    const { templates } = await ok<{ templates: TransferTemplate[] }>(testApp, tokens.personal, 'transferTemplateList');
    const template = templates.find((item) => item.name === 'Rent to Northwind');
    expect(template).toMatchObject({
      type: 'p2p',
      accountId: personalUsd,
      toEmail: DEMO_USERS.business,
      amount: '25.00',
      currencyCode: 'USD',
      reference: 'Rent',
    });
    expect(
      (await ok<{ templates: TransferTemplate[] }>(testApp, tokens.business, 'transferTemplateList')).templates,
    ).toEqual([]);
    const foreign = await call(testApp, tokens.business, 'transferTemplateDelete', { id: template?.id });
    expect(foreign.body.responseCode).toBe('ENOA');
    await ok(testApp, tokens.personal, 'transferTemplateDelete', { id: template?.id });
    expect(
      (await ok<{ templates: TransferTemplate[] }>(testApp, tokens.personal, 'transferTemplateList')).templates,
    ).toEqual([]);
  });

  it('refuses an administrator acting for no customer', async () => {
    const { statusCode, body } = await call(testApp, tokens.admin, 'transferRecentList');
    expect(statusCode).toBe(403);
    expect(body.responseCode).toBe('ENOA');
  });
});

describe('the payee’s e-mail', () => {
  /** Gives business@ the registration language Romanian; the test deletes it again. */
  async function registerBusinessInRomanian(): Promise<number> {
    const userId = await userIdOf(testApp, DEMO_USERS.business);
    await testApp.database.db.insert(registrationProfiles).values({
      userId,
      customerId: customers.business,
      kind: 'business',
      brand: 'harbor',
      language: 'ro',
    });
    return userId;
  }

  it('is written in the language the payee registered with, not in the payer’s', async () => {
    const payeeUserId = await registerBusinessInRomanian();
    try {
      const { body } = await send(tokens.personal, {
        accountId: personalUsd,
        amount: '12.00',
        currency: 'USD',
        toEmail: DEMO_USERS.business,
        note: 'Cafea',
        reference: 'INV-7',
        lang: 'ru',
      });
      expect(body.responseCode).toBe('00');
      await testApp.app.jobs.runDue();
      const mail = await mailAbout(DEMO_USERS.business, body.transactionId);
      expect(mail.subject).toBe('Ai primit 12.00 USD în Harbor');
      expect(mail.body).toBe(
        [
          `${DEMO_USERS.personal} ți-a trimis 12.00 USD. Suma este acum în contul tău în USD.`,
          'Notă: Cafea',
          'Referință: INV-7',
          '',
          `Numărul transferului: ${body.transactionId}. Autentifică-te în Harbor ca să îl vezi în istoric.`,
        ].join('\n'),
      );
    } finally {
      await testApp.database.db.delete(registrationProfiles).where(eq(registrationProfiles.userId, payeeUserId));
    }
  });

  it('leaves together from one run of the jobs, each in its payee’s language, and not to a payee who said no', async () => {
    const payeeUserId = await registerBusinessInRomanian();
    await ok(testApp, tokens.kyc, 'notificationSettingsSet', {
      settings: [{ identified: 'transferReceivedEmail', value: false }],
    });
    try {
      const businessBefore = (await outbox(DEMO_USERS.business)).length;
      const kycBefore = (await outbox(DEMO_USERS.kyc)).length;
      for (const [amount, toEmail] of [
        ['14.00', DEMO_USERS.business],
        ['1.00', DEMO_USERS.kyc],
        ['15.00', DEMO_USERS.business],
      ] as const) {
        const { body } = await send(tokens.personal, { accountId: personalUsd, amount, currency: 'USD', toEmail });
        expect(body.responseCode).toBe('00');
      }
      expect(await testApp.app.jobs.runDue()).toBeGreaterThanOrEqual(3);
      const mails = await outbox(DEMO_USERS.business);
      expect(mails.length).toBe(businessBefore + 2);
      expect(mails.slice(0, 2).map((mail) => mail.subject)).toEqual(
        expect.arrayContaining(['Ai primit 14.00 USD în Harbor', 'Ai primit 15.00 USD în Harbor']),
      );
      expect((await outbox(DEMO_USERS.kyc)).length).toBe(kycBefore);
    } finally {
      await testApp.database.db.delete(registrationProfiles).where(eq(registrationProfiles.userId, payeeUserId));
      await ok(testApp, tokens.kyc, 'notificationSettingsSet', {
        settings: [{ identified: 'transferReceivedEmail', value: true }],
      });
    }
  });

  it('stays in English for a payee who has no registration language', async () => {
    const { body } = await send(tokens.personal, {
      accountId: personalUsd,
      amount: '13.00',
      currency: 'USD',
      toEmail: DEMO_USERS.business,
      lang: 'ru',
    });
    expect(body.responseCode).toBe('00');
    await testApp.app.jobs.runDue();
    const mail = await mailAbout(DEMO_USERS.business, body.transactionId);
    expect(mail.subject).toBe('You received 13.00 USD on Harbor');
    expect(mail.body).toBe(
      `${DEMO_USERS.personal} sent you 13.00 USD. It is in your USD account now.\n\n` +
        `Transfer number: ${body.transactionId}. Sign in to Harbor to see it in your history.`,
    );
  });
});
