import assert from 'node:assert/strict';
import type { Account, PaymentInstruction } from '@app/shared/api/accounts';
import {
  AccountType,
  accountTypeNameOf,
  cardProductOf,
  type AccountSubType,
  type PaymentAccountCurrency,
  type WalletCurrency,
} from '@app/shared/accounts';
import { CLOSED_ACCOUNT_STATUS } from '@app/shared/constants';
import { formatAmount } from '@app/shared/money';
import { brandLegalOf } from '@app/shared/brand-legal';
import { errors } from '../../platform/errors';
import type { Database } from '../../db/client';
import * as ledger from '../ledger/ledger.service';
import * as repository from './accounts.repository';
import { generateFundingReference, fundingReferenceCandidates } from './funding-reference';
import { fundingRailOf, railDetailsOf } from './funding-rails';
import { sandboxDepositAddress } from './wallet-addresses';

/** The language a download is written in (other domains' documents use it too). */
export { documentLanguageOf } from './document-texts';

/**
 * Customer accounts (spec 001 §3): what the customer sees as an account, backed by one ledger
 * account that holds its money. Other domains reach accounts only through these functions.
 */

/** A limit on everything: no customer needs more accounts (currencies × types × cards) than this. */
export const MAX_ACCOUNTS_PER_CUSTOMER = 200;
/** Drawing a funding reference that is taken is a 1-in-10^12 event; five tries never all fail. */
const FUNDING_REFERENCE_ATTEMPTS = 5;

export interface CustomerAccount {
  accountId: number;
  customerId: number;
  typeId: number;
  currency: string;
  statusId: number;
  ledgerAccountId: number;
  aliasName: string | null;
  subType: AccountSubType | null;
  settlementAccountId: number | null;
  walletAddress: string | null;
  createdAt: Date;
}

function customerAccountOf(row: repository.AccountRow): CustomerAccount {
  return {
    accountId: row.id,
    customerId: row.customerId,
    typeId: row.typeId,
    currency: row.currency,
    statusId: row.statusId,
    ledgerAccountId: row.ledgerAccountId,
    aliasName: row.aliasName,
    subType: row.subType,
    settlementAccountId: row.settlementAccountId,
    walletAddress: row.walletAddress,
    createdAt: row.createdAt,
  };
}

/**
 * Opens an account and its ledger account together: both exist or neither does. An account funded
 * by bank transfer (payment or receiving, in a currency with a rail) gets its payment instructions,
 * and the customer a funding reference, in the same transaction.
 */
export async function openCustomerAccount(
  db: Database,
  params: {
    customerId: number;
    typeId: number;
    currency: string;
    aliasName?: string;
    subType?: AccountSubType;
    settlementAccountId?: number;
    walletAddress?: string;
    /** A merchant that receives many payments at once: see the ledger's balance shards. */
    balanceShardCount?: number;
  },
): Promise<CustomerAccount> {
  return db.transaction(async (tx) => {
    const ledgerAccount = await ledger.openAccount(tx, {
      customerId: params.customerId,
      currency: params.currency,
      balanceShardCount: params.balanceShardCount,
    });
    const row = await repository.insertAccount(tx, {
      customerId: params.customerId,
      typeId: params.typeId,
      currency: params.currency,
      ledgerAccountId: ledgerAccount.id,
      aliasName: params.aliasName ?? null,
      subType: params.subType ?? cardProductOf(params.typeId)?.subType ?? null,
      settlementAccountId: params.settlementAccountId ?? null,
      walletAddress: params.walletAddress ?? null,
    });
    const rail = fundingRailOf({ typeId: row.typeId, currency: row.currency });
    if (rail !== undefined) {
      await ensureFundingReference(tx, { customerId: row.customerId });
      await repository.insertPaymentInstruction(tx, { accountId: row.id, rail });
    }
    return customerAccountOf(row);
  });
}

/**
 * The customer's own account, or ENOA: another customer's id and an id that does not exist get the
 * same answer, so ids cannot be probed.
 */
export async function requireCustomerAccount(
  db: Database,
  params: { customerId: number; accountId: number },
): Promise<CustomerAccount> {
  const row = await repository.findCustomerAccount(db, params);
  if (row === null) throw errors.noAccess('This account is not available.');
  return customerAccountOf(row);
}

