import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type LockoutReason = 'emptyList' | 'currentNotListed' | 'deleteCurrent';

interface LockoutConfirmDialogProps {
  /** null: closed. */
  reason: LockoutReason | null;
  currentIp: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The warning before a change that would refuse the address this browser uses now. */
export function LockoutConfirmDialog({ reason, currentIp, isPending, onConfirm, onCancel }: LockoutConfirmDialogProps) {
  const { t } = useTranslation(['accessLists', 'common']);
  return (
    <Modal
      opened={reason !== null}
      onClose={onCancel}
      title={t('accessLists:lockout.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" role="alert">
          <Text size="sm">{reason === null ? '' : t(`accessLists:lockout.${reason}`, { ip: currentIp })}</Text>
        </Alert>
        <Text size="sm">{t('accessLists:lockout.consequence')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isPending} data-autofocus>
            {t('accessLists:actions.cancel')}
          </Button>
          <Button color="red.8" onClick={onConfirm} loading={isPending}>
            {t('accessLists:lockout.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
