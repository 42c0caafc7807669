import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Skeleton, Stack, Title } from '@mantine/core';
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
  const { data, error, isPending } = useCustomerInfo();
  const session = useSession();
  useDocumentTitle(t('home.title'));

  if (isPending) {
    return (
      <Stack gap="lg" aria-busy>
        <Skeleton height={36} width="60%" />
        <Skeleton height={180} />
        <Skeleton height={110} />
      </Stack>
    );
  }
  if (error) return <ErrorAlert error={error} title={t('home.loadFailed')} />;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('home.greeting', { name: displayNameOf(data.customer) })}
      </Title>
      <CustomerSummary customer={data.customer} signedInAt={session?.signedInAt} />
    </Stack>
  );
}
