import { Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CustomerAccess } from '@app/shared/api/customers';
import { AccessRight } from '@app/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './customer-chooser.module.css';

export interface CustomerChooserProps {
  customers: readonly CustomerAccess[];
  /** Acts for the chosen customer and moves on; the choice stays busy until it settles. */
  onChoose: (customerId: number) => Promise<void>;
}

const RIGHTS_KEYS: Record<number, string> = {
  [AccessRight.READ]: 'read',
  [AccessRight.FULL]: 'full',
  [AccessRight.INITIATE]: 'initiate',
  [AccessRight.CONFIRMED]: 'confirmed',
  [AccessRight.UPLOADING]: 'uploading',
};

/** The related-accounts chooser (spec 000 §4 rule 4): one button per customer the user may act for. */
export function CustomerChooser({ customers, onChoose }: CustomerChooserProps) {
  const { t } = useTranslation('signIn');
  const [chosenId, setChosenId] = useState<number | null>(null);

  async function choose(customerId: number) {
    if (chosenId !== null) return;
    setChosenId(customerId);
    try {
      await onChoose(customerId);
    } finally {
      setChosenId(null);
    }
  }

  return (
    <ul className={classes.list}>
      {customers.map((customer) => {
        const rightsKey = RIGHTS_KEYS[customer.accessRights];
        return (
          <li key={customer.customerId}>
            <UnstyledButton
              className={classes.choice}
              onClick={() => void choose(customer.customerId)}
              disabled={chosenId !== null}
              aria-busy={chosenId === customer.customerId}
            >
              <Stack gap={2}>
                <Text fw={600}>{customer.displayName}</Text>
                <Text size="sm" c="dimmed">
                  {t(`chooser.types.${customer.customerType}`)}
                  {rightsKey ? ` · ${t(`chooser.rights.${rightsKey}`)}` : ''}
                </Text>
              </Stack>
              {chosenId === customer.customerId ? <Loader size="sm" aria-label={t('chooser.opening')} /> : null}
            </UnstyledButton>
          </li>
        );
      })}
    </ul>
  );
}
