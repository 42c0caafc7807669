import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type SubmitEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';

/** Spec 001 §4: the SMS code popup closes three seconds after a success. */
export const CLOSE_AFTER_SUCCESS_MS = 3_000;

export interface CodeConfirmDialogProps {
  opened: boolean;
  title: string;
  /** Where the code went, or what to open (the authenticator). */
  description: string;
  /** The request the code confirms; without it nothing is sent. */
  requestId: string | undefined;
  /** Two digits printed in the message, so the customer types the latest code. */
  identifier?: string;
  successText: string;
  onSubmit: (requestId: string, code: string) => Promise<void>;
  onResend?: () => Promise<void>;
  onClose: () => void;
  /** Called once the success was shown (after the 3-second close). */
  onDone: () => void;
}

/**
 * The code popup of the security settings: a 6-digit code for one request, then success. Without a
 * request id it says 'Not Operation Id, Fail Operation' and sends nothing (spec 001 §5).
 */
export function CodeConfirmDialog(props: CodeConfirmDialogProps) {
  const { t } = useTranslation(['security', 'common']);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {/* Keyed by the request: a new request starts with an empty form. */}
      {props.opened ? <CodeForm key={props.requestId ?? 'none'} {...props} /> : null}
    </Modal>
  );
}

function CodeForm({
  description,
  requestId,
  identifier,
  successText,
  onSubmit,
  onResend,
  onDone,
}: CodeConfirmDialogProps) {
  const { t } = useTranslation(['security', 'common']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [noOperation, setNoOperation] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [isDone, setIsDone] = useState(false);

  useEffect(() => {
    if (!isDone) return undefined;
    const timer = setTimeout(onDone, CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [isDone, onDone]);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (requestId === undefined || requestId === '') {
      setNoOperation(true);
      return;
    }
    if (!/^\d{6}$/.test(code)) {
      setError(new Error('format'));
      return;
    }
    setIsBusy(true);
    try {
      await onSubmit(requestId, code);
      setIsDone(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  const codeFieldError =
    error instanceof Error && error.message === 'format'
      ? t('security:code.format')
      : isApiError(error) && error.validationErrors.some((item) => item.field === 'code')
        ? (error.validationErrors.find((item) => item.field === 'code')?.message ?? t('security:code.wrong'))
        : undefined;

  if (isDone) {
    return (
      <Alert color="teal" variant="light" role="status" title={t('security:code.successTitle')}>
        <Text size="sm">{successText}</Text>
      </Alert>
    );
  }
  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{description}</Text>
        {noOperation ? (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{t('security:code.noOperation')}</Text>
          </Alert>
        ) : null}
        {error !== null && codeFieldError === undefined ? <ErrorAlert error={error} /> : null}
        <TextInput
          label={t('security:code.label')}
          description={identifier === undefined ? undefined : t('security:code.identifier', { identifier })}
          name="one-time-code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          error={codeFieldError}
          required
          data-autofocus
        />
        <Group justify="space-between" gap="sm">
          {onResend ? (
            <Button variant="subtle" onClick={() => void onResend().catch(setError)} disabled={isBusy}>
              {t('security:code.resend')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={isBusy}>
            {t('security:code.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
