import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import type { Account } from '@app/shared/api/accounts';
import { accountFlagsOf, isClosedAccount } from '@app/shared/accounts';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { ResultPopup } from '../../../components/result-popup';
import { useAccounts } from '../api/get-accounts';
import { useDownloadConfirmationLetter } from '../api/download-confirmation-letter';
import { useAccountLabel } from '../hooks/use-account-label';
import { AccountGroupsList } from './account-groups';
import { AddMoneyIcon, ExchangeIcon, SendIcon } from './account-icons';
import { currenciesToAdd } from './currencies-to-add';
import classes from './accounts-overview.module.css';

// Drawer and dialogs load when first opened: the balances paint without their code.
const PaymentInstructionsDrawer = lazy(() =>
  import('./payment-instructions-drawer').then((module) => ({ default: module.PaymentInstructionsDrawer })),
);
const AddCurrencyModal = lazy(() =>
  import('./add-currency-modal').then((module) => ({ default: module.AddCurrencyModal })),
);

function OverviewSkeleton() {
  return (
    <Stack gap="md" aria-busy>
      <Skeleton height={44} width="70%" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Skeleton height={190} />
        <Skeleton height={190} />
      </SimpleGrid>
    </Stack>
  );
}

/** The money part of the home page: quick actions, the account groups, add money and add currency. */
export function AccountsOverview() {
  const { t } = useTranslation('accounts');
  const query = useAccounts();
  const accountLabel = useAccountLabel();
  const [fundingAccountId, setFundingAccountId] = useState<number | undefined>(undefined);
  const [isAddingCurrency, setIsAddingCurrency] = useState(false);
  const [addedNotice, setAddedNotice] = useState<string | undefined>(undefined);
  const letter = useDownloadConfirmationLetter();

  const accounts = query.data ?? [];
  const openAccounts = accounts.filter((account) => !isClosedAccount(account));
  const fundable = accounts.filter((account) => accountFlagsOf(account, accounts).isInstructionsAvailable);
  const canExchange = openAccounts.length > 1;
  const canAddCurrency = currenciesToAdd(accounts).length > 0;

  return (
    <section aria-labelledby="accounts-heading" className={classes.section}>
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={2} size="h3" id="accounts-heading">
          {t('overview.title')}
        </Title>
        {query.data && canAddCurrency ? (
          <Button variant="default" onClick={() => setIsAddingCurrency(true)}>
            {t('overview.addCurrency')}
          </Button>
        ) : null}
      </Group>
      {query.error && !query.data ? (
        <Stack gap="sm">
          <ErrorAlert error={query.error} title={t('overview.loadFailed')} />
          <Group>
            <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('overview.retry')}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {query.isPending ? <OverviewSkeleton /> : null}
      {query.data ? (
        <Stack gap="lg">
          {openAccounts.length > 0 ? (
            <nav aria-label={t('overview.quickActions')} className={classes.quickActions}>
              {fundable.length > 0 ? (
                <Button leftSection={<AddMoneyIcon />} onClick={() => setFundingAccountId(fundable[0]?.accountId)}>
                  {t('overview.addMoney')}
                </Button>
              ) : null}
              <Button component={Link} to="/transfer/p2p" variant="light" leftSection={<SendIcon />}>
                {t('overview.send')}
              </Button>
              {canExchange ? (
                <Button component={Link} to="/transfer/account" variant="light" leftSection={<ExchangeIcon />}>
                  {t('overview.exchange')}
                </Button>
              ) : null}
              <Button component={Link} to="/history" variant="light">
                {t('overview.history')}
              </Button>
            </nav>
          ) : null}
          {accounts.length === 0 ? (
            <Paper withBorder radius="md" p="lg">
              <Stack gap="sm" align="flex-start">
                <Text fw={600}>{t('overview.emptyTitle')}</Text>
                <Text size="sm">{t('overview.emptyBody')}</Text>
                <Button onClick={() => setIsAddingCurrency(true)}>{t('overview.addCurrency')}</Button>
              </Stack>
            </Paper>
          ) : (
            <AccountGroupsList
              accounts={accounts}
              accountLabel={accountLabel}
              onAddMoney={(account: Account) => setFundingAccountId(account.accountId)}
              onDownloadLetter={(account: Account) => letter.mutate(account.accountId)}
              downloadingAccountId={letter.isPending ? letter.variables : undefined}
            />
          )}
        </Stack>
      ) : null}
      <Suspense fallback={null}>
        {fundingAccountId !== undefined ? (
          <PaymentInstructionsDrawer
            accounts={fundable}
            accountId={fundingAccountId}
            onAccountChange={setFundingAccountId}
            accountLabel={accountLabel}
            onClose={() => setFundingAccountId(undefined)}
          />
        ) : null}
        {isAddingCurrency ? (
          <AddCurrencyModal
            opened
            accounts={accounts}
            onClose={() => setIsAddingCurrency(false)}
            onAdded={(result) => {
              setIsAddingCurrency(false);
              setAddedNotice(
                result.isCreated
                  ? t('addCurrency.created', { account: accountLabel(result.account) })
                  : t('addCurrency.existed', { account: accountLabel(result.account) }),
              );
            }}
          />
        ) : null}
      </Suspense>
      <ResultPopup
        opened={addedNotice !== undefined}
        onClose={() => setAddedNotice(undefined)}
        status="success"
        message={addedNotice}
      />
      <ResultPopup
        opened={letter.isError}
        onClose={() => letter.reset()}
        status="error"
        error={letter.error ?? undefined}
      />
    </section>
  );
}
