import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Code.layer.css';
import { Button, Center, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { DeviceLink } from '../api/device-link';

interface DeviceLinkDialogProps {
  link: DeviceLink | null;
  onClose: () => void;
}

/**
 * The "link a new device" popup (spec 001 §2): a QR code of a one-time deep link for the mobile
 * app, and the same link as text for a phone that cannot scan. The owner closes it once the phone
 * is linked.
 */
export function DeviceLinkDialog({ link, onClose }: DeviceLinkDialogProps) {
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
          <Text size="sm">{t('security:devices.linkBody', { minutes: Math.round(link.expiresInSeconds / 60) })}</Text>
          <Center>
            <QRCodeSVG value={link.deeplink} size={176} title={t('security:devices.linkQr')} />
          </Center>
          <Stack gap={4}>
            <Text size="sm">{t('security:devices.linkManual')}</Text>
            <Code block fz="sm" data-testid="device-link" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {link.deeplink}
            </Code>
            <Group justify="flex-end">
              <CopyButton value={link.deeplink}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? t('security:devices.linkCopied') : t('security:devices.linkCopy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
          <Text size="sm" c="dimmed" role="status">
            {t('security:devices.linkWaiting')}
          </Text>
          <Button variant="default" onClick={onClose}>
            {t('security:actions.cancel')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
