import type { CustomerInfo } from '@app/shared/api/customers';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getFromCustomerId } from '../../../lib/session';
import { useStopActing } from '../api/acting-for-customer';
import classes from './acting-banner.module.css';

function nameOf(customer: CustomerInfo): string {
  if (customer.customerType === 'business' && customer.businessName) return customer.businessName;
  return [customer.firstName, customer.lastName].filter(Boolean).join(' ');
}

/**
 * Shown on every signed-in screen while an administrator acts for a customer, so nobody forgets
 * whose name they are working in; "Stop" returns to the customer's page in the console.
 */
export function ActingBanner({ customer }: { customer: CustomerInfo | undefined }) {
  const { t } = useTranslation('admin');
  const stop = useStopActing();
  const actingFor = getFromCustomerId();
  if (customer?.isAdmin !== true || actingFor === undefined || customer.customerId !== actingFor) return null;
  return (
    <section className={classes.banner} aria-label={t('acting.region')} data-testid="acting-banner">
      <span className={classes.text}>
        {t('acting.banner', { name: nameOf(customer) || t('acting.unnamed'), id: customer.customerId })}
      </span>
      <Button size="compact-md" variant="white" color="dark" onClick={() => stop.mutate()} loading={stop.isPending}>
        {t('acting.stop')}
      </Button>
    </section>
  );
}
