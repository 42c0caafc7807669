import type { TransferResult } from '@app/shared/api/transfers';
import { parseAmount } from '@app/shared/money';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { and, eq } from 'drizzle-orm';
import { customerAccess } from '../../db/schema/customers';
import { DEMO_USERS } from '../../db/seed';
import * as ledger from '../ledger/ledger.service';
import {
  accountOf,
  call,
  customerIdOf,
  fund,
  moneyOf,
  newKey,
  ok,
  setRates,
  systemBalanceOf,
  tokenOf,
} from './transfers-test-support';
import * as repository from './transfers.repository';

/**
 * transferBetweenAccounts over HTTP: exact conversion at the quoted rate, the fee and FX legs as
 * postings of one ledger transaction, refusals that change nothing, idempotency keys, and object
 * level authorization of every account id.
 */
let testApp: TestApp;
let personal: string;
let business: string;
let personalCustomerId: number;
const ids = { usd: 0, eur: 0, gbp: 0, businessUsd: 0 };

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  personal = await tokenOf(testApp, DEMO_USERS.personal);
  business = await tokenOf(testApp, DEMO_USERS.business);
  personalCustomerId = await customerIdOf(testApp, personal);
  ids.usd = (await accountOf(testApp, personal, 'USD')).accountId;
  ids.eur = (await accountOf(testApp, personal, 'EUR')).accountId;
  ids.gbp = (await accountOf(testApp, personal, 'GBP')).accountId;
  ids.businessUsd = (await accountOf(testApp, business, 'USD')).accountId;
});

afterAll(async () => {
  await testApp.close();
});

beforeEach(async () => {
  // The sandbox drifts rates on every job run; these tests convert at rates they choose.
  await setRates(testApp.database.db, { EUR: '1.085', GBP: '1.27' });
});

function transfer(token: string, params: Record<string, unknown>) {
  return call<TransferResult>(testApp, token, 'transferBetweenAccounts', { idempotencyKey: newKey(), ...params });
}

const money = (accountId: number) => moneyOf(testApp.database.db, { customerId: personalCustomerId, accountId });

