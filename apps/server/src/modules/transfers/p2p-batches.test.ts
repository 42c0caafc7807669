import { randomUUID } from 'node:crypto';
import { AccountType } from '@app/shared/accounts';
import type { TransferResult } from '@app/shared/api/transfers';
import { AccessRight } from '@app/shared/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, expectCheckViolation, type TestApp } from '../../../test/helper';
import { idempotencyKeys } from '../../db/schema/platform';
import { customerAccess, terms, users } from '../../db/schema/customers';
import { DEMO_FACTOR_USERS, DEMO_USERS } from '../../db/seed';
import * as ledger from '../ledger/ledger.service';
import * as blacklist from '../security/blacklist.service';
import { createLimitsDirectory } from './limits-directory';
import { createP2PBatcher, type P2PBatcher, type P2PBatchRequest } from './p2p-batches';
import { writeP2PBatch, type P2PBatchWrite } from './p2p-batches.repository';
import { createSystemAccountDirectory } from './system-accounts';
import * as repository from './transfers.repository';
import { accountOf, call, customerIdOf, fund, moneyOf, newKey, ok, tokenOf, userIdOf } from './transfers-test-support';
import * as accountsService from '../accounts/accounts.service';
import * as customersService from '../customers/customers.service';

/**
 * The group commit of P2P transfers (p2p-batches.ts), through the main API: concurrent plain
 * transfers are made in batches, each exactly once; what a batch cannot post goes on the single
 * path and gets the single path's answer; and every answer is the one a replay of its key gets.
 */
let testApp: TestApp;
let batches: P2PBatcher;
const tokens = { kyc: '', business: '', otp: '' };
const ids = { kyc: 0, business: 0, otp: 0, kycUsd: 0, businessUsd: 0, otpUsd: 0 };

beforeAll(async () => {
  testApp = await createTestApp({ seed: true });
  if (testApp.p2pBatches === null) throw new Error('the app has no P2P batches');
  batches = testApp.p2pBatches;
  tokens.kyc = await tokenOf(testApp, DEMO_USERS.kyc);
  tokens.business = await tokenOf(testApp, DEMO_USERS.business);
  tokens.otp = await tokenOf(testApp, DEMO_FACTOR_USERS.otp);
  ids.kyc = await customerIdOf(testApp, tokens.kyc);
  ids.business = await customerIdOf(testApp, tokens.business);
  ids.otp = await customerIdOf(testApp, tokens.otp);
  await ok(testApp, tokens.kyc, 'accountAddCurrency', { currencyCode: 'USD' });
  await ok(testApp, tokens.otp, 'accountAddCurrency', { currencyCode: 'USD' });
  ids.kycUsd = (await accountOf(testApp, tokens.kyc, 'USD')).accountId;
  ids.businessUsd = (await accountOf(testApp, tokens.business, 'USD')).accountId;
  ids.otpUsd = (await accountOf(testApp, tokens.otp, 'USD')).accountId;
});

afterAll(async () => {
  await testApp.close();
});

async function expectLedgerConsistent(): Promise<void> {
  const report = await ledger.verifyLedger(testApp.database.db);
  expect(report.isConsistent).toBe(true);
}

function p2p(token: string, params: { accountId: number; amount: string; toEmail: string; idempotencyKey?: string }) {
  return call<TransferResult>(testApp, token, 'transferP2P', {
    currency: 'USD',
    idempotencyKey: newKey(),
    ...params,
  });
}

function balanceOf(customerId: number, accountId: number): Promise<bigint> {
  return moneyOf(testApp.database.db, { customerId, accountId }).then((money) => money.balanceMinor);
}

