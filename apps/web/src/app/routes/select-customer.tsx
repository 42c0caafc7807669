import '@mantine/core/styles/Skeleton.layer.css';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { useCustomerAccessList } from '../../features/auth/api/customer-access-list';
import { CustomerChooser } from '../../features/auth/components/customer-chooser';
import { StepHeading } from '../../features/auth/components/step-heading';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from '../layouts/auth-layout';
import { continueAsCustomer } from '../post-login/post-login-navigation';
import { signOut } from '../session/sign-out';

/**
 * The related-accounts chooser (spec 000 §4 rule 4): a business user with access to several
 * customers chooses the one to act for, which every later call sends as fromCustomerId.
 */
export default function SelectCustomerRoute() {
  const { t } = useTranslation('signIn');
  const accessList = useCustomerAccessList();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [chooseError, setChooseError] = useState<unknown>(null);
  useDocumentTitle(t('chooser.title'));

  async function choose(customerId: number) {
    setChooseError(null);
    try {
      await continueAsCustomer(queryClient, navigate, customerId);
    } catch (error) {
      setChooseError(error);
    }
  }

  const customers = accessList.data?.customers;
  return (
    <AuthLayout>
      <Stack gap="lg">
        <StepHeading title={t('chooser.title')}>{t('chooser.intro')}</StepHeading>
        {accessList.isPending ? (
          <Stack gap="sm" aria-busy>
            <Skeleton height={64} />
            <Skeleton height={64} />
          </Stack>
        ) : accessList.error ? (
          <Stack gap="sm">
            <ErrorAlert error={accessList.error} />
            <Button variant="default" onClick={() => void accessList.refetch()}>
              {t('chooser.retry')}
            </Button>
          </Stack>
        ) : customers === undefined || customers.length === 0 ? (
          <Alert color="red" variant="light" role="alert" title={t('chooser.noneTitle')}>
            <Text size="sm">{t('chooser.none')}</Text>
          </Alert>
        ) : (
          <CustomerChooser customers={customers} onChoose={choose} />
        )}
        {chooseError ? <ErrorAlert error={chooseError} title={t('chooser.failed')} /> : null}
        <Button variant="default" fullWidth onClick={() => void signOut('signedOut')}>
          {t('chooser.signOut')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
