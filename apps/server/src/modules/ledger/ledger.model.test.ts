import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helper';
import type { Database } from '../../db/client';
import { newCustomerId, outcomeOf } from './ledger-test-support';
import {
  command,
  CURRENCIES,
  DAY_MS,
  Model,
  openingCommands,
  resolveAmount,
  roomOf,
  type Command,
  type ModelAccount,
  type Outcome,
} from './ledger-model';
import * as ledger from './ledger.service';

/**
 * Model-based test: random sequences of ledger operations run against the database and against an
 * in-memory model of balances and holds; every outcome (success or the reason of a refusal) and,
 * after every step, every account must agree. Invariants of DESIGN.md §5 are checked on the way:
 * postings sum to zero per currency, balance = sum of postings, held = sum of pending holds,
 * available ≥ minimum, each hold resolves at most once.
 *
 * One database serves all runs; each run opens its own accounts, and the system accounts are
 * followed from their balance at the start of the run. The clock is fake and only moves forward.
 */

const RUNS = 50;
const STEPS = 30;

let database: TestDatabase;
let db: Database;
let clockMs = Date.parse('2031-01-01T00:00:00Z');
/** How often each command met each outcome, over all runs: a check that the runs did something. */
const outcomesSeen = new Map<string, number>();
let holdsExpired = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});

afterAll(async () => {
  await database.dispose();
});

async function openModelRun(): Promise<Model> {
  // Whatever an earlier (failed, shrinking) run left pending is swept first, out of this run's sight.
  clockMs += 91 * DAY_MS;
  while ((await ledger.expireHolds(db, { now: new Date(clockMs) })) > 0);
  const model = new Model();
  for (const currency of CURRENCIES) {
    for (const [purpose, target] of [
      ['clearing', model.clearing],
      ['fees', model.fees],
    ] as const) {
      const account = await ledger.systemAccount(db, purpose, currency);
      const modelAccount: ModelAccount = {
        id: account.id,
        currency,
        floor: null,
        balance: account.balanceMinor,
        held: account.heldMinor,
        isClosed: false,
      };
      target.set(currency, modelAccount);
      model.add(modelAccount);
    }
  }
  return model;
}

function transferPostings(from: ModelAccount, to: ModelAccount, amountMinor: bigint) {
  return [
    { accountId: from.id, amount: -amountMinor, currency: from.currency },
    { accountId: to.id, amount: amountMinor, currency: from.currency },
  ];
}

function recordTransaction(model: Model, posted: ledger.PostedTransaction): void {
  model.transactions.push({
    id: posted.id,
    postings: posted.postings.map((posting) => ({ accountId: posting.accountId, amount: posting.amountMinor })),
    isReversed: false,
  });
}