describe('conversion', () => {
  it.each([
    // from, to, toAmount, currency, fromAmount, toAmount, fee, rate
    ['usd', 'eur', '100.00', undefined, '100.00', '92.17', '0.50', '0.921658986175'],
    ['usd', 'eur', '100', 'EUR', '108.50', '100.00', '0.54', '0.921658986175'],
    ['eur', 'gbp', '10.00', 'eur', '10.00', '8.54', '0.05', '0.854330708661'],
    ['gbp', 'usd', '0.01', undefined, '0.01', '0.01', '0.00', '1.27'],
    ['gbp', 'eur', '33.33', 'GBP', '33.33', '39.01', '0.17', '1.17050691244'],
  ] as const)(
    '%s → %s of %s %s: %s leaves, %s arrives, fee %s at %s',
    async (from, to, amount, currency, fromAmount, toAmount, fee, rate) => {
      const fromCurrency = from.toUpperCase();
      const toCurrency = to.toUpperCase();
      const before = {
        from: await money(ids[from]),
        to: await money(ids[to]),
        fxFrom: await systemBalanceOf(testApp.database.db, 'fx', fromCurrency),
        fxTo: await systemBalanceOf(testApp.database.db, 'fx', toCurrency),
        fees: await systemBalanceOf(testApp.database.db, 'fees', fromCurrency),
      };
      const { statusCode, body } = await transfer(personal, {
        fromAccount: ids[from],
        toAccount: ids[to],
        toAmount: amount,
        ...(currency === undefined ? {} : { currency }),
      });
      expect(statusCode).toBe(200);
      expect(body).toMatchObject({
        responseCode: '00',
        status: 'completed',
        approvalType: 0,
        fromAmount,
        fromCurrencyCode: fromCurrency,
        toAmount,
        toCurrencyCode: toCurrency,
        fee,
        feeCurrencyCode: fromCurrency,
        exchangeRate: rate,
      });
      const fromMinor = parseAmount(fromAmount, fromCurrency);
      const toMinor = parseAmount(toAmount, toCurrency);
      const feeMinor = parseAmount(fee, fromCurrency);
      expect((await money(ids[from])).balanceMinor).toBe(before.from.balanceMinor - fromMinor - feeMinor);
      expect((await money(ids[to])).balanceMinor).toBe(before.to.balanceMinor + toMinor);
      expect(await systemBalanceOf(testApp.database.db, 'fx', fromCurrency)).toBe(before.fxFrom + fromMinor);
      expect(await systemBalanceOf(testApp.database.db, 'fx', toCurrency)).toBe(before.fxTo - toMinor);
      expect(await systemBalanceOf(testApp.database.db, 'fees', fromCurrency)).toBe(before.fees + feeMinor);
    },
  );

  it('books the FX legs and the fee as postings of one ledger transaction that balances per currency', async () => {
    const { body } = await transfer(personal, { fromAccount: ids.usd, toAccount: ids.eur, toAmount: '20.00' });
    const row = await repository.findTransfer(testApp.database.db, { transferId: body.transactionId });
    expect(row?.ledgerTransactionId).not.toBeNull();
    const posted = await ledger.getTransaction(testApp.database.db, row?.ledgerTransactionId ?? 0);
    expect(posted.kind).toBe('transfer.ownAccounts');
    expect(posted.metadata).toMatchObject({ transferId: body.transactionId, fee: '0.10', feeCurrency: 'USD' });
    const fxUsd = await ledger.systemAccount(testApp.database.db, 'fx', 'USD');
    const fxEur = await ledger.systemAccount(testApp.database.db, 'fx', 'EUR');
    const feesUsd = await ledger.systemAccount(testApp.database.db, 'fees', 'USD');
    const byAccount = new Map(posted.postings.map((posting) => [posting.accountId, posting.amountMinor]));
    expect(byAccount.get(row?.fromLedgerAccountId ?? 0)).toBe(-2_010n);
    expect(byAccount.get(fxUsd.id)).toBe(2_000n);
    expect(byAccount.get(feesUsd.id)).toBe(10n);
    expect(byAccount.get(fxEur.id)).toBe(-1_843n);
    expect(byAccount.get(row?.toLedgerAccountId ?? 0)).toBe(1_843n);
    for (const currency of ['USD', 'EUR']) {
      const sum = posted.postings
        .filter((posting) => posting.currency === currency)
        .reduce((total, posting) => total + posting.amountMinor, 0n);
      expect(sum).toBe(0n);
    }
  });

  it('moves money between two accounts of one currency for free', async () => {
    const customerId = await customerIdOf(testApp, business);
    const receiving = (
      await ok<{ accounts: { account: { accountId: number; type: number }[] } }>(testApp, business, 'balanceInquiry')
    ).accounts.account.find((account) => account.type === 4002);
    const { body } = await transfer(business, {
      fromAccount: ids.businessUsd,
      toAccount: receiving?.accountId,
      toAmount: '250.00',
    });
    expect(body).toMatchObject({
      responseCode: '00',
      fee: '0.00',
      fromAmount: '250.00',
      toAmount: '250.00',
      exchangeRate: '1',
    });
    expect(
      (await moneyOf(testApp.database.db, { customerId, accountId: receiving?.accountId ?? 0 })).balanceMinor,
    ).toBe(25_000n);
  });
});

