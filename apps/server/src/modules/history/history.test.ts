import type { HistoryExport, HistoryItem } from '@app/shared/api/history';
import { HISTORY_MAX_PAGE_NUMBER, TRANSACTION_TYPES } from '@app/shared/api/history';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { DEMO_USERS } from '../../db/seed';
import { listOutboundMessages } from '../../platform/messaging/outbound-messages.repository';
import * as accountsService from '../accounts/accounts.service';
import * as ledger from '../ledger/ledger.service';
import * as repository from './history.repository';
import { historyScopeOf } from './history.service';

/**
 * The transaction history over HTTP. Movements are made through the ledger service the way the
 * transfers domain makes them (same kinds and metadata), so each filter can be checked against a
 * known set, and so can the wall between customers: one P2P transaction has a posting on each
 * side, and each customer sees only their own.
 */

let testApp: TestApp;
let personalToken: string;
let businessToken: string;
let personalCustomerId: number;
let businessCustomerId: number;
let personal: Record<'USD' | 'EUR' | 'GBP', accountsService.CustomerAccount>;
let businessUsd: accountsService.CustomerAccount;
let heldId: number;

interface HistoryAnswer {
  transactions: HistoryItem[];
  results: number;
  isResultsCapped: boolean;
  rejectedCount: number;
  processingCount: number;
  exportCsv: boolean;
  pageNumber: number;
  pageSize: number;
  nextCursor?: string;
}

async function history(token: string, params: Record<string, unknown> = {}): Promise<HistoryAnswer> {
  const response = await callMethod(testApp.app, 'transactionHistory', { token, params });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HistoryAnswer>();
}

function p2pMetadata(transferId: number, fromEmail: string, toEmail: string, extra: Record<string, unknown> = {}) {
  return { transferId, transferKind: 'p2p', fee: '0.50', feeCurrency: 'USD', fromEmail, toEmail, ...extra };
}

async function customerIdOf(token: string): Promise<number> {
  const response = await callMethod(testApp.app, 'customerInfoGet', { token });
  return response.json<{ customer: { customerId: number } }>().customer.customerId;
}

