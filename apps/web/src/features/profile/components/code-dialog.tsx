import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeInput } from '../../../components/one-time-code-input';
import { isApiError } from '../../../lib/api-error';
import { isCompleteCode } from '../../../lib/one-time-code';
import { ActionFeedback } from './action-feedback';

export interface CodeDialogProps {
  opened: boolean;
  title: string;
  /** Where the code went. */
  description: string;
  /** Shown when the code went through a sandbox channel. */
  sandboxNote?: string;
  onSubmit: (code: string) => Promise<void>;
  onResend?: () => Promise<void>;
  onClose: () => void;
}

/**
 * The 6-digit code step of the profile (phone, e-mail, sign-in e-mail). A wrong code keeps the
 * dialog open with the reason next to the field; anything else is summarised above it.
 */
export function CodeDialog(props: CodeDialogProps) {
  const { t } = useTranslation('profile');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {/* Mounted only while open, so every opening starts from an empty code. */}
      {props.opened ? <CodeForm {...props} /> : null}
    </Modal>
  );
}

function CodeForm({ description, sandboxNote, onSubmit, onResend, onClose }: CodeDialogProps) {
  const { t } = useTranslation('profile');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    if (!isCompleteCode(code)) {
      setFieldError(t('code.format'));
      return;
    }
    setFieldError(undefined);
    setIsBusy(true);
    try {
      await onSubmit(code);
    } catch (caught) {
      const codeProblem = isApiError(caught)
        ? caught.validationErrors.find((item) => item.field === 'code')
        : undefined;
      // The server's words are English; the reason is the same in every language.
      if (codeProblem !== undefined) setFieldError(t('code.wrong'));
      else setError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  async function handleResend() {
    if (onResend === undefined) return;
    setError(null);
    setNotice(null);
    setIsBusy(true);
    try {
      await onResend();
      setCode('');
      setNotice(t('code.resent'));
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{description}</Text>
        {sandboxNote !== undefined ? (
          <Text size="xs" c="dimmed">
            {sandboxNote}
          </Text>
        ) : null}
        <ActionFeedback notice={notice} error={error} />
        <OneTimeCodeInput
          id="profile-code"
          label={t('code.label')}
          value={code}
          onChange={setCode}
          error={fieldError}
        />
        <Group justify="space-between" wrap="wrap">
          {onResend !== undefined ? (
            <Button variant="subtle" onClick={() => void handleResend()} disabled={isBusy}>
              {t('code.resend')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isBusy}>
              {t('code.submit')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