/** A plain P2P transfer of 1.00 USD (and its 0.01 fee) from kyc to business, for the batcher itself. */
async function oneDollarFromKyc(): Promise<P2PBatchRequest> {
  return {
    actor: {
      session: { userId: await userIdOf(testApp, DEMO_USERS.kyc), sessionId: randomUUID(), isAdmin: false },
      customerId: ids.kyc,
      ip: null,
      language: 'en',
    },
    acting: { fromCustomerId: null, checksTerms: true },
    accountId: ids.kycUsd,
    amount: '1.00',
    currency: 'USD',
    toEmail: DEMO_USERS.business,
    note: undefined,
    reference: undefined,
    idempotencyKey: newKey(),
    hashed: {},
    now: new Date(),
  };
}
describe('P2P batches', () => {
  it('makes 20 concurrent transfers in batches, each once, each answer the one its key replays', async () => {
    // 20 × (10.00 + its 0.5 % fee of 0.05).
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '201.00', currency: 'USD' });
    const payeeBefore = await balanceOf(ids.business, ids.businessUsd);
    const before = batches.stats();
    const keys = Array.from({ length: 20 }, () => newKey());
    const answers = await Promise.all(
      keys.map((idempotencyKey) =>
        p2p(tokens.kyc, { accountId: ids.kycUsd, amount: '10.00', toEmail: DEMO_USERS.business, idempotencyKey }),
      ),
    );
    for (const answer of answers) {
      expect(answer.body).toMatchObject({ responseCode: '00', status: 'completed', fee: '0.05', toAmount: '10.00' });
    }
    expect(new Set(answers.map((answer) => answer.body.transactionId)).size).toBe(20);
    const after = batches.stats();
    expect(after.made - before.made).toBe(20);
    expect(after.failures).toBe(before.failures);
    expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(0n);
    expect((await balanceOf(ids.business, ids.businessUsd)) - payeeBefore).toBe(20_000n);

    const replays = await Promise.all(
      keys.map((idempotencyKey) =>
        p2p(tokens.kyc, { accountId: ids.kycUsd, amount: '10.00', toEmail: DEMO_USERS.business, idempotencyKey }),
      ),
    );
    replays.forEach((replay, index) => expect(replay.body).toEqual(answers[index]?.body));
    expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(0n);
    // The history shows each transfer once: 20 transfers and the funding.
    const history = await ok<{ results: number }>(testApp, tokens.kyc, 'transactionHistory', {
      accountId: ids.kycUsd,
    });
    expect(history.results).toBe(21);
    await expectLedgerConsistent();
  });

  it('carries the transfers that arrive while one batch is written in the next, in one transaction', async () => {
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '5.05', currency: 'USD' });
    const lunch = { ...(await oneDollarFromKyc()), note: 'Lunch' };
    const before = batches.stats();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => batches.submit({ ...lunch, idempotencyKey: newKey() })),
    );
    // The first goes at once, alone; the four that came meanwhile go together.
    expect(batches.stats().batches - before.batches).toBe(2);
    expect(results.map((result) => result?.status)).toEqual(Array(5).fill('completed'));
    expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(0n);
    await expectLedgerConsistent();
  });

  it('plans a batch while the one before it writes with what that one takes', async () => {
    // Two of three fit: 2 × 1.01. The second batch (two transfers) is planned while the first
    // (one) writes, before its commit: it counts the first one's debit, so its write never fails.
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '2.02', currency: 'USD' });
    const before = batches.stats();
    const requests = [await oneDollarFromKyc(), await oneDollarFromKyc(), await oneDollarFromKyc()];
    const results = await Promise.all(requests.map((item) => batches.submit(item)));
    // The one left out goes on the single path (null here), which refuses it.
    expect(results.map((result) => result?.status ?? null)).toEqual(['completed', 'completed', null]);
    expect(batches.stats().failures).toBe(before.failures);
    expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(0n);
    await expectLedgerConsistent();
  });

  /**
   * A batcher of its own whose writes wait until the test lets each go, in the order it chooses;
   * `onHeld` is called as each write is held, before the writer goes on.
   */
  function heldBatcher(onHeld: (count: number) => void = () => undefined) {
    const held: { write: P2PBatchWrite; go(): void }[] = [];
    let isHolding = true;
    const batcher = createP2PBatcher(
      testApp.database.db,
      {
        systemAccounts: createSystemAccountDirectory(),
        limits: createLimitsDirectory(),
        live: { notificationsOf: () => [] },
      },
      testApp.app.log,
      {
        writeBatch: async (db, write) => {
          if (isHolding) {
            await new Promise<void>((go) => {
              held.push({ write, go });
              onHeld(held.length);
            });
          }
          return writeP2PBatch(db, write);
        },
      },
    );
    const holdNoMore = () => {
      isHolding = false;
      for (const item of held) item.go();
    };
    return { batcher, held, holdNoMore };
  }

  async function until(condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('the batcher never came to the awaited state');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it('plans a batch while two before it write with what both take', async () => {
    // Three of four fit: 3 × 1.01. Two come together and go in two writes (the first goes alone);
    // two more come as the second write starts, and their batch is planned while both are held.
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '3.03', currency: 'USD' });
    const requests = [
      await oneDollarFromKyc(),
      await oneDollarFromKyc(),
      await oneDollarFromKyc(),
      await oneDollarFromKyc(),
    ];
    const answers: Promise<TransferResult | null>[] = [];
    const { batcher, held } = heldBatcher((count) => {
      if (count === 2) answers.push(...requests.slice(2).map((request) => batcher.submit(request)));
    });
    answers.push(...requests.slice(0, 2).map((request) => batcher.submit(request)));
    await until(() => held.length === 2);
    // The third batch, planned on what the first batch's read found less what both writes take:
    // one fits, and the one left out waits for both writes, to read again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held).toHaveLength(2);
    held[1]?.go();
    held[0]?.go();
    await until(() => held.length === 3);
    held[2]?.go();
    const results = await Promise.all(answers);
    // The one left out goes on the single path (null here), which refuses it.
    expect(results.map((result) => result?.status ?? null)).toEqual(['completed', 'completed', 'completed', null]);
    expect(held.map(({ write }) => write.transfers.length)).toEqual([1, 1, 1]);
    expect(batcher.stats()).toMatchObject({ batches: 3, made: 3, failures: 0 });
    expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(0n);
    await expectLedgerConsistent();
  });

  it('knows an account as the write that committed last left it, whichever started first', async () => {
    // Two fit: 2 × 1.01. The second write commits before the first; the first's answer, which
    // arrives last, holds the balance after both (nothing left), and the next plan is made on it.
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '2.02', currency: 'USD' });
    const { batcher, held, holdNoMore } = heldBatcher();
    // Together: the first goes alone, the second in a write of its own while the first is held.
    const [first, second] = [await oneDollarFromKyc(), await oneDollarFromKyc()].map((request) =>
      batcher.submit(request),
    );
    await until(() => held.length === 2);
    held[1]?.go();
    await new Promise((resolve) => setTimeout(resolve, 50));
    held[0]?.go();
    expect((await Promise.all([first, second])).map((result) => result?.status)).toEqual(['completed', 'completed']);
    holdNoMore();
    const before = batcher.stats();
    // Planned on the second write's answer (1.01 left), it would be written, and the write would fail.
    expect(await batcher.submit(await oneDollarFromKyc())).toBeNull();
    expect(batcher.stats()).toMatchObject({ batches: 2, made: 2, failures: 0, reads: before.reads + 1 });
    expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(0n);
    await expectLedgerConsistent();
  });

  it('refuses alone what the balance cannot cover, and stores the refusal for the key', async () => {
    // Three of five transfers fit: 3 × 10.05.
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '30.15', currency: 'USD' });
    const keys = Array.from({ length: 5 }, () => newKey());
    const answers = await Promise.all(
      keys.map((idempotencyKey) =>
        p2p(tokens.kyc, { accountId: ids.kycUsd, amount: '10.00', toEmail: DEMO_USERS.business, idempotencyKey }),
      ),
    );
    const made = answers.filter((answer) => answer.body.responseCode === '00');
    const refused = answers.filter((answer) => answer.body.responseCode !== '00');
    expect(made).toHaveLength(3);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer.body.responseCode).toBe('VF');
      expect(answer.body.validationErrors).toEqual([{ field: 'amount', message: 'Insufficient funds.' }]);
    }
    expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(0n);
    // A refused key keeps its refusal, even once money arrives.
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '10.05', currency: 'USD' });
    const refusedKey = keys[answers.findIndex((answer) => answer.body.responseCode !== '00')];
    const replay = await p2p(tokens.kyc, {
      accountId: ids.kycUsd,
      amount: '10.00',
      toEmail: DEMO_USERS.business,
      idempotencyKey: refusedKey,
    });
    expect(replay.body.responseCode).toBe('VF');
    expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(1005n);
    await expectLedgerConsistent();
  });

  it('makes one transfer of a key sent five times at once, and refuses the key with another request', async () => {
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '5.00', currency: 'USD' });
    const before = await balanceOf(ids.kyc, ids.kycUsd);
    const idempotencyKey = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        p2p(tokens.kyc, { accountId: ids.kycUsd, amount: '1.00', toEmail: DEMO_USERS.business, idempotencyKey }),
      ),
    );
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(answers[0]?.body.responseCode).toBe('00');
    // 1.00 and its fee of 0.01 (0.005 rounded half up), once.
    expect(before - (await balanceOf(ids.kyc, ids.kycUsd))).toBe(101n);
    const other = await p2p(tokens.kyc, {
      accountId: ids.kycUsd,
      amount: '2.00',
      toEmail: DEMO_USERS.business,
      idempotencyKey,
    });
    expect(other.body.responseCode).toBe('IK');
    await expectLedgerConsistent();
  });

  it('sends what it does not make on the single path: an approval to give, an unknown payee, a closed account', async () => {
    await fund(testApp.database.db, { customerId: ids.otp, accountId: ids.otpUsd, amount: '50.00', currency: 'USD' });
    const before = batches.stats();
    const [held, unknown, own] = await Promise.all([
      p2p(tokens.otp, { accountId: ids.otpUsd, amount: '5.00', toEmail: DEMO_USERS.business }),
      p2p(tokens.kyc, { accountId: ids.kycUsd, amount: '1.00', toEmail: 'nobody@demo.test' }),
      p2p(tokens.kyc, { accountId: ids.businessUsd, amount: '1.00', toEmail: DEMO_USERS.personal }),
    ]);
    // The OTP user approves with their authenticator: held, not made by a batch.
    expect(held.body).toMatchObject({ responseCode: '00', status: 'awaitingApproval', approvalType: 3 });
    expect(unknown.body).toMatchObject({
      responseCode: 'VF',
      validationErrors: [{ field: 'toEmail', message: 'No customer signs in with this e-mail.' }],
    });
    // Someone else's account: refused as not available, whoever asks.
    expect(own.body.responseCode).toBe('ENOA');
    expect(batches.stats().made).toBe(before.made);
    await expectLedgerConsistent();
  });

  it('pays the customer a payee acts for by default when they act for two, as the single path does', async () => {
    // The payee's access rows are ordered default first, then by customer: the default here is
    // the later customer, so neither order alone picks it.
    const db = testApp.database.db;
    const email = `two-customers-${randomUUID()}@demo.test`;
    const payee = await customersService.createPendingUser(db, {
      email,
      passwordHash: 'not used: this user never signs in',
      firstName: 'Two',
      lastName: 'Customers',
    });
    if (payee === null) throw new Error('the payee was not created');
    expect(await customersService.activatePendingUser(db, { userId: payee.id })).toBe(true);
    const accountIds: number[] = [];
    const customerIds: number[] = [];
    for (const isDefault of [false, true]) {
      const customer = await customersService.createCustomer(db, {
        customerType: 'personal',
        firstName: 'Two',
        lastName: isDefault ? 'Default' : 'Other',
        brand: 'harbor',
      });
      await customersService.grantCustomerAccess(db, {
        userId: payee.id,
        customerId: customer.id,
        accessRights: AccessRight.FULL,
        permissions: [],
        isDefault,
      });
      const account = await accountsService.openCustomerAccount(db, {
        customerId: customer.id,
        typeId: AccountType.PAYMENT,
        currency: 'USD',
      });
      customerIds.push(customer.id);
      accountIds.push(account.accountId);
    }
    const [otherId = 0, defaultId = 0] = customerIds;
    const [otherAccountId = 0, defaultAccountId = 0] = accountIds;
    expect(otherId).toBeLessThan(defaultId);
    await fund(db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '1.01', currency: 'USD' });
    const before = batches.stats();
    const paid = await p2p(tokens.kyc, { accountId: ids.kycUsd, amount: '1.00', toEmail: email });
    expect(paid.body).toMatchObject({ responseCode: '00', status: 'completed' });
    expect(batches.stats().made - before.made).toBe(1);
    expect(await balanceOf(defaultId, defaultAccountId)).toBe(100n);
    expect(await balanceOf(otherId, otherAccountId)).toBe(0n);
    await expectLedgerConsistent();
  });

  it('keeps the daily limit across the transfers of one batch', async () => {
    // 100 000 USD a day: two of three concurrent 40 000 transfers fit, the third passes the limit.
    await fund(testApp.database.db, {
      customerId: ids.business,
      accountId: ids.businessUsd,
      amount: '130000.00',
      currency: 'USD',
    });
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        p2p(tokens.business, { accountId: ids.businessUsd, amount: '40000.00', toEmail: DEMO_USERS.kyc }),
      ),
    );
    const made = answers.filter((answer) => answer.body.responseCode === '00');
    const refused = answers.filter((answer) => answer.body.responseCode !== '00');
    expect(made).toHaveLength(2);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.body.validationErrors?.[0]).toMatchObject({ field: 'amount' });
    expect(refused[0]?.body.validationErrors?.[0]?.message).toMatch(/daily limit/);
    await expectLedgerConsistent();
  });
});

