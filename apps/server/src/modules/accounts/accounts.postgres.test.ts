import type { Account } from '@app/shared/api/accounts';
import { HISTORY_PAGE_SIZE } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMethod, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { DEMO_USERS } from '../../db/seed';
import * as historyService from '../history/history.service';
import * as ledger from '../ledger/ledger.service';
import * as accountsService from './accounts.service';
import { receiveIncomingTransfer, SANDBOX_RAIL, settleIncomingTransfer } from './incoming-transfers.service';

/**
 * What only real concurrency shows (PGlite has one connection, so its transactions never meet):
 * opening the same account from many requests at once, settling one incoming transfer from two
 * job runners at once, and the history staying an index walk on an account with many postings.
 */
const isPostgres = process.env.DATABASE_URL !== undefined;

let testApp: TestApp;
let token: string;
let customerId: number;

beforeAll(async () => {
  if (!isPostgres) return;
  testApp = await createTestApp({ seed: true });
  token = (await signIn(testApp.app, DEMO_USERS.business)).accessToken;
  const info = await callMethod(testApp.app, 'customerInfoGet', { token });
  customerId = info.json<{ customer: { customerId: number } }>().customer.customerId;
});

afterAll(async () => {
  if (isPostgres) await testApp.close();
});

describe.skipIf(!isPostgres)('accounts on PostgreSQL under concurrency', () => {
  it('opens one account when many requests add the same currency at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        callMethod(testApp.app, 'accountAddCurrency', { token, params: { currencyCode: 'RON' } }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const bodies = answers.map((answer) => answer.json<{ account: Account; isCreated: boolean }>());
    expect(new Set(bodies.map((body) => body.account.accountId)).size).toBe(1);
    expect(bodies.filter((body) => body.isCreated)).toHaveLength(1);
    const accounts = await accountsService.listCustomerAccounts(testApp.database.db, { customerId });
    expect(accounts.filter((account) => account.currency === 'RON')).toHaveLength(1);
  });

  it('credits an incoming transfer once when two runners settle it at the same moment', async () => {
    const { db } = testApp.database;
    const reference = await accountsService.ensureFundingReference(db, { customerId });
    const account = await accountsService.findFundingAccount(db, { customerId, currency: 'EUR' });
    if (account === null) throw new Error('business has no EUR account');
    const before = (await ledger.getAccount(db, account.ledgerAccountId)).balanceMinor;
    const { transfer } = await receiveIncomingTransfer(db, {
      rail: SANDBOX_RAIL,
      reference,
      payerName: 'Race Payer',
      amountMinor: 12_345n,
      currency: 'EUR',
    });
    const outcomes = await Promise.all([
      settleIncomingTransfer(db, { incomingTransferId: transfer.id }),
      settleIncomingTransfer(db, { incomingTransferId: transfer.id }),
      settleIncomingTransfer(db, { incomingTransferId: transfer.id }),
    ]);
    expect(new Set(outcomes.map((outcome) => outcome.ledgerTransactionId)).size).toBe(1);
    expect(outcomes.every((outcome) => outcome.status === 'settled')).toBe(true);
    expect((await ledger.getAccount(db, account.ledgerAccountId)).balanceMinor - before).toBe(12_345n);
    const report = await ledger.verifyLedger(db);
    expect(report.balanceDifferences).toEqual([]);
    expect(report.unbalancedTransactions).toEqual([]);
  });

  it('reads a page of history by index, without scanning or sorting the postings of a busy account', async () => {
    const { db } = testApp.database;
    const usd = await accountsService.findFundingAccount(db, { customerId, currency: 'USD' });
    if (usd === null) throw new Error('business has no USD account');
    // Volume for the planner only: raw rows in a throw-away database, not money movements.
    await db.execute(sql`
      with t as (
        insert into ledger_transactions (kind, description, created_at)
        select 'incoming.bank', 'Bulk ' || n, now() - (n || ' seconds')::interval from generate_series(1, 200000) n
        returning id, created_at
      )
      insert into ledger_postings (transaction_id, account_id, amount_minor, currency, created_at)
      select id, ${usd.ledgerAccountId}::bigint, 100, 'USD', created_at from t`);
    await db.execute(sql`analyze ledger_postings`);
    await db.execute(sql`analyze ledger_transactions`);

    const started = performance.now();
    const page = await historyService.transactionHistory(db, {
      customerId,
      filter: { transactionDirection: 'all', status: 'all' },
      pageNumber: 1,
    });
    const elapsedMs = performance.now() - started;
    expect(page.transactions).toHaveLength(HISTORY_PAGE_SIZE);
    expect(page).toMatchObject({ results: 10_000, isResultsCapped: true });
    // Generous for a shared 2-core machine; a scan of 200 000 rows with a sort takes far longer.
    expect(elapsedMs).toBeLessThan(2_000);

    const scope = await historyService.historyScopeOf(db, {
      customerId,
      filter: { transactionDirection: 'all', status: 'all', accountId: usd.accountId },
    });
    const deep = await historyService.transactionHistory(db, {
      customerId,
      filter: { transactionDirection: 'all', status: 'all', accountId: usd.accountId },
      pageNumber: 1,
      cursor: historyService.encodeCursor({ createdAt: '2000-01-01T00:00:00.000000Z', source: 0, id: '1' }),
    });
    expect(deep.transactions).toHaveLength(0);
    const plan = await db.execute(sql`
      explain select p.id from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
      where p.account_id = ${scope.query.accounts[0]?.ledgerAccountId}::bigint
      order by p.created_at desc, p.id desc limit 21`);
    const planText = (plan as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(planText).toMatch(/Index Scan Backward using ledger_postings_account_history_idx/);
    expect(planText).not.toMatch(/Seq Scan on ledger_postings|Sort/);
  });
});
