import { CLOSED_ACCOUNT_STATUS } from './constants';
import { MoneyError, parseAmount, formatAmount } from './money';

/**
 * Accounts as the product shows them (spec 001 §3 "Account"): type ids, card products, and the
 * flags and groups the screens derive from the list `balanceInquiry` returns. Pure functions over
 * the wire shape, so the web and the server derive them the same way.
 */

/** Spec 001 §3 account type ids. Card products (2006–2080) are listed in `CARD_PRODUCTS`. */
export const AccountType = {
  PAYMENT: 1001,
  PREPAYMENT: 4001,
  RECEIVING: 4002,
} as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];

export const CARD_PRODUCT_TYPE_ID_MIN = 2006;
export const CARD_PRODUCT_TYPE_ID_MAX = 2080;

export type AccountSubType = 'PREPAID' | 'DEBIT';
export const ACCOUNT_SUB_TYPES = ['PREPAID', 'DEBIT'] as const satisfies readonly AccountSubType[];

/** Status of a (non-card) account. A card account carries its card's status (`CardStatus`). */
export const AccountStatus = {
  ACTIVE: 1,
  CLOSED: CLOSED_ACCOUNT_STATUS,
} as const;

/** Card statuses of spec 001 §4 "Cards"; a card account's `accountStatusId` is one of these or closed (11). */
export const CardStatus = {
  SUBMITTED: 0,
  ACTIVE: 2,
  CANCELED: 4,
  PRINTING: 19,
  PRINTED: 20,
  SHIPPED: 21,
  PENDING: 23,
  LIMITED: 27,
  EXPIRED: 38,
  PROCESSING: 41,
  PENDING_ISSUE: 65,
  PAUSED: 71,
} as const;
export type CardStatus = (typeof CardStatus)[keyof typeof CardStatus];

export type CardCurrency = 'USD' | 'EUR' | 'RON';
export const CARD_CURRENCIES = ['USD', 'EUR', 'RON'] as const satisfies readonly CardCurrency[];

/**
 * A card product (spec 001 §3: USD/EUR/RON, virtual, prepaid, debit, by country). `countryCode`
 * null: offered in every country the brand serves; otherwise only to residents of that country.
 * `name` is the product's English name for documents and API users; screens translate by type.
 */
export interface CardProduct {
  typeId: number;
  currency: CardCurrency;
  subType: AccountSubType;
  isVirtual: boolean;
  countryCode: string | null;
  name: string;
}

export const CARD_PRODUCTS: readonly CardProduct[] = [
  {
    typeId: 2006,
    currency: 'USD',
    subType: 'PREPAID',
    isVirtual: true,
    countryCode: null,
    name: 'Virtual prepaid card USD',
  },
  {
    typeId: 2007,
    currency: 'EUR',
    subType: 'PREPAID',
    isVirtual: true,
    countryCode: null,
    name: 'Virtual prepaid card EUR',
  },
  {
    typeId: 2008,
    currency: 'RON',
    subType: 'PREPAID',
    isVirtual: true,
    countryCode: 'RO',
    name: 'Virtual prepaid card RON',
  },
  { typeId: 2010, currency: 'USD', subType: 'PREPAID', isVirtual: false, countryCode: null, name: 'Prepaid card USD' },
  { typeId: 2011, currency: 'EUR', subType: 'PREPAID', isVirtual: false, countryCode: null, name: 'Prepaid card EUR' },
  { typeId: 2012, currency: 'RON', subType: 'PREPAID', isVirtual: false, countryCode: 'RO', name: 'Prepaid card RON' },
  {
    typeId: 2020,
    currency: 'USD',
    subType: 'PREPAID',
    isVirtual: false,
    countryCode: 'US',
    name: 'Prepaid card USD (US)',
  },
  {
    typeId: 2021,
    currency: 'EUR',
    subType: 'PREPAID',
    isVirtual: false,
    countryCode: 'ES',
    name: 'Prepaid card EUR (Spain)',
  },
  {
    typeId: 2022,
    currency: 'EUR',
    subType: 'PREPAID',
    isVirtual: false,
    countryCode: 'PT',
    name: 'Prepaid card EUR (Portugal)',
  },
  { typeId: 2030, currency: 'USD', subType: 'DEBIT', isVirtual: false, countryCode: 'US', name: 'Debit card USD (US)' },
  { typeId: 2031, currency: 'EUR', subType: 'DEBIT', isVirtual: false, countryCode: null, name: 'Debit card EUR' },
  { typeId: 2032, currency: 'RON', subType: 'DEBIT', isVirtual: false, countryCode: 'RO', name: 'Debit card RON' },
  {
    typeId: 2040,
    currency: 'USD',
    subType: 'DEBIT',
    isVirtual: true,
    countryCode: null,
    name: 'Virtual debit card USD',
  },
  {
    typeId: 2041,
    currency: 'EUR',
    subType: 'DEBIT',
    isVirtual: true,
    countryCode: null,
    name: 'Virtual debit card EUR',
  },
  {
    typeId: 2042,
    currency: 'RON',
    subType: 'DEBIT',
    isVirtual: true,
    countryCode: 'RO',
    name: 'Virtual debit card RON',
  },
  {
    typeId: 2050,
    currency: 'EUR',
    subType: 'PREPAID',
    isVirtual: true,
    countryCode: 'ES',
    name: 'Virtual prepaid card EUR (Spain)',
  },
  {
    typeId: 2051,
    currency: 'EUR',
    subType: 'PREPAID',
    isVirtual: true,
    countryCode: 'PT',
    name: 'Virtual prepaid card EUR (Portugal)',
  },
  { typeId: 2080, currency: 'USD', subType: 'DEBIT', isVirtual: false, countryCode: 'GB', name: 'Debit card USD (UK)' },
];

