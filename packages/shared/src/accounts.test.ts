import { describe, expect, it } from 'vitest';
import {
  accountFlagsOf,
  AccountType,
  accountTypeNameOf,
  CARD_PRODUCTS,
  CARD_PRODUCT_TYPE_ID_MAX,
  CARD_PRODUCT_TYPE_ID_MIN,
  cardProductOf,
  CardStatus,
  groupAccounts,
  isCardProductTypeId,
  type AccountLike,
} from './accounts';

let nextId = 100;
function account(overrides: Partial<AccountLike> = {}): AccountLike {
  nextId += 1;
  return {
    accountId: nextId,
    type: AccountType.PAYMENT,
    accountStatusId: 1,
    currencyCode: 'USD',
    balance: '0.00',
    accountBalanceMin: '0.00',
    pendingAmount: '0.00',
    ...overrides,
  };
}

describe('card products', () => {
  it('are all in the 2006–2080 range, unique, and in USD, EUR or RON', () => {
    const ids = CARD_PRODUCTS.map((product) => product.typeId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const product of CARD_PRODUCTS) {
      expect(product.typeId).toBeGreaterThanOrEqual(CARD_PRODUCT_TYPE_ID_MIN);
      expect(product.typeId).toBeLessThanOrEqual(CARD_PRODUCT_TYPE_ID_MAX);
      expect(['USD', 'EUR', 'RON']).toContain(product.currency);
    }
    expect(CARD_PRODUCTS.some((product) => product.isVirtual)).toBe(true);
    expect(CARD_PRODUCTS.some((product) => product.subType === 'DEBIT')).toBe(true);
    expect(CARD_PRODUCTS.some((product) => product.countryCode !== null)).toBe(true);
  });

  it('tells card type ids from account types', () => {
    expect(isCardProductTypeId(2006)).toBe(true);
    expect(isCardProductTypeId(2080)).toBe(true);
    expect(isCardProductTypeId(2005)).toBe(false);
    expect(isCardProductTypeId(AccountType.PAYMENT)).toBe(false);
    expect(cardProductOf(2007)?.currency).toBe('EUR');
    expect(cardProductOf(AccountType.RECEIVING)).toBeUndefined();
    expect(accountTypeNameOf(AccountType.RECEIVING)).toBe('Receiving account');
    expect(accountTypeNameOf(2010)).toBe('Prepaid card USD');
  });
});

