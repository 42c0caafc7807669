import type { Account, PaymentInstruction, StatementExport } from '@app/shared/api/accounts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { DEMO_USERS } from '../../db/seed';
import * as ledger from '../ledger/ledger.service';
import { findFundingAccount } from './accounts.service';
import { pdfPagesText, pdfText } from './pdf-text.test-support';
import { SANDBOX_SETTLEMENT_DELAY_MS } from './incoming-transfers.service';

/**
 * The PDFs customers download: the account-confirmation letter and monthly statements. Checked as
 * a reader sees them (text extracted from the PDF), and for who may download them.
 */

let testApp: TestApp;
let personalToken: string;
let businessToken: string;
let adminToken: string;
let personalCustomerId: number;
let personalAccounts: Account[];

function get(url: string, token?: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'GET',
    url,
    headers: token === undefined ? headers : { ...headers, authorization: `Bearer ${token}` },
  });
}

async function expectPdf(url: string, token: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await get(url, token, headers);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(response.rawPayload);
}

function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
  personalToken = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  businessToken = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
  adminToken = (await signIn(testApp.app, DEMO_USERS.admin)).accessToken;
  const info = await callMethod(testApp.app, 'customerInfoGet', { token: personalToken });
  personalCustomerId = info.json<{ customer: { customerId: number } }>().customer.customerId;
  const accounts = await callMethod(testApp.app, 'balanceInquiry', { token: personalToken });
  personalAccounts = accounts.json<{ accounts: { account: Account[] } }>().accounts.account;
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /files/accounts/{accountId}/confirmation-letter.pdf', () => {
  it("confirms the holder's account with the brand's issuer, address, footer and funding details", async () => {
    const eur = personalAccounts.find((account) => account.currencyCode === 'EUR');
    const text = await expectPdf(`/files/accounts/${eur?.accountId}/confirmation-letter.pdf`, personalToken);
    for (const expected of [
      'Account confirmation letter',
      'Harbor Payments Ltd',
      '1 Quay Street',
      'Portsmouth PO1 3AA',
      'Alex Morgan',
      String(eur?.accountId),
      'Payment account',
      'EUR',
      'Registered in England and Wales, company no. 00000001.',
      'IBAN',
      'Sandbox bank details',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('1200.00');
  });

  it('is refused for another customer’s account (ENOA), without a session (AU), and by access for fromCustomerId', async () => {
    const usd = personalAccounts[0];
    const url = `/files/accounts/${usd?.accountId}/confirmation-letter.pdf`;
    const stranger = await get(url, businessToken);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ responseCode: 'ENOA' });
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, 'not-a-token')).statusCode).toBe(401);
    const viaFromCustomer = await get(`${url}?fromCustomerId=${personalCustomerId}`, businessToken);
    expect(viaFromCustomer.statusCode).toBe(403);
    expect(viaFromCustomer.json()).toMatchObject({ responseCode: 'ENOA' });
    // An administrator acts for the customer when naming it, and must name one.
    const adminText = await expectPdf(`${url}?fromCustomerId=${personalCustomerId}`, adminToken);
    expect(adminText).toContain('Alex Morgan');
    expect((await get(url, adminToken)).statusCode).toBe(403);
    expect((await get(`/files/accounts/999999/confirmation-letter.pdf`, personalToken)).statusCode).toBe(403);
  });
});

