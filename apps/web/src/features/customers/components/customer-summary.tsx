import type { CustomerInfo } from '@app/shared/api/customers';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_BADGE_COLORS } from '../../../components/status-colors';
import { formatDateTime } from '../../../lib/format';
import { getLanguage, languageOfLocale } from '../../../lib/language';
import classes from './customer-summary.module.css';

export type VerificationWord = 'verified' | 'limited' | 'unverified';

/**
 * Words, not colour alone: limited outranks verified, since it restricts what the customer can do.
 * Undefined for an administrator who acts for no customer (there is no customer to verify).
 */
export function verificationWordOf(customer: Pick<CustomerInfo, 'verified' | 'limited'>): VerificationWord | undefined {
  if (customer.verified === undefined && customer.limited === undefined) return undefined;
  if (customer.limited) return 'limited';
  return customer.verified ? 'verified' : 'unverified';
}

export function CustomerSummary({ customer, signedInAt }: { customer: CustomerInfo; signedInAt: number | undefined }) {
  const { t, i18n } = useTranslation('customers');
  const word = verificationWordOf(customer);
  const language = languageOfLocale(i18n.language) ?? getLanguage();
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="md">
          {t('home.profileTitle')}
        </Title>
        <dl className={classes.list}>
          <dt>{t('home.login')}</dt>
          <dd>{customer.login}</dd>
          {customer.customerType ? (
            <>
              <dt>{t('home.customerType')}</dt>
              <dd>{t(`home.types.${customer.customerType}`)}</dd>
            </>
          ) : null}
          {word ? (
            <>
              <dt>{t('home.verification')}</dt>
              <dd>
                <Badge color={VERIFICATION_BADGE_COLORS[word]} variant="filled" radius="sm">
                  {t(`home.status.${word}`)}
                </Badge>
              </dd>
            </>
          ) : null}
          {customer.customerId !== undefined ? (
            <>
              <dt>{t('home.customerId')}</dt>
              <dd className={classes.number}>{customer.customerId}</dd>
            </>
          ) : null}
        </dl>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} size="h4" mb="md">
          {t('home.session.title')}
        </Title>
        <dl className={classes.list}>
          <dt>{t('home.session.signedInAt')}</dt>
          <dd>{signedInAt ? formatDateTime(signedInAt, language) : '—'}</dd>
        </dl>
        <Text size="sm" c="dimmed" mt="sm">
          {t('home.session.idle')}
        </Text>
      </Paper>
    </Stack>
  );
}
