import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Skeleton, Stack, Title } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { useCustomerInfo } from '../../features/customers/api/get-customer-info';
import { CustomerSummary } from '../../features/customers/components/customer-summary';
import { displayNameOf } from '../../features/customers/utils/display-name';
import { useSession } from '../../lib/use-session';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Home: who is signed in and this session. The accounts arrive with the ledger issue. */
export default function HomeRoute() {
  const { t } = useTranslation('customers');
  const query = useCustomerInfo();
  // The customer arrives as a store update, which React renders at once and in one piece; with
  // deferred values the content renders in the background, in slices that leave room for input.
  const data = useDeferredValue(query.data);
  const error = useDeferredValue(query.error);
  const session = useSession();
  useDocumentTitle(t('home.title'));

  if (error) return <ErrorAlert error={error} title={t('home.loadFailed')} />;
  if (data === undefined) {
    return (
      <Stack gap="lg" aria-busy>
        <Skeleton height={36} width="60%" />
        <Skeleton height={180} />
        <Skeleton height={110} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('home.greeting', { name: displayNameOf(data.customer) })}
      </Title>
      <CustomerSummary customer={data.customer} signedInAt={session?.signedInAt} />
    </Stack>
  );
}