const cardProductsByTypeId = new Map(CARD_PRODUCTS.map((product) => [product.typeId, product]));

export function isCardProductTypeId(typeId: number): boolean {
  return Number.isInteger(typeId) && typeId >= CARD_PRODUCT_TYPE_ID_MIN && typeId <= CARD_PRODUCT_TYPE_ID_MAX;
}

/** The product of a card type id, or undefined for a non-card type or an id the platform does not issue. */
export function cardProductOf(typeId: number): CardProduct | undefined {
  return cardProductsByTypeId.get(typeId);
}

/** English names of the non-card types, for documents and API users; screens translate by type id. */
export const ACCOUNT_TYPE_NAMES: Readonly<Record<AccountType, string>> = {
  [AccountType.PAYMENT]: 'Payment account',
  [AccountType.PREPAYMENT]: 'Prepayment account',
  [AccountType.RECEIVING]: 'Receiving account',
};

export function accountTypeNameOf(typeId: number): string {
  if (typeId in ACCOUNT_TYPE_NAMES) return ACCOUNT_TYPE_NAMES[typeId as AccountType];
  return cardProductOf(typeId)?.name ?? (isCardProductTypeId(typeId) ? 'Card' : 'Account');
}

/** Currencies a payment account can be opened in with "add currency" (spec 001 §7). */
export const PAYMENT_ACCOUNT_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'RON'] as const;
export type PaymentAccountCurrency = (typeof PAYMENT_ACCOUNT_CURRENCIES)[number];

/** Crypto assets a wallet can be created for (`walletCreate`): assets of asset scale 8. */
export const WALLET_CURRENCIES = ['BTC', 'ETH', 'USDT'] as const;
export type WalletCurrency = (typeof WALLET_CURRENCIES)[number];

/** Currencies with a funding rail, i.e. payment instructions (spec 001 §3 "Payment instructions"). */
export const FUNDING_CURRENCIES: readonly string[] = PAYMENT_ACCOUNT_CURRENCIES;

/** The fields of the wire account (`balanceInquiry`) the derivations below read. */
export interface AccountLike {
  accountId: number;
  type: number;
  subType?: AccountSubType;
  accountStatusId: number;
  currencyCode: string;
  balance: string;
  accountBalanceMin: string;
  pendingAmount: string;
  settlementAccountId?: number;
  cardIsVirtual?: boolean;
}

export function isClosedAccount(account: Pick<AccountLike, 'accountStatusId'>): boolean {
  return account.accountStatusId === AccountStatus.CLOSED;
}

export function isCardAccount(account: Pick<AccountLike, 'type'>): boolean {
  return isCardProductTypeId(account.type);
}

function isVirtualCard(account: AccountLike): boolean {
  return account.cardIsVirtual ?? cardProductOf(account.type)?.isVirtual ?? false;
}

function subTypeOf(account: AccountLike): AccountSubType | undefined {
  return account.subType ?? cardProductOf(account.type)?.subType;
}

/** Card statuses whose history can be viewed (spec 001 §4: Paused, Active, Expired, and Limited). */
const CARD_HISTORY_STATUSES: readonly number[] = [
  CardStatus.ACTIVE,
  CardStatus.PAUSED,
  CardStatus.EXPIRED,
  CardStatus.LIMITED,
];

