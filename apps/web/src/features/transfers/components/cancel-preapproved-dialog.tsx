import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import type { PreapprovedPayment } from '@app/shared/api/transfers';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, useDisplayLanguage } from '../../../components/money';

export interface CancelPreapprovedDialogProps {
  payment: PreapprovedPayment | undefined;
  payeeLabel: string;
  isCancelling: boolean;
  onConfirm: (payment: PreapprovedPayment) => void;
  onClose: () => void;
}

/** Asks before stopping a recurring transfer: no further payments are made once it is cancelled. */
export function CancelPreapprovedDialog({
  payment,
  payeeLabel,
  isCancelling,
  onConfirm,
  onClose,
}: CancelPreapprovedDialogProps) {
  const { t } = useTranslation(['transfers', 'common']);
  const language = useDisplayLanguage();
  return (
    <Modal
      opened={payment !== undefined}
      onClose={onClose}
      title={t('transfers:preapproved.confirmTitle')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {payment ? (
        <Stack gap="md">
          <Text>
            {t('transfers:preapproved.confirmBody', {
              amount: formatMoney(payment.amount, payment.currencyCode, language),
              payee: payeeLabel,
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isCancelling}>
              {t('transfers:preapproved.keep')}
            </Button>
            <Button color="red.9" onClick={() => onConfirm(payment)} loading={isCancelling}>
              {t('transfers:preapproved.confirmCancel')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
