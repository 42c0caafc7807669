import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Table.layer.css';
import type { AdminCustomerDetail } from '@app/shared/api/admin';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { Money } from '../../../components/money';
import { VERIFICATION_BADGE_COLORS } from '../../../components/status-colors';
import { formatDate } from '../../../lib/format';
import { getLanguage, languageOfLocale } from '../../../lib/language';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStartActing } from '../api/acting-for-customer';
import { useCustomerDetail } from '../api/get-customer-detail';
import classes from './admin.module.css';

function idFrom(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" className={classes.wrap}>
        {children}
      </Text>
    </div>
  );
}

function CustomerView({ customer }: { customer: AdminCustomerDetail }) {
  const { t, i18n } = useTranslation('admin');
  const language = languageOfLocale(i18n.language) ?? getLanguage();
  const startActing = useStartActing();
  const status = customer.limited ? 'limited' : customer.verified ? 'verified' : 'unverified';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div className={classes.grow}>
          <Title order={1} size="h2" className={classes.wrap}>
            {customer.displayName || t('acting.unnamed')}
          </Title>
          <Group gap="xs" mt={6}>
            <Badge color={VERIFICATION_BADGE_COLORS[status]} variant="filled" radius="sm">
              {t(`overview.status.${status}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              {t(`overview.types.${customer.customerType}`)} · {t('overview.columns.id')}{' '}
              <span className={classes.number}>{customer.customerId}</span>
            </Text>
          </Group>
        </div>
        <Button onClick={() => startActing.mutate(customer.customerId)} loading={startActing.isPending}>
          {t('customer.actFor')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('customer.actForHint')}
      </Text>
      {startActing.error ? <ErrorAlert error={startActing.error} title={t('customer.actForFailed')} /> : null}

      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Fact label={t('customer.created')}>{formatDate(customer.createdAt, language)}</Fact>
          <Fact label={t('customer.brand')}>{customer.brand}</Fact>
          <Fact label={t('customer.dueDiligence')}>{customer.dueDiligenceLevel}</Fact>
          <Fact label={t('customer.needsKyc')}>{customer.isNeedKyc ? t('customer.yes') : t('customer.no')}</Fact>
          <Fact label={t('customer.needsUpdate')}>
            {customer.isNeedPersonalInfoUpdate ? t('customer.yes') : t('customer.no')}
          </Fact>
        </SimpleGrid>
      </Paper>

      <section aria-labelledby="customer-users">
        <Title order={2} size="h4" id="customer-users" mb="xs">
          {t('customer.users')}
        </Title>
        <div className={classes.tableScroll}>
          <Table verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('overview.columns.login')}</Table.Th>
                <Table.Th scope="col">{t('overview.columns.name')}</Table.Th>
                <Table.Th scope="col">{t('customer.rights')}</Table.Th>
                <Table.Th scope="col">{t('overview.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {customer.users.map((user) => (
                <Table.Tr key={user.userId}>
                  <Table.Td className={classes.wrap}>{user.login}</Table.Td>
                  <Table.Td>{[user.firstName, user.lastName].filter(Boolean).join(' ') || '—'}</Table.Td>
                  <Table.Td>
                    {t(`customer.accessRights.${user.accessRights}`, { defaultValue: String(user.accessRights) })}
                  </Table.Td>
                  <Table.Td>{t(`customer.userStatus.${user.status}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </section>

      <section aria-labelledby="customer-accounts">
        <Title order={2} size="h4" id="customer-accounts" mb="xs">
          {t('customer.accounts')}
        </Title>
        {customer.accounts.length === 0 ? (
          <Text size="sm">{t('customer.noAccounts')}</Text>
        ) : (
          <ul className={classes.plainList}>
            {customer.accounts.map((account) => (
              <li key={account.accountId} className={classes.accountRow}>
                <span className={classes.wrap}>
                  {account.name} · {account.currencyCode}{' '}
                  <Text span size="xs" c="dimmed">
                    #{account.accountId}
                  </Text>
                </span>
                <Money amount={account.balance} currency={account.currencyCode} className={classes.amount} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <Anchor component={Link} to={`/admin-audit?customerId=${customer.customerId}`}>
        {t('customer.auditLink')}
      </Anchor>
    </Stack>
  );
}

/** Admin: one customer, with the way to act for them. */
export default function AdminCustomerRoute() {
  const { t } = useTranslation('admin');
  const customerId = idFrom(useParams().customerId);
  const detail = useCustomerDetail(customerId ?? 0);
  useDocumentTitle(detail.data?.customer.displayName || t('customer.title'));
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/admin-overview" size="sm">
        {t('customer.back')}
      </Anchor>
      {customerId === null ? (
        <Text role="alert">{t('customer.notFound')}</Text>
      ) : detail.error ? (
        <ErrorAlert error={detail.error} title={t('customer.loadFailed')} />
      ) : detail.data ? (
        <CustomerView customer={detail.data.customer} />
      ) : (
        <Stack gap="sm" aria-busy>
          <Skeleton height={36} width="50%" />
          <Skeleton height={96} />
          <Skeleton height={160} />
        </Stack>
      )}
    </Stack>
  );
}
