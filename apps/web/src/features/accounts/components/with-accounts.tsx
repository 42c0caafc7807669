import '@mantine/core/styles/Skeleton.layer.css';
import type { Account } from '@app/shared/api/accounts';
import { Button, Group, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useAccounts } from '../api/get-accounts';
import { type AccountLabeller, useAccountLabel } from '../hooks/use-account-label';

export interface WithAccountsProps {
  /** Renders once the accounts are known, with the way every screen names an account. */
  children: (accounts: Account[], accountLabel: AccountLabeller) => ReactNode;
}

/**
 * The customer's accounts for screens of other features (transfers, history, statements): they
 * receive the list from here, composed in app/, and never fetch it themselves.
 */
export function WithAccounts({ children }: WithAccountsProps) {
  const { t } = useTranslation('accounts');
  const query = useAccounts();
  const accountLabel = useAccountLabel();
  if (query.data) return children(query.data, accountLabel);
  if (query.error) {
    return (
      <Stack gap="sm">
        <ErrorAlert error={query.error} title={t('overview.loadFailed')} />
        <Group>
          <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('overview.retry')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md" aria-busy>
      <Skeleton height={36} width="50%" />
      <Skeleton height={56} />
      <Skeleton height={56} />
      <Skeleton height={120} />
    </Stack>
  );
}