describe('what the writer knows', () => {
  const toBusiness = { accountId: 0, amount: '1.00', toEmail: DEMO_USERS.business };

  /** Takes money out of kyc's USD account by another path than the batches. */
  async function spendElsewhere(amountMinor: bigint): Promise<void> {
    const db = testApp.database.db;
    const account = await accountsService.requireCustomerAccount(db, { customerId: ids.kyc, accountId: ids.kycUsd });
    const clearing = await ledger.systemAccount(db, 'clearing', 'USD');
    await ledger.postTransfer(db, {
      fromAccountId: account.ledgerAccountId,
      toAccountId: clearing.id,
      amountMinor,
      currency: 'USD',
      kind: 'test.spending',
      description: 'Spent by another path',
    });
  }

  // Each test starts from an empty account (what the writer knows of it may be out of date).
  beforeEach(async () => {
    const balance = await balanceOf(ids.kyc, ids.kycUsd);
    if (balance > 0n) await spendElsewhere(balance);
  });

  it('plans a batch on what the last write returned, reading nothing', async () => {
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '3.03', currency: 'USD' });
    const first = await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
    expect(first.body.status).toBe('completed');
    const before = batches.stats();
    for (let index = 0; index < 2; index += 1) {
      const answer = await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
      expect(answer.body).toMatchObject({ responseCode: '00', status: 'completed' });
    }
    const after = batches.stats();
    expect(after.made - before.made).toBe(2);
    expect(after.reads).toBe(before.reads);
    expect(after.failures).toBe(before.failures);
    expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(0n);
    // A third does not fit: the plan leaves it out, a read finds the same, and the single path refuses it.
    const refused = await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
    expect(refused.body.validationErrors).toEqual([{ field: 'amount', message: 'Insufficient funds.' }]);
    expect(batches.stats().reads).toBe(before.reads + 1);
    await expectLedgerConsistent();
  });

  it('reads again when money arrived by another path since, and makes the transfer', async () => {
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '1.01', currency: 'USD' });
    await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '1.01', currency: 'USD' });
    const before = batches.stats();
    const answer = await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
    expect(answer.body).toMatchObject({ responseCode: '00', status: 'completed' });
    const after = batches.stats();
    expect(after.made - before.made).toBe(1);
    expect(after.reads - before.reads).toBe(1);
    expect(after.failures).toBe(before.failures);
    expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(0n);
  });

  it('finds out in its write that money left by another path, writes nothing, and the single path refuses', async () => {
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '2.02', currency: 'USD' });
    await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
    await spendElsewhere(101n);
    const before = batches.stats();
    const payeeBefore = await balanceOf(ids.business, ids.businessUsd);
    const answer = await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
    expect(answer.body.validationErrors).toEqual([{ field: 'amount', message: 'Insufficient funds.' }]);
    const after = batches.stats();
    expect(after.failures - before.failures).toBe(1);
    expect(after.made).toBe(before.made);
    expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(0n);
    expect(await balanceOf(ids.business, ids.businessUsd)).toBe(payeeBefore);
    await expectLedgerConsistent();
  });

  it('finds out in its write that the payee blocked the payer since, and the single path refuses', async () => {
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '2.02', currency: 'USD' });
    await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
    await blacklist.blockEmail(testApp.database.db, { customerId: ids.business, email: DEMO_USERS.kyc });
    try {
      const before = batches.stats();
      const blocked = await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
      expect(blocked.body.validationErrors?.[0]?.message).toMatch(/blacklist/);
      expect(batches.stats().failures - before.failures).toBe(1);
      expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(101n);
    } finally {
      await blacklist.unblockEmail(testApp.database.db, { customerId: ids.business, email: DEMO_USERS.kyc });
    }
    // Unblocked, the next transfer is read afresh and made.
    const answer = await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
    expect(answer.body).toMatchObject({ responseCode: '00', status: 'completed' });
    expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(0n);
  });

  it('finds out in its write that the payee can no longer be paid, and the single path refuses', async () => {
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '2.02', currency: 'USD' });
    await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
    const db = testApp.database.db;
    const payeeUserId = await userIdOf(testApp, DEMO_USERS.business);
    const payeeBefore = await balanceOf(ids.business, ids.businessUsd);
    await db.update(users).set({ status: 'blocked' }).where(eq(users.id, payeeUserId));
    try {
      const before = batches.stats();
      const refused = await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
      expect(refused.body.responseCode).toBe('VF');
      expect(refused.body.validationErrors?.[0]?.field).toBe('toEmail');
      expect(batches.stats().failures - before.failures).toBe(1);
      expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(101n);
      expect(await balanceOf(ids.business, ids.businessUsd)).toBe(payeeBefore);
    } finally {
      await db.update(users).set({ status: 'active' }).where(eq(users.id, payeeUserId));
    }
    await expectLedgerConsistent();
  });

  /**
   * A transfer after one the batch made, once `change` took effect: the dispatcher gives it the
   * customer of the call before, the batch write's check refuses, and the single path answers 403
   * with `responseCode`; nothing moves. `change` returns what undoes it.
   */
  async function expectRefusedAfter(change: () => Promise<() => Promise<void>>, responseCode: string) {
    await fund(testApp.database.db, { customerId: ids.kyc, accountId: ids.kycUsd, amount: '2.02', currency: 'USD' });
    await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
    const payeeBefore = await balanceOf(ids.business, ids.businessUsd);
    const undo = await change();
    try {
      const before = batches.stats();
      const refused = await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
      expect(refused.statusCode).toBe(403);
      expect(refused.body.responseCode).toBe(responseCode);
      expect(batches.stats().failures - before.failures).toBe(1);
      expect(batches.stats().made).toBe(before.made);
    } finally {
      await undo();
    }
    expect(await balanceOf(ids.kyc, ids.kycUsd)).toBe(101n);
    expect(await balanceOf(ids.business, ids.businessUsd)).toBe(payeeBefore);
    await expectLedgerConsistent();
  }

  it('finds out in its write that the payer no longer acts for the customer, and refuses that very call', async () => {
    const db = testApp.database.db;
    const access = and(
      eq(customerAccess.userId, await userIdOf(testApp, DEMO_USERS.kyc)),
      eq(customerAccess.customerId, ids.kyc),
    );
    await expectRefusedAfter(async () => {
      await db.update(customerAccess).set({ accessRights: AccessRight.NONE }).where(access);
      return async () => {
        await db.update(customerAccess).set({ accessRights: AccessRight.FULL }).where(access);
      };
    }, 'ENOA');
  });

  it('finds out in its write that new terms wait for the payer, and refuses that very call with them', async () => {
    const db = testApp.database.db;
    // Nothing the batch read changes: only the write's check of the acting context sees the terms.
    await expectRefusedAfter(async () => {
      const [published] = await db
        .insert(terms)
        .values({
          code: 'p2p-batch-terms',
          version: 1,
          title: 'Payments Terms',
          url: '/legal/p2p',
          audience: 'personal',
        })
        .returning({ id: terms.id });
      return async () => {
        if (published !== undefined) await db.delete(terms).where(eq(terms.id, published.id));
      };
    }, 'TE');
    // Withdrawn, the next transfer is made.
    const answer = await p2p(tokens.kyc, { ...toBusiness, accountId: ids.kycUsd });
    expect(answer.body).toMatchObject({ responseCode: '00', status: 'completed' });
  });

  it('finds out in its write that the payer must now approve, and the single path holds the transfer', async () => {
    await fund(testApp.database.db, { customerId: ids.otp, accountId: ids.otpUsd, amount: '2.02', currency: 'USD' });
    const otpUserId = await userIdOf(testApp, DEMO_FACTOR_USERS.otp);
    const db = testApp.database.db;
    const approveMode = async (mode: number) =>
      db.update(users).set({ transactionApproveMode: mode }).where(eq(users.id, otpUserId));
    const [{ mode } = { mode: 0 }] = await db
      .select({ mode: users.transactionApproveMode })
      .from(users)
      .where(eq(users.id, otpUserId));
    await approveMode(0);
    try {
      const made = await p2p(tokens.otp, { ...toBusiness, accountId: ids.otpUsd });
      expect(made.body).toMatchObject({ responseCode: '00', status: 'completed' });
      await approveMode(mode);
      const before = batches.stats();
      const held = await p2p(tokens.otp, { ...toBusiness, accountId: ids.otpUsd });
      expect(held.body).toMatchObject({ responseCode: '00', status: 'awaitingApproval' });
      expect(batches.stats().failures - before.failures).toBe(1);
      expect(batches.stats().made).toBe(before.made);
    } finally {
      await approveMode(mode);
    }
    await expectLedgerConsistent();
  });
});

