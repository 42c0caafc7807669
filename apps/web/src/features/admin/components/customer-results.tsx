import '@mantine/core/styles/Table.layer.css';
import type { CustomerSummary } from '@app/shared/api/customers';
import { Anchor, Badge, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VERIFICATION_BADGE_COLORS } from '../../../components/status-colors';
import { formatDate } from '../../../lib/format';
import type { Language } from '@app/shared/constants';
import classes from './customer-results.module.css';

type StatusWord = 'verified' | 'limited' | 'unverified';

function statusOf(customer: CustomerSummary): StatusWord {
  if (customer.limited) return 'limited';
  return customer.verified ? 'verified' : 'unverified';
}

function StatusBadge({ customer }: { customer: CustomerSummary }) {
  const { t } = useTranslation('admin');
  const status = statusOf(customer);
  return (
    <Badge color={VERIFICATION_BADGE_COLORS[status]} variant="filled" radius="sm">
      {t(`overview.status.${status}`)}
    </Badge>
  );
}

/** A table on wider screens, cards at phone width (≤ 476 px); the CSS chooses, so nothing jumps. */
export function CustomerResults({ customers, language }: { customers: CustomerSummary[]; language: Language }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <div className={classes.table}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('overview.columns.id')}</Table.Th>
              <Table.Th scope="col">{t('overview.columns.name')}</Table.Th>
              <Table.Th scope="col">{t('overview.columns.login')}</Table.Th>
              <Table.Th scope="col">{t('overview.columns.type')}</Table.Th>
              <Table.Th scope="col">{t('overview.columns.status')}</Table.Th>
              <Table.Th scope="col">{t('overview.columns.created')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {customers.map((customer) => (
              <Table.Tr key={customer.customerId}>
                <Table.Td className={classes.number}>{customer.customerId}</Table.Td>
                <Table.Td fw={500}>
                  <Anchor component={Link} to={`/admin-customer/${customer.customerId}`} fw={500}>
                    {customer.displayName || t('overview.unnamed')}
                  </Anchor>
                </Table.Td>
                <Table.Td>{customer.login ?? '—'}</Table.Td>
                <Table.Td>{t(`overview.types.${customer.customerType}`)}</Table.Td>
                <Table.Td>
                  <StatusBadge customer={customer} />
                </Table.Td>
                <Table.Td>{formatDate(customer.createdAt, language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <ul className={classes.cards}>
        {customers.map((customer) => (
          <li key={customer.customerId}>
            <Paper withBorder p="md" radius="md">
              <div className={classes.cardHead}>
                <Anchor component={Link} to={`/admin-customer/${customer.customerId}`} fw={600}>
                  {customer.displayName || t('overview.unnamed')}
                </Anchor>
                <StatusBadge customer={customer} />
              </div>
              <Text size="sm" className={classes.wrap}>
                {customer.login ?? '—'}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`overview.types.${customer.customerType}`)} · {t('overview.columns.id')}{' '}
                <span className={classes.number}>{customer.customerId}</span> ·{' '}
                {formatDate(customer.createdAt, language)}
              </Text>
            </Paper>
          </li>
        ))}
      </ul>
    </>
  );
}