beforeAll(async () => {
  testApp = await createTestApp({ seed: true, config: { loginRateLimit: { max: 1_000, windowSeconds: 300 } } });
  const { db } = testApp.database;
  personalToken = (await signIn(testApp.app, DEMO_USERS.personal)).accessToken;
  businessToken = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
  personalCustomerId = await customerIdOf(personalToken);
  businessCustomerId = await customerIdOf(businessToken);
  const personalAccounts = await accountsService.listCustomerAccounts(db, { customerId: personalCustomerId });
  const byCurrency = (currency: string) => {
    const found = personalAccounts.find((account) => account.currency === currency);
    if (found === undefined) throw new Error(`personal has no ${currency} account`);
    return found;
  };
  personal = { USD: byCurrency('USD'), EUR: byCurrency('EUR'), GBP: byCurrency('GBP') };
  const businessAccounts = await accountsService.listCustomerAccounts(db, { customerId: businessCustomerId });
  const foundBusinessUsd = businessAccounts.find((account) => account.currency === 'USD' && account.typeId === 1001);
  if (foundBusinessUsd === undefined) throw new Error('business has no USD account');
  businessUsd = foundBusinessUsd;
  const fees = await ledger.systemAccount(db, 'fees', 'USD');

  // Personal → business, 25.00 plus a 0.50 fee, as the transfers domain posts a P2P transfer.
  await ledger.postTransaction(db, {
    kind: 'transfer.p2p',
    description: 'Transfer to business@demo.test',
    metadata: p2pMetadata(9001, DEMO_USERS.personal, DEMO_USERS.business, { note: 'Dinner 50%', reference: 'INV-7' }),
    postings: [
      { accountId: personal.USD.ledgerAccountId, amountMinor: -2550n, currency: 'USD' },
      { accountId: businessUsd.ledgerAccountId, amountMinor: 2500n, currency: 'USD' },
      { accountId: fees.id, amountMinor: 50n, currency: 'USD' },
    ],
  });
  // Business → personal, 40.00.
  await ledger.postTransfer(db, {
    fromAccountId: businessUsd.ledgerAccountId,
    toAccountId: personal.USD.ledgerAccountId,
    amountMinor: 4000n,
    currency: 'USD',
    kind: 'transfer.p2p',
    description: 'Transfer to personal@demo.test',
    metadata: p2pMetadata(9002, DEMO_USERS.business, DEMO_USERS.personal, { fee: '0.00' }),
  });
  await ledger.postTransfer(db, {
    fromAccountId: personal.USD.ledgerAccountId,
    toAccountId: fees.id,
    amountMinor: 100n,
    currency: 'USD',
    kind: 'fee',
    description: 'Monthly account fee',
  });
  const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
  const pending = await ledger.placeHold(db, {
    accountId: personal.USD.ledgerAccountId,
    toAccountId: businessUsd.ledgerAccountId,
    amountMinor: 3000n,
    currency: 'USD',
    expiresAt,
    kind: 'transfer.p2p',
    description: 'Transfer to business@demo.test',
    metadata: p2pMetadata(9003, DEMO_USERS.personal, DEMO_USERS.business),
  });
  heldId = pending.id;
  const voided = await ledger.placeHold(db, {
    accountId: personal.USD.ledgerAccountId,
    toAccountId: businessUsd.ledgerAccountId,
    amountMinor: 1200n,
    currency: 'USD',
    expiresAt,
    kind: 'transfer.p2p',
    description: 'Transfer to business@demo.test',
    metadata: p2pMetadata(9004, DEMO_USERS.personal, DEMO_USERS.business),
  });
  await ledger.voidHold(db, { holdId: voided.id });
});

afterAll(async () => {
  await testApp.close();
});

const amountsOf = (answer: HistoryAnswer) =>
  answer.transactions.map((item) => `${item.amount} ${item.currency}`).sort();