describe('refusals change nothing', () => {
  it('refuses more than the balance with VF on amount, and the same key keeps that answer', async () => {
    const before = { usd: await money(ids.usd), eur: await money(ids.eur) };
    const key = newKey();
    const params = { fromAccount: ids.usd, toAccount: ids.eur, toAmount: '1000000.00', idempotencyKey: key };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { statusCode, body } = await call(testApp, personal, 'transferBetweenAccounts', params);
      expect(statusCode).toBe(400);
      expect(body.responseCode).toBe('VF');
      expect(body.validationErrors?.map((error) => error.field)).toContain('amount');
    }
    // A limit or the balance: either way nothing moved and nothing was recorded.
    const justOver = await transfer(personal, {
      fromAccount: ids.usd,
      toAccount: ids.eur,
      toAmount: (Number(before.usd.availableMinor) / 100 + 0.01).toFixed(2),
    });
    expect(justOver.body.validationErrors).toEqual([{ field: 'amount', message: 'Insufficient funds.' }]);
    expect(await money(ids.usd)).toEqual(before.usd);
    expect(await money(ids.eur)).toEqual(before.eur);
  });

  it('refuses a bad amount, the same account twice, and a currency of neither account', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ toAmount: '0' }, 'toAmount'],
      [{ toAmount: '-5' }, 'toAmount'],
      [{ toAmount: '1.234' }, 'toAmount'],
      [{ toAmount: 12 }, 'toAmount'],
      [{ toAccount: ids.usd }, 'toAccount'],
      [{ currency: 'GBP' }, 'currency'],
      [{ currency: 'XYZ' }, 'currency'],
    ];
    for (const [change, field] of cases) {
      const { statusCode, body } = await transfer(personal, {
        fromAccount: ids.usd,
        toAccount: ids.eur,
        toAmount: '1.00',
        ...change,
      });
      expect(statusCode, JSON.stringify(change)).toBe(400);
      expect(body.validationErrors?.map((error) => error.field)).toContain(field);
    }
  });

  it("answers ENOA for another customer's account, as either end, and moves nothing", async () => {
    const before = await moneyOf(testApp.database.db, {
      customerId: await customerIdOf(testApp, business),
      accountId: ids.businessUsd,
    });
    for (const params of [
      { fromAccount: ids.businessUsd, toAccount: ids.usd },
      { fromAccount: ids.usd, toAccount: ids.businessUsd },
      { fromAccount: 999_999, toAccount: ids.usd },
    ]) {
      const { statusCode, body } = await transfer(personal, { ...params, toAmount: '1.00' });
      expect(statusCode).toBe(403);
      expect(body.responseCode).toBe('ENOA');
    }
    for (const method of [
      'transferBetweenAccountsFee',
      'transferBetweenAccountsMaxAmount',
      'transferBetweenAccountsLimits',
    ]) {
      const { body } = await call(testApp, personal, method, {
        fromAccount: ids.businessUsd,
        toAccount: ids.usd,
        toAmount: '1.00',
      });
      expect(body.responseCode, method).toBe('ENOA');
    }
    expect(
      await moneyOf(testApp.database.db, {
        customerId: await customerIdOf(testApp, business),
        accountId: ids.businessUsd,
      }),
    ).toEqual(before);
  });
});

describe('who may move money', () => {
  it('lets a company user with full rights act for the company (fromCustomerId), and no one with less', async () => {
    const { customers } = await ok<{ customers: { customerId: number }[] }>(testApp, business, 'customerAccessList');
    const logistics = customers[1]?.customerId ?? 0;
    const accounts = await ok<{ accounts: { account: { accountId: number; currencyCode: string }[] } }>(
      testApp,
      business,
      'balanceInquiry',
      { fromCustomerId: logistics },
    );
    const usd = accounts.accounts.account.find((account) => account.currencyCode === 'USD')?.accountId;
    const params = {
      fromCustomerId: logistics,
      accountId: usd,
      amount: '1.00',
      currency: 'USD',
      toEmail: DEMO_USERS.personal,
    };
    expect(
      (await call(testApp, business, 'transferP2P', { ...params, idempotencyKey: newKey() })).body.responseCode,
    ).toBe('00');
    const businessUserId = (await ok<{ customer: { userId: number } }>(testApp, business, 'customerInfoGet')).customer
      .userId;
    await testApp.database.db
      .update(customerAccess)
      .set({ accessRights: 1 })
      .where(and(eq(customerAccess.userId, businessUserId), eq(customerAccess.customerId, logistics)));
    const readOnly = await call(testApp, business, 'transferP2P', { ...params, idempotencyKey: newKey() });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.body.responseCode).toBe('ENOA');
    await testApp.database.db
      .update(customerAccess)
      .set({ accessRights: 2 })
      .where(and(eq(customerAccess.userId, businessUserId), eq(customerAccess.customerId, logistics)));
  });
});

