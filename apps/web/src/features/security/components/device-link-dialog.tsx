import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Alert, Button, Center, Modal, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { DeviceLink } from '../api/device-link';

interface DeviceLinkDialogProps {
  link: DeviceLink | null;
  /** A device was linked while the code was shown. */
  isLinked: boolean;
  onClose: () => void;
}

/** The "link a new device" popup (spec 001 §2): a QR code of a one-time deep link for the mobile app. */
export function DeviceLinkDialog({ link, isLinked, onClose }: DeviceLinkDialogProps) {
  const { t } = useTranslation(['security', 'common']);
  return (
    <Modal
      opened={link !== null}
      onClose={onClose}
      title={t('security:devices.linkTitle')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {link === null ? null : (
        <Stack gap="md">
          {isLinked ? (
            <Alert color="teal" variant="light" role="status">
              <Text size="sm">{t('security:devices.linked')}</Text>
            </Alert>
          ) : (
            <>
              <Text size="sm">
                {t('security:devices.linkBody', { minutes: Math.round(link.expiresInSeconds / 60) })}
              </Text>
              <Center>
                <QRCodeSVG value={link.deeplink} size={176} title={t('security:devices.linkQr')} />
              </Center>
              <Text size="sm" c="dimmed" role="status">
                {t('security:devices.linkWaiting')}
              </Text>
            </>
          )}
          <Button variant={isLinked ? 'filled' : 'default'} onClick={onClose}>
            {isLinked ? t('security:actions.done') : t('security:actions.cancel')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