describe('transactionHistory', () => {
  it('lists completed and processing items, newest first, with counts', async () => {
    const answer = await history(personalToken);
    expect(amountsOf(answer)).toEqual(
      ['-1.00 USD', '-25.50 USD', '-30.00 USD', '1200.00 EUR', '2500.00 USD', '40.00 USD', '800.00 GBP'].sort(),
    );
    expect(answer).toMatchObject({
      results: 7,
      isResultsCapped: false,
      processingCount: 1,
      rejectedCount: 1,
      exportCsv: true,
      pageNumber: 1,
      pageSize: 20,
    });
    expect(answer.nextCursor).toBeUndefined();
    const dates = answer.transactions.map((item) => item.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('describes each item from the ledger and its metadata, the counterparty from our side', async () => {
    const answer = await history(personalToken, { accountId: personal.USD.accountId });
    const out = answer.transactions.find((item) => item.transferId === 9001);
    expect(out).toMatchObject({
      accountId: personal.USD.accountId,
      currency: 'USD',
      amount: '-25.50',
      type: 'p2p',
      status: 'completed',
      description: 'Transfer to business@demo.test',
      counterparty: DEMO_USERS.business,
      counterpartyEmail: DEMO_USERS.business,
      note: 'Dinner 50%',
      reference: 'INV-7',
      fee: '0.50',
    });
    expect(out?.id).toMatch(/^P\d+$/);
    expect(out?.ledgerTransactionId).toBeGreaterThan(0);
    const incoming = answer.transactions.find((item) => item.transferId === 9002);
    expect(incoming).toMatchObject({ amount: '40.00', counterparty: DEMO_USERS.business });
    expect(incoming?.fee).toBeUndefined();
    const held = answer.transactions.find((item) => item.status === 'processing');
    expect(held).toMatchObject({ id: `H${heldId}`, amount: '-30.00', transferId: 9003, type: 'p2p' });
    const deposit = answer.transactions.find((item) => item.type === 'incomingBank');
    expect(deposit).toMatchObject({ amount: '2500.00', counterparty: 'Acme Payroll Inc', status: 'completed' });
    expect(deposit?.reference).toMatch(/^[A-Z2-9]{8}\d{2}$/);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['accountId', { accountId: 'USD' }, ['-1.00 USD', '-25.50 USD', '-30.00 USD', '2500.00 USD', '40.00 USD']],
    ['keyword in a note (LIKE characters are literal)', { keyword: 'dinner 50%' }, ['-25.50 USD']],
    ['keyword with a LIKE wildcard taken literally', { keyword: '_' }, []],
    ['keyword in a payer name', { keyword: 'acme' }, ['2500.00 USD']],
    ['keyword in a description', { keyword: 'monthly' }, ['-1.00 USD']],
    ['transaction type p2p', { transactionType: 'p2p' }, ['-25.50 USD', '-30.00 USD', '40.00 USD']],
    [
      'transaction type incomingBank',
      { transactionType: 'incomingBank' },
      ['1200.00 EUR', '2500.00 USD', '800.00 GBP'],
    ],
    ['transaction type fee', { transactionType: 'fee' }, ['-1.00 USD']],
    ['transaction type other', { transactionType: 'other' }, []],
    [
      'direction incoming',
      { transactionDirection: 'incoming' },
      ['1200.00 EUR', '2500.00 USD', '40.00 USD', '800.00 GBP'],
    ],
    ['direction outgoing', { transactionDirection: 'outgoing' }, ['-1.00 USD', '-25.50 USD', '-30.00 USD']],
    ['amount range, both signs', { fromAmount: '25', toAmount: '40' }, ['-25.50 USD', '-30.00 USD', '40.00 USD']],
    ['amount bounds round inwards', { fromAmount: '39.999', toAmount: '40.001' }, ['40.00 USD']],
    ['amount from only', { fromAmount: '1000' }, ['1200.00 EUR', '2500.00 USD']],
    ['amount to only', { toAmount: '1.00' }, ['-1.00 USD']],
    ['counterparty e-mail', { email: 'BUSINESS@demo.test' }, ['-25.50 USD', '-30.00 USD', '40.00 USD']],
    [
      'status completed',
      { status: 'completed' },
      ['-1.00 USD', '-25.50 USD', '1200.00 EUR', '2500.00 USD', '40.00 USD', '800.00 GBP'],
    ],
    ['status processing', { status: 'processing' }, ['-30.00 USD']],
    ['status rejected', { status: 'rejected' }, ['-12.00 USD']],
    [
      'dates including today',
      { fromDate: 'today', toDate: 'today' },
      ['-1.00 USD', '-25.50 USD', '-30.00 USD', '1200.00 EUR', '2500.00 USD', '40.00 USD', '800.00 GBP'],
    ],
    ['dates from tomorrow', { fromDate: 'tomorrow' }, []],
    ['dates up to yesterday', { toDate: 'yesterday' }, []],
    [
      'combined',
      { accountId: 'USD', transactionDirection: 'outgoing', transactionType: 'p2p', status: 'completed' },
      ['-25.50 USD'],
    ],
  ])('filters by %s', async (_name, rawFilter, expected) => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const dates: Record<string, string> = { today: day(0), tomorrow: day(1), yesterday: day(-1) };
    const filter = Object.fromEntries(
      Object.entries(rawFilter).map(([key, value]) => {
        if (key === 'accountId') return [key, personal.USD.accountId];
        if ((key === 'fromDate' || key === 'toDate') && typeof value === 'string') return [key, dates[value]];
        return [key, value];
      }),
    );
    const answer = await history(personalToken, filter);
    expect(amountsOf(answer)).toEqual([...expected].sort());
    if (rawFilter.status === undefined) {
      expect(answer.results).toBe(expected.length);
    }
  });

  it('never shows another customer’s postings, even of a shared transaction', async () => {
    const business = await history(businessToken);
    expect(amountsOf(business)).toEqual(['-40.00 USD', '15000.00 USD', '25.00 USD', '8000.00 EUR'].sort());
    const received = business.transactions.find((item) => item.transferId === 9001);
    expect(received).toMatchObject({ amount: '25.00', counterparty: DEMO_USERS.personal });
    expect(received?.fee).toBeUndefined();
    expect(received?.note).toBe('Dinner 50%');
    const personalIds = new Set((await history(personalToken)).transactions.map((item) => item.id));
    expect(business.transactions.some((item) => personalIds.has(item.id))).toBe(false);
    // Holds placed on the personal account toward business are not the business's to see.
    expect(business.processingCount).toBe(0);
    expect(business.rejectedCount).toBe(0);
  });

  it('refuses another customer’s account (ENOA), and bad filters field by field (VF)', async () => {
    const other = await callMethod(testApp.app, 'transactionHistory', {
      token: businessToken,
      params: { accountId: personal.USD.accountId },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ responseCode: 'ENOA' });
    const cases: [Record<string, unknown>, string][] = [
      [{ fromDate: '2026-02-30' }, 'fromDate'],
      [{ fromDate: '2026-05-02', toDate: '2026-05-01' }, 'toDate'],
      [{ fromAmount: '-1' }, 'fromAmount'],
      [{ fromAmount: '1e3' }, 'fromAmount'],
      [{ fromAmount: '10', toAmount: '9.99' }, 'toAmount'],
      [{ transactionType: 'lottery' }, 'transactionType'],
      [{ transactionDirection: 'sideways' }, 'transactionDirection'],
      [{ status: 'lost' }, 'status'],
      [{ email: 'not-an-email' }, 'email'],
      [{ keyword: 'x'.repeat(101) }, 'keyword'],
      [{ pageNumber: HISTORY_MAX_PAGE_NUMBER + 1 }, 'pageNumber'],
      [{ pageNumber: 0 }, 'pageNumber'],
      [{ cursor: 'bm90LWEtY3Vyc29y' }, 'cursor'],
    ];
    for (const [params, field] of cases) {
      const response = await callMethod(testApp.app, 'transactionHistory', { token: personalToken, params });
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
      const body = response.json<{ responseCode: string; validationErrors: { field: string }[] }>();
      expect(body.responseCode).toBe('VF');
      expect(body.validationErrors.map((item) => item.field)).toContain(field);
    }
  });

  it('pages by number and by cursor over the same order, without gaps or repeats', async () => {
    const clearing = await ledger.systemAccount(testApp.database.db, 'clearing', 'GBP');
    for (let index = 1; index <= 45; index += 1) {
      await ledger.postTransfer(testApp.database.db, {
        fromAccountId: clearing.id,
        toAccountId: personal.GBP.ledgerAccountId,
        amountMinor: BigInt(index),
        currency: 'GBP',
        kind: 'incoming.bank',
        description: `Bank transfer ${index}`,
      });
    }
    const filter = { accountId: personal.GBP.accountId };
    const byNumber = [1, 2, 3].map((pageNumber) => history(personalToken, { ...filter, pageNumber }));
    const pages = await Promise.all(byNumber);
    expect(pages.map((page) => page.transactions.length)).toEqual([20, 20, 6]);
    expect(pages.every((page) => page.results === 46)).toBe(true);
    const numbered = pages.flatMap((page) => page.transactions.map((item) => item.id));
    expect(new Set(numbered).size).toBe(46);

    const viaCursor: string[] = [];
    let cursor: string | undefined;
    for (let step = 0; step < 5; step += 1) {
      const page = await history(personalToken, { ...filter, ...(cursor === undefined ? {} : { cursor }) });
      viaCursor.push(...page.transactions.map((item) => item.id));
      cursor = page.nextCursor;
      if (cursor === undefined) break;
    }
    expect(viaCursor).toEqual(numbered);
    expect(pages[2]?.nextCursor).toBeUndefined();
    expect(pages[0]?.transactions[0]?.description).toBe('Bank transfer 45');
  });

  it('counts up to a bound and says when there are more', async () => {
    const scope = await historyScopeOf(testApp.database.db, {
      customerId: personalCustomerId,
      filter: { transactionDirection: 'all', status: 'completed' },
    });
    expect(await repository.countHistoryRows(testApp.database.db, scope.query, 3)).toBe(4);
    expect(await repository.countHistoryRows(testApp.database.db, scope.query, 1_000)).toBeGreaterThan(4);
  });

  it('has a transaction types dictionary of every code', async () => {
    const response = await callMethod(testApp.app, 'transactionTypes', { token: personalToken });
    const types = response.json<{ transactionTypes: { code: string; name: string }[] }>().transactionTypes;
    expect(types.map((type) => type.code)).toEqual([...TRANSACTION_TYPES]);
    expect(types.every((type) => type.name.length > 0)).toBe(true);
  });
});

/** The rows of a CSV download, each as its cells (quoted cells unquoted). */
function csvRowsOf(body: string): string[][] {
  const lines = body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
  return lines.map((line) =>
    Array.from(line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g), ([, cell = '']) =>
      cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell,
    ),
  );
}

describe('CSV export', () => {
  async function start(token: string, filter: Record<string, unknown>): Promise<HistoryExport> {
    const response = await callMethod(testApp.app, 'historyExportStart', { token, params: { filter } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ export: HistoryExport }>().export;
  }

  async function status(token: string, exportId: string) {
    return callMethod(testApp.app, 'historyExportStatus', { token, params: { exportId } });
  }

  function download(token: string, exportId: string, headers: Record<string, string> = {}) {
    return testApp.app.inject({
      method: 'GET',
      url: `/files/history-exports/${exportId}.csv`,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  }

  it('is prepared by a job, then streams a header row and exact amounts of its snapshot', async () => {
    const started = await start(personalToken, { accountId: personal.USD.accountId, status: 'all' });
    expect(started).toMatchObject({ status: 'preparing', url: `/files/history-exports/${started.exportId}.csv` });
    const early = await download(personalToken, started.exportId);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ responseCode: 'TA1' });

    // Recorded after the start: not part of the export.
    await ledger.postTransfer(testApp.database.db, {
      fromAccountId: (await ledger.systemAccount(testApp.database.db, 'clearing', 'USD')).id,
      toAccountId: personal.USD.ledgerAccountId,
      amountMinor: 77n,
      currency: 'USD',
      kind: 'incoming.bank',
      description: 'After the snapshot',
    });
    await testApp.app.jobs.runDue();
    const ready = (await status(personalToken, started.exportId)).json<{ export: HistoryExport }>().export;
    expect(ready).toMatchObject({ status: 'ready', rowCount: 5, isTruncated: false });

    const response = await download(personalToken, started.exportId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="history-${started.exportId}.csv"`);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe(
      'Date (UTC),Account,Currency,Amount,Type,Description,Counterparty,Counterparty e-mail,Status,Reference,Note,Fee,Transfer ID,Item ID',
    );
    expect(lines).toHaveLength(6);
    const body = lines.slice(1).join('\n');
    expect(body).toContain(
      `,${personal.USD.accountId},USD,-25.50,Transfer with a customer,Transfer to business@demo.test,`,
    );
    expect(body).toContain(',0.50,9001,');
    expect(body).toContain(',USD,-30.00,');
    expect(body).toContain(',Processing,');
    expect(body).toContain(',USD,2500.00,Bank transfer in,');
    expect(body).not.toContain('After the snapshot');
  });

  it('is the customer’s own: status, download and send are ENOA for anyone else', async () => {
    const started = await start(personalToken, {});
    await testApp.app.jobs.runDue();
    const foreignStatus = await status(businessToken, started.exportId);
    expect(foreignStatus.statusCode).toBe(403);
    expect(foreignStatus.json()).toMatchObject({ responseCode: 'ENOA' });
    const foreignDownload = await download(businessToken, started.exportId);
    expect(foreignDownload.statusCode).toBe(403);
    expect(foreignDownload.json()).toMatchObject({ responseCode: 'ENOA' });
    const foreignSend = await callMethod(testApp.app, 'historyExportSend', {
      token: businessToken,
      params: { exportId: started.exportId },
    });
    expect(foreignSend.statusCode).toBe(403);
    const unknown = await status(personalToken, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(403);
    const foreignAccount = await callMethod(testApp.app, 'historyExportStart', {
      token: businessToken,
      params: { filter: { accountId: personal.USD.accountId } },
    });
    expect(foreignAccount.statusCode).toBe(403);
    expect(
      (await testApp.app.inject({ method: 'GET', url: `/files/history-exports/${started.exportId}.csv` })).statusCode,
    ).toBe(401);
  });

  it('mails the signed-in user a link to a ready export', async () => {
    const started = await start(personalToken, { transactionType: 'p2p' });
    const early = await callMethod(testApp.app, 'historyExportSend', {
      token: personalToken,
      params: { exportId: started.exportId },
    });
    expect(early.statusCode).toBe(400);
    await testApp.app.jobs.runDue();
    const sent = await callMethod(testApp.app, 'historyExportSend', {
      token: personalToken,
      params: { exportId: started.exportId },
    });
    expect(sent.json()).toMatchObject({ responseCode: '00', sentTo: DEMO_USERS.personal });
    const [mail] = await listOutboundMessages(testApp.database.db, { recipient: DEMO_USERS.personal, limit: 1 });
    expect(mail?.subject).toContain('export is ready');
    expect(mail?.body).toContain(`/history?exportId=${started.exportId}`);
  });

  it('writes the header row and the e-mail in the customer’s language; the values stay exact', async () => {
    const started = await start(personalToken, { accountId: personal.USD.accountId, status: 'all' });
    await testApp.app.jobs.runDue();
    const english = (await download(personalToken, started.exportId)).body.replace(/^\uFEFF/, '').split('\n');
    const romanian = (await download(personalToken, started.exportId, { 'accept-language': 'ro-RO,ro;q=0.9' })).body
      .replace(/^\uFEFF/, '')
      .split('\n');
    expect(romanian[0]).toBe(
      'Data (UTC),Cont,Moneda,Suma,Tip,Descriere,Contrapartidă,E-mailul contrapartidei,Stare,Referință,Notă,Comision,ID transfer,ID înregistrare',
    );
    expect(romanian).toHaveLength(english.length);
    const german = (await download(personalToken, started.exportId, { 'accept-language': 'de' })).body;
    expect(german.replace(/^\uFEFF/, '').split('\n')[0]).toBe(english[0]);
    const byQuery = await testApp.app.inject({
      method: 'GET',
      url: `/files/history-exports/${started.exportId}.csv?lang=ru`,
      headers: { authorization: `Bearer ${personalToken}`, 'accept-language': 'ro' },
    });
    expect(byQuery.body.replace(/^\uFEFF/, '').split('\n')[0]).toMatch(/^Дата \(UTC\),Счёт,Валюта,Сумма,/);

    const sent = await callMethod(testApp.app, 'historyExportSend', {
      token: personalToken,
      params: { exportId: started.exportId, lang: 'ro' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await listOutboundMessages(testApp.database.db, { recipient: DEMO_USERS.personal, limit: 1 });
    expect(mail?.subject).toContain('exportul istoricului tranzacțiilor este gata');
    expect(mail?.body).toContain('Autentificați-vă și deschideți-l aici:');
    expect(mail?.body).toContain(`/history?exportId=${started.exportId}`);
    const sentInUkrainian = await callMethod(testApp.app, 'historyExportSend', {
      token: personalToken,
      params: { exportId: started.exportId },
      headers: { 'accept-language': 'uk-UA' },
    });
    expect(sentInUkrainian.statusCode).toBe(200);
    const [ukrainian] = await listOutboundMessages(testApp.database.db, { recipient: DEMO_USERS.personal, limit: 1 });
    expect(ukrainian?.subject).toContain('вивантаження історії операцій готове');
  });

  it('writes the type and status cells in the customer’s language, the English file as before', async () => {
    const TYPE = 4;
    const STATUS = 8;
    const started = await start(personalToken, { accountId: personal.USD.accountId, status: 'all' });
    await testApp.app.jobs.runDue();
    const english = csvRowsOf((await download(personalToken, started.exportId)).body).slice(1);
    const romanian = csvRowsOf(
      (await download(personalToken, started.exportId, { 'accept-language': 'ro-RO,ro;q=0.9' })).body,
    ).slice(1);

    expect(english.map((cells) => cells[TYPE])).toEqual(
      expect.arrayContaining(['Transfer with a customer', 'Fee', 'Bank transfer in']),
    );
    expect(new Set(english.map((cells) => cells[STATUS]))).toEqual(new Set(['Completed', 'Processing']));
    const romanianTypes: Record<string, string> = {
      'Transfer with a customer': 'Transfer cu un client',
      Fee: 'Comision',
      'Bank transfer in': 'Transfer bancar primit',
    };
    const romanianStatuses: Record<string, string> = { Completed: 'Finalizată', Processing: 'În procesare' };
    expect(romanian.map((cells) => [cells[TYPE], cells[STATUS]])).toEqual(
      english.map((cells) => [romanianTypes[cells[TYPE] ?? ''], romanianStatuses[cells[STATUS] ?? '']]),
    );
    // Everything else — dates, amounts, fees, names, ids — is the same text in every language.
    const otherCells = (cells: string[]) => cells.filter((_, index) => index !== TYPE && index !== STATUS);
    expect(romanian.map(otherCells)).toEqual(english.map(otherCells));
    expect(romanian.map(otherCells)).toContainEqual(expect.arrayContaining(['-25.50', '0.50', 'Dinner 50%']));

    const rejected = await start(personalToken, { accountId: personal.USD.accountId, status: 'rejected' });
    await testApp.app.jobs.runDue();
    const ukrainian = csvRowsOf(
      (await download(personalToken, rejected.exportId, { 'accept-language': 'uk-UA' })).body,
    ).slice(1);
    expect(ukrainian.map((cells) => [cells[3], cells[TYPE], cells[STATUS]])).toEqual([
      ['-12.00', 'Переказ із клієнтом', 'Відхилено'],
    ]);
  });

  it('keeps formulas out of spreadsheets and refuses expired exports', async () => {
    const clearing = await ledger.systemAccount(testApp.database.db, 'clearing', 'EUR');
    await ledger.postTransfer(testApp.database.db, {
      fromAccountId: clearing.id,
      toAccountId: personal.EUR.ledgerAccountId,
      amountMinor: 100n,
      currency: 'EUR',
      kind: 'incoming.bank',
      description: 'Bank transfer',
      metadata: { counterpartyName: '=HYPERLINK("http://evil.example","x")' },
    });
    const started = await start(personalToken, { accountId: personal.EUR.accountId });
    await testApp.app.jobs.runDue();
    const csv = (await download(personalToken, started.exportId)).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);

    await testApp.database.db.execute(
      sql`update history_exports set expires_at = now() - interval '1 minute' where id = ${started.exportId}::uuid`,
    );
    expect((await status(personalToken, started.exportId)).json()).toMatchObject({ export: { status: 'expired' } });
    const expired = await download(personalToken, started.exportId);
    expect(expired.statusCode).toBe(400);
  });
});
