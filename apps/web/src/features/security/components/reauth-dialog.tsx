import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type SubmitEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { isReauthenticationRequired, useReauthenticate } from '../api/reauthenticate';

interface ReauthDialogProps {
  opened: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}

/** Asks for the password again before a security change (the server's recent-authentication rule). */
export function ReauthDialog({ opened, onConfirmed, onCancel }: ReauthDialogProps) {
  const { t } = useTranslation(['security', 'common']);
  const [password, setPassword] = useState('');
  const reauth = useReauthenticate();
  const fieldError =
    isApiError(reauth.error) && reauth.error.validationErrors.some((item) => item.field === 'password')
      ? t('security:reauth.wrongPassword')
      : undefined;

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '') return;
    reauth.mutate(password, {
      onSuccess: () => {
        setPassword('');
        reauth.reset();
        onConfirmed();
      },
    });
  }

  return (
    <Modal
      opened={opened}
      onClose={() => {
        setPassword('');
        reauth.reset();
        onCancel();
      }}
      title={t('security:reauth.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('security:reauth.body')}</Text>
          {reauth.error && fieldError === undefined ? <ErrorAlert error={reauth.error} /> : null}
          <PasswordInput
            label={t('security:reauth.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldError}
            required
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={reauth.isPending}>
              {t('security:actions.cancel')}
            </Button>
            <Button type="submit" loading={reauth.isPending}>
              {t('security:reauth.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Runs a security change; when the server asks for the password first, shows the dialog and runs
 * the change again once it was given. Resolves undefined when the customer gives up.
 */
export function useReauthGate() {
  const [isAsking, setIsAsking] = useState(false);
  const pending = useRef<{ retry: () => void; cancel: () => void } | null>(null);

  const run = useCallback(<T,>(action: () => Promise<T>): Promise<T | undefined> => {
    return action().catch((error: unknown) => {
      if (!isReauthenticationRequired(error)) throw error;
      return new Promise<T | undefined>((resolve, reject) => {
        pending.current = {
          retry: () => {
            action().then(resolve, reject);
          },
          cancel: () => resolve(undefined),
        };
        setIsAsking(true);
      });
    });
  }, []);

  const dialog = (
    <ReauthDialog
      opened={isAsking}
      onConfirmed={() => {
        setIsAsking(false);
        pending.current?.retry();
        pending.current = null;
      }}
      onCancel={() => {
        setIsAsking(false);
        pending.current?.cancel();
        pending.current = null;
      }}
    />
  );
  return { run, dialog };
}
