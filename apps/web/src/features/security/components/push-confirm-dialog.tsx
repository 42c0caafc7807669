import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { confirmTwoStepChange } from '../api/two-step-change';

const POLL_INTERVAL_MS = 2_000;

interface PushConfirmDialogProps {
  /** The change waiting for the device; null when closed. */
  request: { reqId: string; deviceNames: string[] } | null;
  onClose: () => void;
  onEnabled: () => void;
}

/** The push-confirm prompt (spec 001 §2): confirm on the linked device; this waits for its answer. */
export function PushConfirmDialog({ request, onClose, onEnabled }: PushConfirmDialogProps) {
  const { t } = useTranslation(['security', 'common']);
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={t('security:push.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {/* Keyed by the request: each change waits afresh. */}
      {request === null ? null : (
        <PushWait key={request.reqId} request={request} onClose={onClose} onEnabled={onEnabled} />
      )}
    </Modal>
  );
}

function PushWait({
  request,
  onClose,
  onEnabled,
}: {
  request: { reqId: string; deviceNames: string[] };
  onClose: () => void;
  onEnabled: () => void;
}) {
  const { t } = useTranslation(['security', 'common']);
  const [error, setError] = useState<unknown>(null);
  const [isDone, setIsDone] = useState(false);

  useEffect(() => {
    let isActive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await confirmTwoStepChange(request.reqId);
        if (!isActive) return;
        if (answer.status === 'enabled') {
          setIsDone(true);
          return;
        }
        timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
      } catch (caught) {
        if (isActive) setError(caught);
      }
    };
    timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    return () => {
      isActive = false;
      clearTimeout(timer);
    };
  }, [request.reqId]);

  return (
    <Stack gap="md">
      {isDone ? (
        <Alert color="teal" variant="light" role="status">
          <Text size="sm">{t('security:push.approved')}</Text>
        </Alert>
      ) : error !== null ? (
        <ErrorAlert error={error} />
      ) : (
        <Group gap="sm" wrap="nowrap" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('security:push.waiting', { devices: request.deviceNames.join(', ') })}</Text>
        </Group>
      )}
      <Group justify="flex-end">
        <Button variant={isDone ? 'filled' : 'default'} onClick={isDone ? onEnabled : onClose}>
          {isDone ? t('security:actions.done') : t('security:actions.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