/** The customer's accounts, open and closed, oldest first. */
export async function listCustomerAccounts(db: Database, params: { customerId: number }): Promise<CustomerAccount[]> {
  const rows = await repository.findCustomerAccounts(db, {
    customerId: params.customerId,
    limit: MAX_ACCOUNTS_PER_CUSTOMER,
  });
  return rows.map(customerAccountOf);
}

/** The customer's open account of a type and currency, if any. */
export async function findOpenAccount(
  db: Database,
  params: { customerId: number; typeId: number; currency: string },
): Promise<CustomerAccount | null> {
  const row = await repository.findOpenAccountOfType(db, params);
  return row === null ? null : customerAccountOf(row);
}

/* What the customer sees */

function accountViewOf(account: CustomerAccount, money: ledger.LedgerAccount): Account {
  const { currency } = account;
  const minimum = money.minimumBalanceMinor ?? 0n;
  const product = cardProductOf(account.typeId);
  const isCard = product !== undefined;
  return {
    accountId: account.accountId,
    type: account.typeId,
    subType: account.subType ?? undefined,
    accountStatusId: account.statusId,
    currencyCode: currency,
    balance: formatAmount(money.balanceMinor, currency),
    accountBalanceMin: formatAmount(minimum, currency),
    pendingAmount: formatAmount(money.heldMinor, currency),
    availableBalance: formatAmount(money.availableMinor, currency),
    settlementAccountId: account.settlementAccountId ?? undefined,
    customerId: account.customerId,
    cardIsVirtual: isCard ? product.isVirtual : undefined,
    cardAliasName: isCard ? (account.aliasName ?? undefined) : undefined,
    name: account.aliasName ?? accountTypeNameOf(account.typeId),
    isCustomName: account.aliasName !== null,
    walletAddress: account.walletAddress ?? undefined,
    createdAt: account.createdAt.toISOString(),
  };
}

async function accountViewsOf(db: Database, customerId: number, accounts: CustomerAccount[]): Promise<Account[]> {
  const money = new Map(
    (await ledger.listCustomerAccounts(db, { customerId })).map((ledgerAccount) => [ledgerAccount.id, ledgerAccount]),
  );
  return accounts.map((account) => {
    const ledgerAccount = money.get(account.ledgerAccountId);
    assert.ok(ledgerAccount !== undefined, `account ${account.accountId} has no ledger account`);
    assert.equal(
      ledgerAccount.customerId,
      account.customerId,
      `account ${account.accountId} is on another customer's ledger account`,
    );
    return accountViewOf(account, ledgerAccount);
  });
}

/** balanceInquiry: every account of the customer with its money, oldest first. */
export async function accountViews(db: Database, params: { customerId: number }): Promise<Account[]> {
  return accountViewsOf(db, params.customerId, await listCustomerAccounts(db, params));
}

async function accountViewOfOne(db: Database, account: CustomerAccount): Promise<Account> {
  const [view] = await accountViewsOf(db, account.customerId, [account]);
  assert.ok(view !== undefined);
  return view;
}

/** PostgreSQL's unique_violation, wherever the driver or Drizzle put it in the cause chain. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/**
 * Opens the open account of a type and currency unless the customer has it. Two requests at once
 * meet at the unique index: the second one's insert fails, and it answers with the first one's account.
 */
