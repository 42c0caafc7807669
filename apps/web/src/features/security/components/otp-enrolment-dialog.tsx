import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Code.layer.css';
import { Alert, Button, Center, Code, CopyButton, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { confirmTwoStepChange } from '../api/two-step-change';

export interface OtpEnrolment {
  reqId: string;
  secret: string;
  otpauthUrl: string;
}

interface OtpEnrolmentDialogProps {
  enrolment: OtpEnrolment | null;
  onClose: () => void;
  /** The app is on: the recovery codes were shown and the customer closed them. */
  onEnabled: () => void;
}

/** Authenticator set-up: scan or type the secret, confirm with a code, keep the ten recovery codes. */
export function OtpEnrolmentDialog({ enrolment, onClose, onEnabled }: OtpEnrolmentDialogProps) {
  const { t } = useTranslation(['security', 'common']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  function reset() {
    setCode('');
    setError(null);
    setRecoveryCodes(null);
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (enrolment === null) return;
    setError(null);
    setIsBusy(true);
    try {
      const confirmed = await confirmTwoStepChange(enrolment.reqId, code);
      setRecoveryCodes(confirmed.recoveryCodes);
    } catch (caught) {
      setError(caught);
    } finally {
      setIsBusy(false);
    }
  }

  const fieldError =
    isApiError(error) && error.validationErrors.some((item) => item.field === 'code')
      ? t('security:code.wrongTotp')
      : undefined;

  return (
    <Modal
      opened={enrolment !== null}
      onClose={() => {
        const wasEnabled = recoveryCodes !== null;
        reset();
        if (wasEnabled) onEnabled();
        else onClose();
      }}
      title={recoveryCodes === null ? t('security:otp.title') : t('security:otp.recoveryTitle')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      size="md"
    >
      {enrolment === null ? null : recoveryCodes === null ? (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('security:otp.scan')}</Text>
            <Center>
              <QRCodeSVG value={enrolment.otpauthUrl} size={176} title={t('security:otp.qrLabel')} />
            </Center>
            <Text size="sm">{t('security:otp.manual')}</Text>
            <Code block data-testid="totp-secret">
              {enrolment.secret}
            </Code>
            {error !== null && fieldError === undefined ? <ErrorAlert error={error} /> : null}
            <TextInput
              label={t('security:code.label')}
              name="one-time-code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
              error={fieldError}
              required
            />
            <Button type="submit" loading={isBusy}>
              {t('security:otp.confirm')}
            </Button>
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status">
            <Text size="sm">{t('security:otp.enabled')}</Text>
          </Alert>
          <Text size="sm">{t('security:otp.recoveryIntro')}</Text>
          <List spacing={4} data-testid="recovery-codes" styles={{ item: { fontFamily: 'monospace' } }}>
            {recoveryCodes.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
          <CopyButton value={recoveryCodes.join('\n')}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('security:otp.copied') : t('security:otp.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            onClick={() => {
              reset();
              onEnabled();
            }}
          >
            {t('security:otp.saved')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
