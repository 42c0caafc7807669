import '@mantine/core/styles/Skeleton.layer.css';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountsOverview } from '../../features/accounts/components/accounts-overview';
import { useCustomerInfo } from '../../features/customers/api/get-customer-info';
import { displayNameOf } from '../../features/customers/utils/display-name';
import { LastTransactions } from '../../features/history/components/last-transactions';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * Home, the accounts page (spec 000 §4 "home (the accounts page)"): the greeting, then how much the
 * customer has and what just happened — balances per account group, available against pending,
 * quick actions, and the last transactions.
 */
export default function HomeRoute() {
  const { t } = useTranslation('accounts');
  const query = useCustomerInfo();
  // The customer arrives as a store update, which React renders at once and in one piece; with a
  // deferred value the greeting renders in the background, in a slice that leaves room for input.
  const data = useDeferredValue(query.data);
  useDocumentTitle(t('home.title'));

  return (
    <Stack gap="xl">
      {data !== undefined ? (
        <Title order={1} size="h2">
          {t('home.greeting', { name: displayNameOf(data.customer) })}
        </Title>
      ) : query.isError ? (
        // The post-login step already loaded the customer; should it fail now, the money still shows.
        <Title order={1} size="h2">
          {t('home.title')}
        </Title>
      ) : (
        <Skeleton height={36} width="60%" />
      )}
      {data !== undefined && data.customer.customerId === undefined ? (
        // An administrator acting for no customer has no accounts to show.
        <Text>{t('home.noCustomer')}</Text>
      ) : (
        <>
          <AccountsOverview />
          <LastTransactions />
        </>
      )}
    </Stack>
  );
}