export interface AccountFlags {
  /** Money is reserved on the account (pending amount above zero). */
  pendingFunds: boolean;
  /** Monthly statements can be listed and downloaded. */
  isStatementsAvailable: boolean;
  /** The transaction history can be opened. */
  isHistoryAvailable: boolean;
  /** Payment instructions (how to fund it) exist. */
  isInstructionsAvailable: boolean;
  /** A card linked to this account can be ordered. */
  canRequestCard: boolean;
  /** A card linked to this account has been ordered and is not closed. */
  isCardRequested: boolean;
  /**
   * Prepaid accounts only: what can still be spent, the absolute minimum balance plus the balance
   * (spec 001 §3), as a decimal string in the account's currency.
   */
  remainingValue?: string;
}

function isPositive(amount: string, currency: string): boolean {
  try {
    return parseAmount(amount, currency, { allowNegative: true }) > 0n;
  } catch (error) {
    if (error instanceof MoneyError) return false;
    throw error;
  }
}

/**
 * The derived flags of spec 001 §3 for one account. `accounts` is the whole list the account came
 * in, because "card requested" looks for a card settled by this account.
 */
export function accountFlagsOf(account: AccountLike, accounts: readonly AccountLike[]): AccountFlags {
  const isClosed = isClosedAccount(account);
  const isCard = isCardAccount(account);
  const subType = subTypeOf(account);
  const isCardRequested =
    !isCard &&
    accounts.some(
      (other) => isCardAccount(other) && !isClosedAccount(other) && other.settlementAccountId === account.accountId,
    );
  const flags: AccountFlags = {
    pendingFunds: isPositive(account.pendingAmount, account.currencyCode),
    // Debit cards spend from their settlement account, whose statement shows the card payments.
    isStatementsAvailable: !isCard || subType === 'PREPAID',
    isHistoryAvailable: isCard ? CARD_HISTORY_STATUSES.includes(account.accountStatusId) : true,
    isInstructionsAvailable:
      !isClosed &&
      (account.type === AccountType.PAYMENT || account.type === AccountType.RECEIVING) &&
      FUNDING_CURRENCIES.includes(account.currencyCode),
    canRequestCard:
      !isClosed &&
      account.type === AccountType.PAYMENT &&
      (CARD_CURRENCIES as readonly string[]).includes(account.currencyCode) &&
      !isCardRequested,
    isCardRequested,
  };
  if (subType === 'PREPAID') {
    const currency = account.currencyCode;
    const minimum = parseAmount(account.accountBalanceMin, currency, { allowNegative: true });
    const balance = parseAmount(account.balance, currency, { allowNegative: true });
    flags.remainingValue = formatAmount((minimum < 0n ? -minimum : minimum) + balance, currency);
  }
  return flags;
}

export interface AccountGroups<T> {
  closed: T[];
  payment: T[];
  prepayment: T[];
  receiving: T[];
  /** Physical prepaid cards (the cards page opens on these when any exists). */
  physicalCards: T[];
  /** Physical debit cards. */
  debitCards: T[];
  /** Virtual cards, prepaid or debit. */
  virtualCards: T[];
}

/**
 * The account groups of spec 001 §3. A closed account is only in `closed`; every open one is in
 * exactly one other group (an account of a type the platform does not know is in none). Order is kept.
 */
export function groupAccounts<T extends AccountLike>(accounts: readonly T[]): AccountGroups<T> {
  const groups: AccountGroups<T> = {
    closed: [],
    payment: [],
    prepayment: [],
    receiving: [],
    physicalCards: [],
    debitCards: [],
    virtualCards: [],
  };
  for (const account of accounts) {
    if (isClosedAccount(account)) groups.closed.push(account);
    else if (account.type === AccountType.PAYMENT) groups.payment.push(account);
    else if (account.type === AccountType.PREPAYMENT) groups.prepayment.push(account);
    else if (account.type === AccountType.RECEIVING) groups.receiving.push(account);
    else if (isCardAccount(account)) {
      if (isVirtualCard(account)) groups.virtualCards.push(account);
      else if (subTypeOf(account) === 'DEBIT') groups.debitCards.push(account);
      else groups.physicalCards.push(account);
    }
  }
  return groups;
}

/** Customer notification type (live channel `notification` events) when money arrives on an account. */
export const FUNDS_RECEIVED_NOTIFICATION = 'fundsReceived';
