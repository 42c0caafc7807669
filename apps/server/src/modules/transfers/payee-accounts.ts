import {
  AccountType,
  PAYMENT_ACCOUNT_CURRENCIES,
  WALLET_CURRENCIES,
  type PaymentAccountCurrency,
  type WalletCurrency,
} from '@app/shared/accounts';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import * as accountsService from '../accounts/accounts.service';

/**
 * Where a P2P transfer lands: the payee's open payment account (type 1001) in the transfer's
 * currency. A payee without one gets it opened, in the transfer's transaction, exactly as they
 * would open it themselves (accountAddCurrency, or walletCreate for a crypto asset): paying
 * someone by e-mail should not fail because they never used that currency, and the account is
 * theirs like any other (it shows in their balance inquiry; they may close it when it is empty).
 * A currency no customer can hold an account in is refused.
 */

function isPaymentCurrency(currency: string): currency is PaymentAccountCurrency {
  return (PAYMENT_ACCOUNT_CURRENCIES as readonly string[]).includes(currency);
}

function isWalletCurrency(currency: string): currency is WalletCurrency {
  return (WALLET_CURRENCIES as readonly string[]).includes(currency);
}

export async function payeeAccountOf(
  db: Database,
  params: { customerId: number; currency: string },
): Promise<accountsService.CustomerAccount> {
  const existing = await accountsService.findOpenAccount(db, {
    customerId: params.customerId,
    typeId: AccountType.PAYMENT,
    currency: params.currency,
  });
  if (existing !== null) return existing;
  const { currency } = params;
  let accountId: number;
  if (isPaymentCurrency(currency)) {
    accountId = (await accountsService.addCurrency(db, { customerId: params.customerId, currency })).account.accountId;
  } else if (isWalletCurrency(currency)) {
    accountId = (await accountsService.createWallet(db, { customerId: params.customerId, currency })).account.accountId;
  } else {
    throw errors.validation([
      { field: 'currency', message: `Transfers to other customers cannot be made in ${currency}.` },
    ]);
  }
  return accountsService.requireCustomerAccount(db, { customerId: params.customerId, accountId });
}
