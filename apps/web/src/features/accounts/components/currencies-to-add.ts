import type { Account } from '@app/shared/api/accounts';
import {
  AccountType,
  isClosedAccount,
  PAYMENT_ACCOUNT_CURRENCIES,
  type PaymentAccountCurrency,
} from '@app/shared/accounts';

/** Currencies the customer has no open payment account in yet. */
export function currenciesToAdd(accounts: readonly Account[]): PaymentAccountCurrency[] {
  const held = new Set(
    accounts
      .filter((account) => account.type === AccountType.PAYMENT && !isClosedAccount(account))
      .map((account) => account.currencyCode),
  );
  return PAYMENT_ACCOUNT_CURRENCIES.filter((currency) => !held.has(currency));
}