describe('idempotency keys', () => {
  it('answers the same key with the same body once: one transfer, one debit', async () => {
    const before = await money(ids.gbp);
    const params = { fromAccount: ids.gbp, toAccount: ids.usd, toAmount: '5.00', idempotencyKey: newKey() };
    const first = await call<TransferResult>(testApp, personal, 'transferBetweenAccounts', params);
    const second = await call<TransferResult>(testApp, personal, 'transferBetweenAccounts', params);
    expect(first.body.responseCode).toBe('00');
    expect(second.body).toEqual(first.body);
    expect((await money(ids.gbp)).balanceMinor).toBe(before.balanceMinor - 500n - 3n);
  });

  it('refuses the same key with another body (IK) and moves nothing more', async () => {
    const key = newKey();
    await ok(testApp, personal, 'transferBetweenAccounts', {
      fromAccount: ids.gbp,
      toAccount: ids.usd,
      toAmount: '1.00',
      idempotencyKey: key,
    });
    const before = await money(ids.gbp);
    const { statusCode, body } = await call(testApp, personal, 'transferBetweenAccounts', {
      fromAccount: ids.gbp,
      toAccount: ids.usd,
      toAmount: '2.00',
      idempotencyKey: key,
    });
    expect(statusCode).toBe(409);
    expect(body.responseCode).toBe('IK');
    expect(await money(ids.gbp)).toEqual(before);
  });
});

describe('fee, limits and maximum amount', () => {
  it('quotes the fee the transfer then charges', async () => {
    const quote = await ok<{ fee: string; feeCurrencyCode: string }>(testApp, personal, 'transferBetweenAccountsFee', {
      fromAccount: ids.eur,
      toAccount: ids.usd,
      toAmount: '77.77',
    });
    expect(quote).toMatchObject({ fee: '0.39', feeCurrencyCode: 'EUR' });
    const { body } = await transfer(personal, { fromAccount: ids.eur, toAccount: ids.usd, toAmount: '77.77' });
    expect(body.fee).toBe(quote.fee);
  });

  it('gives the most that can move now, and that amount goes through while one cent more does not', async () => {
    const max = await ok<{ amount: string; minAmount: string; type: string; currencyCode: string }>(
      testApp,
      personal,
      'transferBetweenAccountsMaxAmount',
      { fromAccount: ids.gbp, toAccount: ids.eur },
    );
    expect(max).toMatchObject({ type: 'balance', minAmount: '0.01', currencyCode: 'GBP' });
    const tooMuch = (parseAmount(max.amount, 'GBP') + 1n).toString().replace(/(\d\d)$/, '.$1');
    expect(
      (await transfer(personal, { fromAccount: ids.gbp, toAccount: ids.eur, toAmount: tooMuch })).body.responseCode,
    ).toBe('VF');
    const exact = await transfer(personal, { fromAccount: ids.gbp, toAccount: ids.eur, toAmount: max.amount });
    expect(exact.body.responseCode).toBe('00');
    expect((await money(ids.gbp)).availableMinor).toBe(0n);
  });

  it('enforces the per-transfer and the daily limit, and reports the day’s use', async () => {
    await fund(testApp.database.db, {
      customerId: personalCustomerId,
      accountId: ids.usd,
      amount: '200000.00',
      currency: 'USD',
    });
    const perTransfer = await transfer(personal, { fromAccount: ids.usd, toAccount: ids.eur, toAmount: '50000.01' });
    expect(perTransfer.body.validationErrors?.[0]?.message).toMatch(
      /most you can send in one transfer is 50000\.00 USD/,
    );
    const limits = await ok<{ limits: Record<string, string> }>(testApp, personal, 'transferBetweenAccountsLimits', {
      fromAccount: ids.usd,
      toAccount: ids.eur,
    });
    expect(limits.limits).toMatchObject({ currencyCode: 'USD', perTransferLimit: '50000.00', dailyLimit: '100000.00' });
    const usedBefore = parseAmount(limits.limits.dailyUsed ?? '0', 'USD');
    const room = 10_000_000n - usedBefore;
    // Fill the day up to one cent below its limit, then one cent more fits and two do not.
    let left = room - 1n;
    while (left > 0n) {
      const chunk = left > 5_000_000n ? 5_000_000n : left;
      const amount = `${chunk / 100n}.${(chunk % 100n).toString().padStart(2, '0')}`;
      expect(
        (await transfer(personal, { fromAccount: ids.usd, toAccount: ids.eur, toAmount: amount })).body.responseCode,
      ).toBe('00');
      left -= chunk;
    }
    const overDaily = await transfer(personal, { fromAccount: ids.usd, toAccount: ids.eur, toAmount: '0.02' });
    expect(overDaily.body.validationErrors?.[0]?.message).toMatch(/daily limit of 100000\.00 USD/);
    expect(
      (await transfer(personal, { fromAccount: ids.usd, toAccount: ids.eur, toAmount: '0.01' })).body.responseCode,
    ).toBe('00');
    const max = await ok<{ amount: string; type: string }>(testApp, personal, 'transferBetweenAccountsMaxAmount', {
      fromAccount: ids.usd,
      toAccount: ids.eur,
    });
    expect(max).toMatchObject({ amount: '0.00', type: 'dailyLimit' });
  });
});