describe('monthly statements', () => {
  it('list every month since opening and show opening balance, movements and closing balance', async () => {
    const opened = await callMethod(testApp.app, 'accountAddCurrency', {
      token: personalToken,
      params: { currencyCode: 'AUD' },
    });
    const aud = opened.json<{ account: Account }>().account;
    const instructions = await callMethod(testApp.app, 'paymentInstructionsList', {
      token: personalToken,
      params: { accountId: aud.accountId },
    });
    const [instruction] = instructions.json<{ paymentInstructions: { paymentInstruction: PaymentInstruction[] } }>()
      .paymentInstructions.paymentInstruction;
    for (const [amount, payerName] of [
      ['300.00', 'Last Month Payer'],
      ['45.50', 'Ada Lovelace'],
      ['4.50', 'Grace Hopper'],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/dev/sandbox/incoming-transfer',
        payload: { reference: instruction?.reference, amount, currency: 'AUD', payerName },
      });
      expect(response.statusCode).toBe(200);
      await testApp.app.jobs.runDue(new Date(Date.now() + SANDBOX_SETTLEMENT_DELAY_MS + 1_000));
    }
    // Time travel for the test only: the account and its first deposit move to the previous month.
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
    await testApp.database.db.execute(
      sql`update accounts set created_at = ${lastMonth.toISOString()}::timestamptz where id = ${aud.accountId}`,
    );
    await testApp.database.db.execute(sql`
      update ledger_postings set created_at = ${lastMonth.toISOString()}::timestamptz
      where transaction_id = (select ledger_transaction_id from incoming_transfers where payer_name = 'Last Month Payer')`);

    const listed = await callMethod(testApp.app, 'statementExportList', {
      token: personalToken,
      params: { accountId: aud.accountId, pageSize: 1, pageNumber: 2 },
    });
    expect(listed.json<{ total: number; exports: StatementExport[] }>()).toMatchObject({
      total: 2,
      exports: [{ accountId: aud.accountId, year: lastMonth.getUTCFullYear(), month: lastMonth.getUTCMonth() + 1 }],
    });

    const previous = await expectPdf(`/files/statements/${aud.accountId}/${monthOf(lastMonth)}.pdf`, personalToken);
    expect(previous).toContain('Account statement');
    expect(previous).toContain('Harbor Payments Ltd');
    expect(previous).toContain('Opening balance 0.00 AUD');
    expect(previous).toContain('Bank transfer from Last Month Payer');
    expect(previous).toContain('Closing balance 300.00 AUD');
    expect(previous).not.toContain('Ada Lovelace');

    const current = await expectPdf(`/files/statements/${aud.accountId}/${monthOf(now)}.pdf`, personalToken);
    expect(current).toContain('Opening balance 300.00 AUD');
    expect(current).toContain('Money in 50.00 AUD');
    expect(current).toContain('Bank transfer from Ada Lovelace');
    expect(current).toContain('Bank transfer from Grace Hopper');
    expect(current).toContain('345.50');
    expect(current).toContain('Closing balance: 350.00 AUD');
    expect(current).toContain('(to date)');
  });

  it('runs over several pages, each with the brand header, footer and the table header', async () => {
    const { db } = testApp.database;
    const gbp = await findFundingAccount(db, { customerId: personalCustomerId, currency: 'GBP' });
    if (gbp === null) throw new Error('personal has no GBP account');
    const clearing = await ledger.systemAccount(db, 'clearing', 'GBP');
    for (let index = 1; index <= 120; index += 1) {
      await ledger.postTransfer(db, {
        fromAccountId: clearing.id,
        toAccountId: gbp.ledgerAccountId,
        amountMinor: 1n,
        currency: 'GBP',
        kind: 'incoming.bank',
        description: `Bank transfer number ${index}`,
      });
    }
    const response = await get(`/files/statements/${gbp.accountId}/${monthOf(new Date())}.pdf`, personalToken);
    expect(response.statusCode).toBe(200);
    const pages = await pdfPagesText(response.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => {
      expect(page).toContain('Harbor Payments Ltd');
      expect(page).toContain('fictional electronic money institution');
      expect(page).toContain(`Page ${index + 1}`);
      expect(page).toContain('Money out');
    });
    const text = pages.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Bank transfer number 120');
    expect(text).toContain('Closing balance: 801.20 GBP');
  });

  it('refuses months without a statement, malformed periods and other customers’ accounts', async () => {
    const usd = personalAccounts[0];
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const future = await get(`/files/statements/${usd?.accountId}/${monthOf(nextMonth)}.pdf`, personalToken);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ responseCode: 'VF', validationErrors: [{ field: 'month' }] });
    const beforeOpening = await get(`/files/statements/${usd?.accountId}/2001-01.pdf`, personalToken);
    expect(beforeOpening.statusCode).toBe(400);
    expect((await get(`/files/statements/${usd?.accountId}/2026-13.pdf`, personalToken)).statusCode).toBe(400);
    const stranger = await get(`/files/statements/${usd?.accountId}/${monthOf(now)}.pdf`, businessToken);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ responseCode: 'ENOA' });
  });
});

describe('documents in the customer’s language', () => {
  it('writes a Romanian statement when the download asks for Romanian (Accept-Language), headings and all', async () => {
    const usd = personalAccounts.find((account) => account.currencyCode === 'USD');
    const month = monthOf(new Date());
    const text = await expectPdf(`/files/statements/${usd?.accountId}/${month}.pdf`, personalToken, {
      'accept-language': 'ro-RO,ro;q=0.9,en;q=0.8',
    });
    for (const expected of [
      'Extras de cont —',
      'Titularul contului',
      'Numărul contului',
      'Cont de plăți',
      'Sold inițial',
      'Sold final',
      'Intrări',
      'Ieșiri',
      'Pagina 1',
      'Alex Morgan',
      'Harbor Payments Ltd',
    ]) {
      expect(text, expected).toContain(expected);
    }
    const monthName = new Intl.DateTimeFormat('ro-RO', { month: 'long', timeZone: 'UTC' }).format(new Date());
    expect(text).toContain(monthName);
    expect(text).not.toContain('Opening balance');
    expect(text).not.toContain('Account statement');
  });

  it('takes ?lang= before the header, reads uk as Ukrainian, and falls back to English for other languages', async () => {
    const usd = personalAccounts.find((account) => account.currencyCode === 'USD');
    const letterUrl = `/files/accounts/${usd?.accountId}/confirmation-letter.pdf`;
    const russian = await expectPdf(`${letterUrl}?lang=ru`, personalToken, { 'accept-language': 'ro' });
    expect(russian).toContain('Письмо-подтверждение счёта');
    expect(russian).toContain('Платёжный счёт');
    expect(russian).toContain('С уважением');
    const ukrainian = await expectPdf(letterUrl, personalToken, { 'accept-language': 'uk-UA' });
    expect(ukrainian).toContain('Лист-підтвердження рахунку');
    const spanish = await expectPdf(`${letterUrl}?lang=es`, personalToken);
    expect(spanish).toContain('Carta de confirmación de la cuenta');
    const portuguese = await expectPdf(`${letterUrl}?lang=pt`, personalToken);
    expect(portuguese).toContain('Carta de confirmação da conta');
    const german = await expectPdf(`${letterUrl}?lang=de`, personalToken, { 'accept-language': 'de-DE' });
    expect(german).toContain('Account confirmation letter');
    // The language changes the words, never who may download: another customer is still refused.
    const stranger = await get(`${letterUrl}?lang=ro`, businessToken);
    expect(stranger.statusCode).toBe(403);
  });
});
