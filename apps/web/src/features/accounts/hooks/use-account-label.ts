import type { Account } from '@app/shared/api/accounts';
import { AccountType, cardProductOf, isCardProductTypeId } from '@app/shared/accounts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export type AccountTypeWord =
  | 'payment'
  | 'prepayment'
  | 'receiving'
  | 'prepaidCard'
  | 'virtualPrepaidCard'
  | 'debitCard'
  | 'virtualDebitCard'
  | 'card'
  | 'account';

/** The word for an account's type; the server's `name` is English, so screens translate by type id. */
export function accountTypeWordOf(account: Pick<Account, 'type' | 'cardIsVirtual' | 'subType'>): AccountTypeWord {
  switch (account.type) {
    case AccountType.PAYMENT:
      return 'payment';
    case AccountType.PREPAYMENT:
      return 'prepayment';
    case AccountType.RECEIVING:
      return 'receiving';
  }
  if (!isCardProductTypeId(account.type)) return 'account';
  const product = cardProductOf(account.type);
  const isVirtual = account.cardIsVirtual ?? product?.isVirtual ?? false;
  const subType = account.subType ?? product?.subType;
  if (subType === 'DEBIT') return isVirtual ? 'virtualDebitCard' : 'debitCard';
  if (subType === 'PREPAID') return isVirtual ? 'virtualPrepaidCard' : 'prepaidCard';
  return 'card';
}

export type AccountLabeller = (account: Account) => string;

/** "Payment account · USD", or the customer's own name for it: how every screen names an account. */
export function useAccountLabel(): AccountLabeller {
  const { t } = useTranslation('accounts');
  return useCallback(
    (account: Account) => {
      const name = account.isCustomName ? account.name : t(`types.${accountTypeWordOf(account)}`);
      return `${name} · ${account.currencyCode}`;
    },
    [t],
  );
}