describe('exchange rates', () => {
  it('is 1 when a currency is missing or both are the same, case-insensitively', async () => {
    for (const params of [
      {},
      { fromCurrencyCode: 'USD' },
      { toCurrencyCode: 'eur' },
      { fromCurrencyCode: 'usd', toCurrencyCode: 'USD' },
    ]) {
      expect((await ok<{ exchangeRate: string }>(testApp, personal, 'transferExchangeRate', params)).exchangeRate).toBe(
        '1',
      );
    }
  });

  it('gives the cross rate with its sandbox source, and refuses an unknown currency', async () => {
    const rate = await ok(testApp, personal, 'transferExchangeRate', {
      fromCurrencyCode: 'eur',
      toCurrencyCode: 'gbp',
    });
    expect(rate).toMatchObject({
      fromCurrencyCode: 'EUR',
      toCurrencyCode: 'GBP',
      exchangeRate: '0.854330708661',
      source: { provider: 'sandbox', isSandbox: true },
    });
    const unknown = await call(testApp, personal, 'transferExchangeRate', {
      fromCurrencyCode: 'EUR',
      toCurrencyCode: 'XYZ',
    });
    expect(unknown.body.validationErrors?.[0]?.field).toBe('toCurrencyCode');
  });

  it('lists every supported asset against a base', async () => {
    const { rates, source } = await ok<{
      rates: { rate: { toCurrencyCode: string; exchangeRate: string }[] };
      source: { isSandbox: boolean };
    }>(testApp, personal, 'exchangeRatesDefault', { baseCurrencyCode: 'eur' });
    expect(source.isSandbox).toBe(true);
    expect(rates.rate.map((rate) => rate.toCurrencyCode)).toEqual(
      expect.arrayContaining(['USD', 'GBP', 'RON', 'CAD', 'AUD', 'BTC', 'ETH', 'USDT']),
    );
    expect(rates.rate.find((rate) => rate.toCurrencyCode === 'USD')?.exchangeRate).toBe('1.085');
  });
});
