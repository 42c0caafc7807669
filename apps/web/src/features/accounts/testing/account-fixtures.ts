import type { Account, PaymentInstruction } from '@app/shared/api/accounts';

export function accountFixture(overrides: Partial<Account> = {}): Account {
  return {
    accountId: 101,
    type: 1001,
    accountStatusId: 1,
    currencyCode: 'USD',
    balance: '1250.00',
    accountBalanceMin: '0.00',
    pendingAmount: '0.00',
    availableBalance: '1250.00',
    customerId: 1001,
    name: 'Payment account',
    isCustomName: false,
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export function instructionFixture(overrides: Partial<PaymentInstruction> = {}): PaymentInstruction {
  return {
    instructionId: 7,
    accountId: 101,
    currencyCode: 'USD',
    rail: 'ach',
    isSandbox: true,
    beneficiaryName: 'Harbor Payments Ltd',
    bankName: 'Sandbox Bank',
    bankAddress: '1 Test Street, New York',
    bankCountryCode: 'US',
    routingNumber: '026009593',
    accountNumber: '4400123456',
    accountType: 'checking',
    reference: 'K7MX2QPA58',
    isViewed: false,
    ...overrides,
  };
}