describe('the batch write', () => {
  const nothingElse: Omit<P2PBatchWrite, 'keys' | 'usage'> = {
    sides: [],
    ledger: { transactions: [], accountChanges: [], shardChanges: [] },
    transfers: [],
    jobs: [],
    notifications: [],
  };

  async function isStored(request: { scope: string; key: string }): Promise<boolean> {
    const rows = await testApp.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, request.scope), eq(idempotencyKeys.key, request.key)));
    return rows.length === 1;
  }

  it('stores each key with its answer, and writes nothing when a key was used meanwhile or a limit would pass', async () => {
    const db = testApp.database.db;
    const request = () => ({ scope: `customer:${ids.kyc}`, key: newKey(), requestHash: 'a'.repeat(64) });
    const first = request();
    const { stored } = await writeP2PBatch(db, {
      ...nothingElse,
      keys: [{ request: first, value: { transferId: 1 } }],
      usage: [],
    });
    expect(stored).toEqual([[first.scope, first.key, { kind: 'result', value: { transferId: 1 } }]]);

    // A key stored since the batch read it: the batch's other key is not stored either.
    const second = request();
    await expectCheckViolation(
      writeP2PBatch(db, {
        ...nothingElse,
        keys: [
          { request: second, value: 2 },
          { request: first, value: 3 },
        ],
        usage: [],
      }),
      /guard failed/,
    );
    expect(await isStored(second)).toBe(false);

    // A day's usage past its limit: neither the usage nor the key is written.
    const usage = { customerId: ids.kyc, kind: 'p2p' as const, currency: 'GBP', day: '2026-01-01' };
    const usedMinor = () => repository.findDailyUsage(db, usage);
    await expectCheckViolation(
      writeP2PBatch(db, {
        ...nothingElse,
        keys: [{ request: second, value: 2 }],
        usage: [{ key: usage, amountMinor: 101n, dailyMaxMinor: 100n }],
      }),
      /guard failed/,
    );
    expect(await isStored(second)).toBe(false);
    expect(await usedMinor()).toBe(0n);
    await writeP2PBatch(db, {
      ...nothingElse,
      keys: [{ request: second, value: 2 }],
      usage: [{ key: usage, amountMinor: 100n, dailyMaxMinor: 100n }],
    });
    expect(await isStored(second)).toBe(true);
    expect(await usedMinor()).toBe(100n);
  });
});