async function runCommand(model: Model, step: Command): Promise<void> {
  const now = new Date(clockMs);
  const accounts = model.customerAccounts;
  const check = (real: Outcome, expected: Outcome) => {
    const describeStep = JSON.stringify(step, (_, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    expect(real, `${step.type}: ${describeStep}`).toBe(expected);
    const seen = `${step.type}:${expected}`;
    outcomesSeen.set(seen, (outcomesSeen.get(seen) ?? 0) + 1);
  };

  switch (step.type) {
    case 'open': {
      const account = await ledger.openAccount(db, {
        customerId: await newCustomerId(db),
        currency: step.currency,
        minimumBalanceMinor: step.hasOverdraft ? -1_000n : 0n,
        balanceShardCount: step.isHot ? 3 : 0,
      });
      const modelAccount: ModelAccount = {
        id: account.id,
        currency: step.currency,
        floor: step.hasOverdraft ? -1_000n : 0n,
        balance: 0n,
        held: 0n,
        isClosed: false,
      };
      model.add(modelAccount);
      accounts.push(modelAccount);
      return;
    }
    case 'fund':
    case 'withdraw': {
      const account = model.pick(accounts, step.type === 'fund' ? step.account : step.from);
      if (account === undefined) return;
      const clearing = model.account((model.clearing.get(account.currency) as ModelAccount).id);
      const [from, to] = step.type === 'fund' ? [clearing, account] : [account, clearing];
      const amountMinor = step.type === 'fund' ? step.amount : resolveAmount(step.amount, roomOf(account));
      const postings = transferPostings(from, to, amountMinor);
      const expected = model.judge([], [postings]) ?? 'ok';
      let posted: ledger.PostedTransaction | undefined;
      const real = await outcomeOf(
        ledger
          .postTransfer(db, {
            fromAccountId: from.id,
            toAccountId: to.id,
            amountMinor,
            currency: from.currency,
            kind: `test.${step.type}`,
            description: step.type,
          })
          .then((result) => (posted = result)),
      );
      check(real, expected);
      if (posted !== undefined) {
        model.apply([], postings);
        recordTransaction(model, posted);
      }
      return;
    }
    case 'transfer': {
      const from = model.pick(accounts, step.from);
      const to = model.pick(accounts, step.to);
      if (from === undefined || to === undefined) return;
      const fees = model.fees.get(from.currency) as ModelAccount;
      const amountMinor = resolveAmount(step.amount, roomOf(from) - step.fee);
      const postings = [
        { accountId: from.id, amount: -(amountMinor + step.fee), currency: from.currency },
        { accountId: to.id, amount: amountMinor, currency: from.currency },
        ...(step.fee > 0n ? [{ accountId: fees.id, amount: step.fee, currency: from.currency }] : []),
      ];
      const expected = from === to ? 'invalidAmount' : (model.judge([], [postings]) ?? 'ok');
      let posted: ledger.PostedTransaction | undefined;
      const work =
        from === to
          ? ledger.postTransfer(db, {
              fromAccountId: from.id,
              toAccountId: to.id,
              amountMinor,
              currency: from.currency,
              kind: 'transfer.p2p',
              description: 'Transfer',
            })
          : ledger.postTransaction(db, {
              kind: 'transfer.p2p',
              description: 'Transfer',
              postings: postings.map((posting) => ({
                accountId: posting.accountId,
                amountMinor: posting.amount,
                currency: posting.currency,
              })),
            });
      check(await outcomeOf(work.then((result) => (posted = result))), expected);
      if (posted !== undefined) {
        model.apply([], postings);
        recordTransaction(model, posted);
      }
      return;
    }
    case 'hold': {
      const account = model.pick(accounts, step.account);
      const to = model.pick(accounts, step.to);
      if (account === undefined || to === undefined) return;
      const amountMinor = resolveAmount(step.amount, roomOf(account));
      let expected: Outcome;
      if (account === to) expected = 'invalidAmount';
      else if (to.isClosed) expected = 'closedAccount';
      else if (to.currency !== account.currency) expected = 'currencyMismatch';
      else expected = model.judge([{ accountId: account.id, delta: amountMinor }], []) ?? 'ok';
      let hold: ledger.LedgerHold | undefined;
      const real = await outcomeOf(
        ledger
          .placeHold(db, {
            accountId: account.id,
            toAccountId: to.id,
            amountMinor,
            currency: account.currency,
            expiresAt: new Date(clockMs + step.ttlMs),
            kind: 'card.authorization',
            description: 'Hold',
            now,
          })
          .then((result) => (hold = result)),
      );
      check(real, expected);
      if (hold !== undefined) {
        model.apply([{ accountId: account.id, delta: amountMinor }], []);
        model.holds.push({
          id: hold.id,
          accountId: account.id,
          toAccountId: to.id,
          amount: amountMinor,
          expiresAtMs: clockMs + step.ttlMs,
          status: 'pending',
        });
      }
      return;
    }
    case 'postHold': {
      const hold = model.pick(model.holds, step.hold);
      if (hold === undefined) return;
      const postedAmount = step.amount === null ? hold.amount : resolveAmount(step.amount, hold.amount);
      let expected: Outcome;
      if (hold.status !== 'pending' || hold.expiresAtMs <= clockMs) expected = 'holdNotPending';
      else if (postedAmount > hold.amount) expected = 'invalidAmount';
      else expected = 'ok';
      let result: Awaited<ReturnType<typeof ledger.postHold>> | undefined;
      const real = await outcomeOf(
        ledger
          .postHold(db, { holdId: hold.id, amountMinor: step.amount === null ? undefined : postedAmount, now })
          .then((posted) => (result = posted)),
      );
      check(real, expected);
      if (result !== undefined) {
        const postings = [
          { accountId: hold.accountId, amount: -postedAmount },
          { accountId: hold.toAccountId, amount: postedAmount },
        ];
        model.apply([{ accountId: hold.accountId, delta: -hold.amount }], postings);
        hold.status = 'posted';
        recordTransaction(model, result.transaction);
      }
      return;
    }
    case 'voidHold': {
      const hold = model.pick(model.holds, step.hold);
      if (hold === undefined) return;
      const expected: Outcome = hold.status === 'pending' ? 'ok' : 'holdNotPending';
      check(await outcomeOf(ledger.voidHold(db, { holdId: hold.id, now })), expected);
      if (expected === 'ok') {
        model.apply([{ accountId: hold.accountId, delta: -hold.amount }], []);
        hold.status = 'voided';
      }
      return;
    }
    case 'advance': {
      clockMs += step.ms;
      await expireAll(model);
      return;
    }
    case 'batch': {
      const transfers = step.transfers.flatMap((transfer) => {
        const from = model.pick(accounts, transfer.from);
        const to = model.pick(accounts, transfer.to);
        return from === undefined || to === undefined
          ? []
          : [{ from, to, amount: resolveAmount(transfer.amount, roomOf(from)) }];
      });
      if (transfers.length === 0) return;
      const steps = transfers.map((transfer) => transferPostings(transfer.from, transfer.to, transfer.amount));
      const expected = transfers.some((transfer) => transfer.from === transfer.to)
        ? 'invalidAmount'
        : (model.judge([], steps) ?? 'ok');
      let posted: ledger.PostedTransaction[] | undefined;
      const real = await outcomeOf(
        ledger
          .postBatch(db, {
            transfers: transfers.map((transfer) => ({
              fromAccountId: transfer.from.id,
              toAccountId: transfer.to.id,
              amountMinor: transfer.amount,
              currency: transfer.from.currency,
              kind: 'payout.mass',
              description: 'Batch',
            })),
          })
          .then((result) => (posted = result)),
      );
      check(real, expected);
      if (posted !== undefined) {
        model.apply([], steps.flat());
        posted.forEach((transaction) => recordTransaction(model, transaction));
      }
      return;
    }
    case 'reverse': {
      const original = model.pick(model.transactions, step.transaction);
      if (original === undefined) return;
      const negated = original.postings.map((posting) => ({
        accountId: posting.accountId,
        amount: -posting.amount,
        currency: model.account(posting.accountId).currency,
      }));
      const expected = original.isReversed ? 'alreadyReversed' : (model.judge([], [negated]) ?? 'ok');
      let posted: ledger.PostedTransaction | undefined;
      const real = await outcomeOf(
        ledger
          .reverseTransaction(db, { transactionId: original.id, description: 'Reversal' })
          .then((result) => (posted = result)),
      );
      check(real, expected);
      if (posted !== undefined) {
        model.apply([], negated);
        original.isReversed = true;
        recordTransaction(model, posted);
      }
      return;
    }
    case 'close': {
      const account = model.pick(accounts, step.account);
      if (account === undefined) return;
      const hasPendingHolds = model.holds.some(
        (hold) => hold.status === 'pending' && (hold.accountId === account.id || hold.toAccountId === account.id),
      );
      const expected: Outcome =
        account.isClosed || (account.balance === 0n && account.held === 0n && !hasPendingHolds)
          ? 'ok'
          : 'accountNotEmpty';
      check(await outcomeOf(ledger.closeAccount(db, { accountId: account.id, now })), expected);
      if (expected === 'ok') account.isClosed = true;
      return;
    }
  }
}

/** Sweeps until nothing is left at the current time; the model expires the same holds. */
async function expireAll(model: Model): Promise<void> {
  const due = model.holds.filter((hold) => hold.status === 'pending' && hold.expiresAtMs <= clockMs);
  let expired = 0;
  for (;;) {
    const count = await ledger.expireHolds(db, { now: new Date(clockMs) });
    if (count === 0) break;
    expired += count;
  }
  expect(expired).toBe(due.length);
  holdsExpired += expired;
  for (const hold of due) {
    model.apply([{ accountId: hold.accountId, delta: -hold.amount }], []);
    hold.status = 'expired';
  }
}

/**
 * Sums of all postings, kept up to date from the postings added since the last look (one writer
 * here, so ids arrive in order): per account, to check balance = sum of postings after every step
 * without rescanning, and per currency, which must stay zero.
 */
const postingSums = { lastId: 0n, byAccount: new Map<number, bigint>(), byCurrency: new Map<string, bigint>() };

async function readNewPostings(): Promise<void> {
  const result = await db.execute(sql`
    select account_id::text as account_id, currency, sum(amount_minor)::text as total, max(id)::text as last_id
    from ledger_postings where id > ${postingSums.lastId.toString()}::bigint
    group by account_id, currency`);
  for (const row of rowsOf<{ account_id: string; currency: string; total: string; last_id: string }>(result)) {
    const accountId = Number(row.account_id);
    postingSums.byAccount.set(accountId, (postingSums.byAccount.get(accountId) ?? 0n) + BigInt(row.total));
    postingSums.byCurrency.set(row.currency, (postingSums.byCurrency.get(row.currency) ?? 0n) + BigInt(row.total));
    if (BigInt(row.last_id) > postingSums.lastId) postingSums.lastId = BigInt(row.last_id);
  }
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Every model account against the database: cached figures, their sources, the floor, the holds. */
async function compareWithDatabase(model: Model): Promise<void> {
  const ids = [...model.accounts.keys()];
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const accounts = rowsOf<{ id: string; status: string; balance: string; held: string; pending: string }>(
    await db.execute(sql`
      select a.id::text as id, a.status,
             (a.balance_minor + coalesce((select sum(s.balance_minor) from ledger_balance_shards s where s.account_id = a.id), 0))::text as balance,
             a.held_minor::text as held,
             coalesce((select sum(h.amount_minor) from ledger_holds h where h.account_id = a.id and h.status = 'pending'), 0)::text as pending
      from ledger_accounts a
      where a.id in (${idList})`),
  );
  await readNewPostings();
  for (const [currency, total] of postingSums.byCurrency) expect(total, `sum of ${currency} postings`).toBe(0n);
  expect(accounts).toHaveLength(ids.length);
  for (const row of accounts) {
    const account = model.account(Number(row.id));
    const actual = { balance: BigInt(row.balance), held: BigInt(row.held), isClosed: row.status === 'closed' };
    expect(actual, `account ${row.id}`).toEqual({
      balance: account.balance,
      held: account.held,
      isClosed: account.isClosed,
    });
    expect(postingSums.byAccount.get(account.id) ?? 0n, `account ${row.id}: balance = sum of postings`).toBe(
      actual.balance,
    );
    expect(BigInt(row.pending), `account ${row.id}: held = sum of pending holds`).toBe(actual.held);
    if (account.floor !== null) expect(actual.balance - actual.held >= account.floor).toBe(true);
  }
  if (model.holds.length > 0) {
    const holds = rowsOf<{ id: string; status: string }>(
      await db.execute(
        sql`select id::text as id, status from ledger_holds where id in (${sql.join(
          model.holds.map((hold) => sql`${hold.id}`),
          sql`, `,
        )})`,
      ),
    );
    const statuses = new Map(holds.map((row) => [Number(row.id), row.status]));
    for (const hold of model.holds) expect(statuses.get(hold.id), `hold ${hold.id}`).toBe(hold.status);
  }
}

describe('ledger against an in-memory model', () => {
  it(`agrees on ${RUNS} random sequences of up to ${STEPS} operations`, async () => {
    await fc.assert(
      fc.asyncProperty(
        openingCommands,
        fc.array(command, { minLength: STEPS / 2, maxLength: STEPS }),
        async (opening, commands) => {
          const model = await openModelRun();
          for (const step of [...opening, ...commands]) {
            await runCommand(model, step);
            await compareWithDatabase(model);
          }
          // End of the run: every hold of it resolves, so the next run's sweeps meet only their own.
          clockMs += 91 * DAY_MS;
          await expireAll(model);
          await compareWithDatabase(model);
          for (const hold of model.holds) expect(hold.status).not.toBe('pending');
        },
      ),
      { numRuns: RUNS },
    );
    // The runs must have exercised successes and refusals alike, or they proved little.
    for (const seen of [
      'transfer:ok',
      'transfer:insufficientFunds',
      'transfer:currencyMismatch',
      'hold:ok',
      'hold:insufficientFunds',
      'postHold:ok',
      'postHold:holdNotPending',
      'voidHold:ok',
      'batch:ok',
      'batch:insufficientFunds',
      'reverse:ok',
      'close:ok',
    ]) {
      expect(outcomesSeen.get(seen) ?? 0, seen).toBeGreaterThan(0);
    }
    expect(holdsExpired).toBeGreaterThan(0);
    // And the whole ledger all runs left behind, every account and transaction of it.
    const report = await ledger.verifyLedger(db);
    expect(
      report.isConsistent,
      JSON.stringify(report, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
    ).toBe(true);
  }, 120_000);
});