async function openOnce(
  db: Database,
  params: { customerId: number; typeId: number; currency: string; walletAddress?: () => string },
): Promise<{ account: CustomerAccount; isCreated: boolean }> {
  const existing = await findOpenAccount(db, params);
  if (existing !== null) return { account: existing, isCreated: false };
  if ((await repository.countCustomerAccounts(db, { customerId: params.customerId })) >= MAX_ACCOUNTS_PER_CUSTOMER) {
    throw errors.validation([{ field: 'currencyCode', message: 'You hold the most accounts one customer can.' }]);
  }
  try {
    const account = await openCustomerAccount(db, {
      customerId: params.customerId,
      typeId: params.typeId,
      currency: params.currency,
      walletAddress: params.walletAddress?.(),
    });
    return { account, isCreated: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findOpenAccount(db, params);
    if (winner === null) throw error;
    return { account: winner, isCreated: false };
  }
}

/** accountAddCurrency: the customer's payment account in the currency, opened if need be. */
export async function addCurrency(
  db: Database,
  params: { customerId: number; currency: PaymentAccountCurrency },
): Promise<{ account: Account; isCreated: boolean }> {
  const { account, isCreated } = await openOnce(db, {
    customerId: params.customerId,
    typeId: AccountType.PAYMENT,
    currency: params.currency,
  });
  return { account: await accountViewOfOne(db, account), isCreated };
}

/** walletCreate: the customer's wallet in the asset (a payment account with a deposit address). */
export async function createWallet(
  db: Database,
  params: { customerId: number; currency: WalletCurrency },
): Promise<{ account: Account; address: string; isCreated: boolean }> {
  const { account, isCreated } = await openOnce(db, {
    customerId: params.customerId,
    typeId: AccountType.PAYMENT,
    currency: params.currency,
    walletAddress: () => sandboxDepositAddress(params.currency),
  });
  // A payment account opened in the asset before wallets had addresses gets none; refuse plainly.
  if (account.walletAddress === null) throw new Error(`wallet account ${account.accountId} has no address`);
  return { account: await accountViewOfOne(db, account), address: account.walletAddress, isCreated };
}

/* Funding: references and payment instructions */

/** The customer's funding reference, drawn on first need. */
export async function ensureFundingReference(db: Database, params: { customerId: number }): Promise<string> {
  const existing = await repository.findFundingReference(db, params);
  if (existing !== null) return existing;
  for (let attempt = 0; attempt < FUNDING_REFERENCE_ATTEMPTS; attempt += 1) {
    const reference = generateFundingReference();
    const outcome = await repository.insertFundingReference(db, { customerId: params.customerId, reference });
    if (outcome === 'inserted') return reference;
    if (outcome === 'hasOne') {
      const theirs = await repository.findFundingReference(db, params);
      assert.ok(theirs !== null);
      return theirs;
    }
  }
  throw new Error('no free funding reference after several draws');
}

/** The customer a payer's remittance text names by funding reference, if any. */
export async function customerOfRemittance(
  db: Database,
  params: { remittanceText: string },
): Promise<{ customerId: number; reference: string } | null> {
  const candidates = fundingReferenceCandidates(params.remittanceText);
  const matches = await repository.findCustomersByReferences(db, { references: candidates });
  const byReference = new Map(matches.map((match) => [match.reference, match]));
  for (const candidate of candidates) {
    const match = byReference.get(candidate);
    if (match !== undefined) return match;
  }
  return null;
}

/** Where money that arrives for the customer in a currency goes: the payment account, else the receiving one. */
export async function findFundingAccount(
  db: Database,
  params: { customerId: number; currency: string },
): Promise<CustomerAccount | null> {
  for (const typeId of [AccountType.PAYMENT, AccountType.RECEIVING]) {
    const account = await findOpenAccount(db, { ...params, typeId });
    if (account !== null) return account;
  }
  return null;
}

/** paymentInstructionsList: how to fund each open account (or one), for the brand's institution. */
export async function paymentInstructionsOf(
  db: Database,
  params: { customerId: number; accountId?: number; brand: string },
): Promise<PaymentInstruction[]> {
  if (params.accountId !== undefined) {
    // ENOA for another customer's account rather than an empty list that confirms nothing.
    const account = await requireCustomerAccount(db, { customerId: params.customerId, accountId: params.accountId });
    if (account.statusId === CLOSED_ACCOUNT_STATUS) throw errors.closedAccount();
  }
  const rows = await repository.findPaymentInstructions(db, {
    customerId: params.customerId,
    accountId: params.accountId,
    limit: MAX_ACCOUNTS_PER_CUSTOMER,
  });
  if (rows.length === 0) return [];
  const reference = await ensureFundingReference(db, { customerId: params.customerId });
  const { issuerName } = brandLegalOf(params.brand);
  return rows.flatMap(({ instruction, account }) => {
    const details = railDetailsOf(account.currency);
    if (details === undefined || details.rail !== instruction.rail) return [];
    return [
      {
        ...details,
        instructionId: instruction.id,
        accountId: account.id,
        currencyCode: account.currency,
        beneficiaryName: issuerName,
        reference,
        isViewed: instruction.viewedAt !== null,
      },
    ];
  });
}

/** paymentInstructionViewed: ENOA when the instruction is not one of the customer's. */
export async function markInstructionViewed(
  db: Database,
  params: { customerId: number; instructionId: number; now?: Date },
): Promise<void> {
  const isMarked = await repository.markPaymentInstructionViewed(db, {
    customerId: params.customerId,
    instructionId: params.instructionId,
    now: params.now ?? new Date(),
  });
  if (!isMarked) throw errors.noAccess('These payment instructions are not available.');
}
