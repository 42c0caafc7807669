import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import type { Account } from '@app/shared/api/accounts';
import type { PaymentAccountCurrency } from '@app/shared/accounts';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { currencySymbolOf } from '../../../components/money';
import { type AddCurrencyResult, useAddCurrency } from '../api/add-currency';
import { currenciesToAdd } from './currencies-to-add';

export interface AddCurrencyModalProps {
  opened: boolean;
  accounts: readonly Account[];
  onClose: () => void;
  onAdded: (result: AddCurrencyResult) => void;
}

/** "Add currency" (spec 001 §7): opens a payment account in a currency the customer does not hold. */
export function AddCurrencyModal({ opened, accounts, onClose, onAdded }: AddCurrencyModalProps) {
  const { t } = useTranslation(['accounts', 'common']);
  const options = currenciesToAdd(accounts);
  const [currency, setCurrency] = useState<PaymentAccountCurrency | undefined>(undefined);
  const [isMissingChoice, setIsMissingChoice] = useState(false);
  const mutation = useAddCurrency();
  const selected = currency !== undefined && options.includes(currency) ? currency : undefined;

  function close() {
    mutation.reset();
    setCurrency(undefined);
    setIsMissingChoice(false);
    onClose();
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (selected === undefined) {
      setIsMissingChoice(true);
      return;
    }
    mutation.mutate(selected, {
      onSuccess: (result) => {
        setCurrency(undefined);
        onAdded(result);
      },
    });
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('accounts:addCurrency.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {options.length === 0 ? (
        <Stack gap="md">
          <Text>{t('accounts:addCurrency.allHeld')}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t('common:actions.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            {mutation.error ? <ErrorAlert error={mutation.error} title={t('accounts:addCurrency.failed')} /> : null}
            <Radio.Group
              label={t('accounts:addCurrency.label')}
              description={t('accounts:addCurrency.hint')}
              value={selected ?? null}
              onChange={(value) => {
                setIsMissingChoice(false);
                setCurrency(options.find((option) => option === value));
              }}
              error={isMissingChoice ? t('accounts:addCurrency.required') : undefined}
            >
              <Stack gap="xs" mt="xs">
                {options.map((option) => {
                  const symbol = currencySymbolOf(option);
                  return (
                    <Radio
                      key={option}
                      value={option}
                      label={`${t(`accounts:currencies.${option}`)} (${option}${symbol ? `, ${symbol}` : ''})`}
                    />
                  );
                })}
              </Stack>
            </Radio.Group>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('accounts:addCurrency.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending}>
                {t('accounts:addCurrency.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
