import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import type { Device } from '@app/shared/api/devices';
import { Alert, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayLanguage } from '../../../components/money';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime } from '../../../lib/format';
import { startDeviceLink, type DeviceLink } from '../api/device-link';
import { useLinkedDevices, useRemoveDevice } from '../api/linked-devices';
import { locationLabel } from '../utils/labels';
import { DeviceLinkDialog } from './device-link-dialog';
import { useReauthGate } from './reauth-dialog';

/** How often the list is read while the QR code is shown: no live event tells of a new device. */
const LINK_POLL_INTERVAL_MS = 3_000;

/** Linked phones (spec 001 §3, §7): where and when each last acted; removing one stops it at once. */
export function DevicesSection() {
  const { t } = useTranslation(['security', 'common']);
  const { t: tSecurity } = useTranslation('security');
  const language = useDisplayLanguage();
  const [link, setLink] = useState<{ link: DeviceLink; deviceIds: number[] } | null>(null);
  const [linkedDevice, setLinkedDevice] = useState<Device | null>(null);
  // While the QR code is shown, the list is polled so the new phone appears as soon as it links.
  const devices = useLinkedDevices(link === null ? false : LINK_POLL_INTERVAL_MS);
  const remove = useRemoveDevice();
  const [toRemove, setToRemove] = useState<Device | null>(null);
  const [linkError, setLinkError] = useState<unknown>(null);
  const [isStarting, setIsStarting] = useState(false);
  const { run, dialog } = useReauthGate();
  const newDevice = link === null ? undefined : devices.data?.find((device) => !link.deviceIds.includes(device.id));
  if (newDevice !== undefined) {
    // The phone linked itself: the QR code has done its work, so the popup closes and says so here.
    setLink(null);
    setLinkedDevice(newDevice);
  }
  const isLinkedDeviceListed = linkedDevice !== null && (devices.data ?? []).some(({ id }) => id === linkedDevice.id);

  async function openLink() {
    setLinkError(null);
    setLinkedDevice(null);
    setIsStarting(true);
    try {
      const started = await run(startDeviceLink);
      if (started !== undefined) {
        setLink({ link: started, deviceIds: (devices.data ?? []).map((device) => device.id) });
      }
    } catch (error) {
      setLinkError(error);
    } finally {
      setIsStarting(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="devices-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="devices-title">
          {t('security:devices.title')}
        </Title>
        <Text size="sm">{t('security:devices.intro')}</Text>
        {devices.isPending ? <Skeleton height={60} /> : null}
        {devices.error ? <ErrorAlert error={devices.error} /> : null}
        {remove.error ? <ErrorAlert error={remove.error} /> : null}
        {linkedDevice !== null && isLinkedDeviceListed ? (
          <Alert color="teal" variant="light" role="status">
            <Text size="sm">{t('security:devices.linkedNamed', { name: linkedDevice.name })}</Text>
          </Alert>
        ) : null}
        {devices.data?.length === 0 ? <Text size="sm">{t('security:devices.empty')}</Text> : null}
        {devices.data && devices.data.length > 0 ? (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {devices.data.map((device) => (
              <Group key={device.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>
                    {device.name} · {device.code}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('security:devices.details', {
                      status: t(`security:devices.status.${device.status}`),
                      location: locationLabel(tSecurity, device.location),
                      lastActivity:
                        device.lastActivityAt === undefined
                          ? t('security:devices.never')
                          : formatDateTime(device.lastActivityAt, language),
                    })}
                  </Text>
                </Stack>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setToRemove(device)}
                  aria-label={t('security:devices.removeNamed', { name: device.name })}
                >
                  {t('security:devices.remove')}
                </Button>
              </Group>
            ))}
          </Stack>
        ) : null}
        {linkError !== null ? <ErrorAlert error={linkError} /> : null}
        <Group>
          <Button variant="default" loading={isStarting} onClick={() => void openLink()}>
            {t('security:devices.link')}
          </Button>
        </Group>
      </Stack>
      {dialog}
      <DeviceLinkDialog link={link?.link ?? null} onClose={() => setLink(null)} />
      <Modal
        opened={toRemove !== null}
        onClose={() => setToRemove(null)}
        title={t('security:devices.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('security:devices.confirmBody', { name: toRemove?.name ?? '' })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToRemove(null)}>
              {t('security:actions.cancel')}
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() => {
                if (toRemove === null) return;
                remove.mutate(toRemove.id, { onSettled: () => setToRemove(null) });
              }}
            >
              {t('security:devices.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