describe('accountFlagsOf', () => {
  it('has pending funds exactly when money is held', () => {
    expect(accountFlagsOf(account({ pendingAmount: '0.01' }), []).pendingFunds).toBe(true);
    expect(accountFlagsOf(account({ pendingAmount: '0.00' }), []).pendingFunds).toBe(false);
  });

  it('offers instructions for open payment and receiving accounts in funded currencies only', () => {
    const payment = account();
    expect(accountFlagsOf(payment, [payment]).isInstructionsAvailable).toBe(true);
    const receiving = account({ type: AccountType.RECEIVING, currencyCode: 'EUR' });
    expect(accountFlagsOf(receiving, [receiving]).isInstructionsAvailable).toBe(true);
    const closed = account({ accountStatusId: 11 });
    expect(accountFlagsOf(closed, [closed]).isInstructionsAvailable).toBe(false);
    const wallet = account({ currencyCode: 'BTC', balance: '0.00', accountBalanceMin: '0.00', pendingAmount: '0.00' });
    expect(accountFlagsOf(wallet, [wallet]).isInstructionsAvailable).toBe(false);
    const prepayment = account({ type: AccountType.PREPAYMENT });
    expect(accountFlagsOf(prepayment, [prepayment]).isInstructionsAvailable).toBe(false);
  });

  it('lets a card be requested for an open USD, EUR or RON payment account without one', () => {
    const usd = account({ currencyCode: 'USD' });
    const gbp = account({ currencyCode: 'GBP' });
    expect(accountFlagsOf(usd, [usd, gbp])).toMatchObject({ canRequestCard: true, isCardRequested: false });
    expect(accountFlagsOf(gbp, [usd, gbp]).canRequestCard).toBe(false);

    const card = account({
      type: 2030,
      subType: 'DEBIT',
      accountStatusId: CardStatus.PENDING,
      settlementAccountId: usd.accountId,
    });
    expect(accountFlagsOf(usd, [usd, card])).toMatchObject({ canRequestCard: false, isCardRequested: true });

    const closedCard = { ...card, accountStatusId: 11 };
    expect(accountFlagsOf(usd, [usd, closedCard])).toMatchObject({ canRequestCard: true, isCardRequested: false });
  });

  it('shows card history only in the statuses spec 001 §4 allows', () => {
    for (const status of [CardStatus.ACTIVE, CardStatus.PAUSED, CardStatus.EXPIRED, CardStatus.LIMITED]) {
      const card = account({ type: 2010, accountStatusId: status });
      expect(accountFlagsOf(card, [card]).isHistoryAvailable, String(status)).toBe(true);
    }
    for (const status of [CardStatus.SUBMITTED, CardStatus.SHIPPED, CardStatus.CANCELED, 11]) {
      const card = account({ type: 2010, accountStatusId: status });
      expect(accountFlagsOf(card, [card]).isHistoryAvailable, String(status)).toBe(false);
    }
    const closedPayment = account({ accountStatusId: 11 });
    expect(accountFlagsOf(closedPayment, []).isHistoryAvailable).toBe(true);
  });

  it('offers statements for accounts and prepaid cards, not for debit cards', () => {
    expect(accountFlagsOf(account(), []).isStatementsAvailable).toBe(true);
    expect(accountFlagsOf(account({ type: 2010, accountStatusId: 2 }), []).isStatementsAvailable).toBe(true);
    expect(accountFlagsOf(account({ type: 2030, accountStatusId: 2 }), []).isStatementsAvailable).toBe(false);
  });

  it('gives prepaid accounts their remaining value: |minimum balance| + balance, exactly', () => {
    const prepaid = account({ type: 2010, subType: 'PREPAID', balance: '10.10', accountBalanceMin: '-0.20' });
    expect(accountFlagsOf(prepaid, []).remainingValue).toBe('10.30');
    const overdrawn = account({ type: 2010, subType: 'PREPAID', balance: '-0.05', accountBalanceMin: '-0.20' });
    expect(accountFlagsOf(overdrawn, []).remainingValue).toBe('0.15');
    expect(accountFlagsOf(account(), []).remainingValue).toBeUndefined();
  });
});

describe('groupAccounts', () => {
  it('puts every account in exactly one group, closed ones only in closed, keeping order', () => {
    const accounts = [
      account({ type: AccountType.PAYMENT }),
      account({ type: AccountType.PREPAYMENT }),
      account({ type: AccountType.RECEIVING }),
      account({ type: 2010, accountStatusId: 2 }),
      account({ type: 2030, accountStatusId: 2 }),
      account({ type: 2006, accountStatusId: 2 }),
      account({ type: 2041, accountStatusId: 2, cardIsVirtual: true }),
      account({ type: AccountType.PAYMENT, accountStatusId: 11 }),
      account({ type: 2011, accountStatusId: 11 }),
      account({ type: AccountType.PAYMENT, currencyCode: 'EUR' }),
    ];
    const groups = groupAccounts(accounts);
    const ids = (list: AccountLike[]) => list.map((item) => item.accountId);
    const at = (index: number) => accounts[index]?.accountId;
    expect(ids(groups.payment)).toEqual([at(0), at(9)]);
    expect(ids(groups.prepayment)).toEqual([at(1)]);
    expect(ids(groups.receiving)).toEqual([at(2)]);
    expect(ids(groups.physicalCards)).toEqual([at(3)]);
    expect(ids(groups.debitCards)).toEqual([at(4)]);
    expect(ids(groups.virtualCards)).toEqual([at(5), at(6)]);
    expect(ids(groups.closed)).toEqual([at(7), at(8)]);
    const all = [
      groups.closed,
      groups.payment,
      groups.prepayment,
      groups.receiving,
      groups.physicalCards,
      groups.debitCards,
      groups.virtualCards,
    ];
    expect(all.reduce((sum, list) => sum + list.length, 0)).toBe(accounts.length);
  });

  it('returns empty groups for no accounts', () => {
    const groups = groupAccounts([]);
    expect(groups).toEqual({
      closed: [],
      payment: [],
      prepayment: [],
      receiving: [],
      physicalCards: [],
      debitCards: [],
      virtualCards: [],
    });
  });
});
