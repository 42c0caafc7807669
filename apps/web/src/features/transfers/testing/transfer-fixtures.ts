import type { Account } from '@app/shared/api/accounts';
import type { TransferResult } from '@app/shared/api/transfers';

export function account(overrides: Partial<Account> = {}): Account {
  return {
    accountId: 1,
    type: 1001,
    accountStatusId: 1,
    currencyCode: 'USD',
    balance: '1200.00',
    accountBalanceMin: '0.00',
    pendingAmount: '0.00',
    availableBalance: '1200.00',
    customerId: 1001,
    name: 'Payment account',
    isCustomName: false,
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export const usdAccount = account();
export const eurAccount = account({ accountId: 2, currencyCode: 'EUR', balance: '50.00', availableBalance: '50.00' });

export const accountLabel = (item: Account) => `${item.name} · ${item.currencyCode}`;

export function transferResult(overrides: Partial<TransferResult> = {}): TransferResult {
  return {
    transactionId: 501,
    status: 'completed',
    approvalType: 0,
    fee: '0.50',
    feeCurrencyCode: 'USD',
    fromAmount: '100.00',
    fromCurrencyCode: 'USD',
    toAmount: '92.34',
    toCurrencyCode: 'EUR',
    exchangeRate: '0.9234',
    ...overrides,
  };
}
