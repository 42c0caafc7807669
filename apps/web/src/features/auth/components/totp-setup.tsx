import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Code.layer.css';
import { Alert, Button, Center, Code, CopyButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { OneTimeCodeInput } from '../../../components/one-time-code-input';
import { isApiError } from '../../../lib/api-error';
import { useBrand } from '../../../lib/runtime-config';
import {
  confirmTotpEnrolment,
  type FactorSetupCredential,
  startTotpEnrolment,
  type TotpConfirmation,
  type TotpEnrolment,
} from '../api/two-step-verification';
import { useSecondsLeft } from '../hooks/use-seconds-left';
import { isCompleteCode, ONE_TIME_CODE_LENGTH } from '../../../lib/one-time-code';

/** `qr`: a QR code to scan with another device. `phone`: the authenticator is on this very phone. */
export type TotpSetupLayout = 'qr' | 'phone';

export interface TotpSetupProps {
  credential: FactorSetupCredential;
  layout: TotpSetupLayout;
  /** Runs once the app's code was accepted: the factor is on (and a withheld session started). */
  onEnabled: (confirmation: TotpConfirmation) => Promise<void> | void;
}

const CODE_FIELD_ID = 'totp-setup-code';

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to type into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

type Enrolment =
  | { status: 'loading' }
  | { status: 'ready'; enrolment: TotpEnrolment; expiresAt: number }
  | {
      status: 'failed';
      error: unknown;
    };

/**
 * Enabling the authenticator app (spec 000 §2 "scp", 001 §7): a new secret as a QR code of its
 * otpauth:// URI (or, on a phone, a link that opens the authenticator), the key to type by hand,
 * then a code from the app to prove it was added.
 */
export function TotpSetup({ credential, layout, onEnabled }: TotpSetupProps) {
  const { t } = useTranslation(['signIn', 'common']);
  const brand = useBrand();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Enrolment>({ status: 'loading' });
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [confirmError, setConfirmError] = useState<unknown>(null);
  const [hasEnded, setHasEnded] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  // Refs survive StrictMode's second effect run: one enrolment per attempt, never two racing.
  const started = useRef<{ attempt: number; promise: Promise<TotpEnrolment> } | null>(null);
  const secondsLeft = useSecondsLeft(state.status === 'ready' ? state.expiresAt : null);
  const isExpired = state.status === 'ready' && secondsLeft === 0;

  useEffect(() => {
    if (started.current?.attempt !== attempt) {
      started.current = { attempt, promise: startTotpEnrolment(credential) };
    }
    let isCurrent = true;
    started.current.promise.then(
      (enrolment) => {
        if (isCurrent)
          setState({ status: 'ready', enrolment, expiresAt: Date.now() + enrolment.expiresInSeconds * 1000 });
      },
      (error: unknown) => {
        if (isCurrent) setState({ status: 'failed', error });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [attempt, credential]);

  function startAgain() {
    setState({ status: 'loading' });
    setCode('');
    setFieldError(undefined);
    setConfirmError(null);
    setHasEnded(false);
    setAttempt((current) => current + 1);
  }

  async function handleConfirm(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status !== 'ready' || isConfirming) return;
    setConfirmError(null);
    if (!isCompleteCode(code)) {
      setFieldError(
        code === '' ? t('signIn:code.required') : t('signIn:code.incomplete', { length: ONE_TIME_CODE_LENGTH }),
      );
      return;
    }
    setFieldError(undefined);
    setIsConfirming(true);
    let confirmation: TotpConfirmation;
    try {
      confirmation = await confirmTotpEnrolment(credential, { reqId: state.enrolment.reqId, code });
    } catch (error) {
      setIsConfirming(false);
      const codeError = isApiError(error) ? error.validationErrors.find((item) => item.field === 'code') : undefined;
      if (codeError) setFieldError(codeError.message);
      // TA1: the set-up request ended (expired, or too many wrong codes): a new secret is needed.
      else if (isApiError(error) && error.code === 'TA1') setHasEnded(true);
      else setConfirmError(error);
      return;
    }
    try {
      await onEnabled(confirmation);
    } finally {
      setIsConfirming(false);
    }
  }

  if (state.status === 'loading') {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton height={20} width="70%" />
        <Skeleton height={168} width={168} mx="auto" />
        <Skeleton height={20} />
      </Stack>
    );
  }
  if (state.status === 'failed') {
    return (
      <Stack gap="sm">
        <ErrorAlert error={state.error} />
        <Button variant="default" onClick={startAgain}>
          {t('signIn:setup.tryAgain')}
        </Button>
      </Stack>
    );
  }

  const { enrolment } = state;
  if (hasEnded || isExpired) {
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert" title={t('signIn:setup.endedTitle')}>
          <Text size="sm">{isExpired ? t('signIn:setup.expired') : t('signIn:setup.ended')}</Text>
        </Alert>
        <Button onClick={startAgain}>{t('signIn:setup.startAgain')}</Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('signIn:setup.addTitle', { brand: brand.name })}
        </Title>
        {layout === 'qr' ? (
          <>
            <Text size="sm">{t('signIn:setup.scan')}</Text>
            <Center p="xs" bg="white" style={{ borderRadius: 'var(--mantine-radius-md)', alignSelf: 'center' }}>
              <QRCodeSVG
                value={enrolment.otpauthUrl}
                size={168}
                marginSize={2}
                role="img"
                aria-label={t('signIn:setup.qrLabel', { brand: brand.name })}
              />
            </Center>
          </>
        ) : (
          <>
            <Text size="sm">{t('signIn:setup.openOnPhone', { brand: brand.name })}</Text>
            <Button component="a" href={enrolment.otpauthUrl} variant="light" fullWidth>
              {t('signIn:setup.openApp')}
            </Button>
          </>
        )}
        <Text size="sm">{t('signIn:setup.manual')}</Text>
        <Group gap="xs" justify="space-between">
          <Code fz="sm">{groupedSecret(enrolment.secret)}</Code>
          <CopyButton value={enrolment.secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy} style={{ flexShrink: 0 }}>
                {copied ? t('signIn:setup.copied') : t('signIn:setup.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>

      <form onSubmit={(event) => void handleConfirm(event)} noValidate aria-label={t('signIn:setup.confirmTitle')}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('signIn:setup.confirmTitle')}
          </Title>
          {confirmError ? <ErrorAlert error={confirmError} /> : null}
          <OneTimeCodeInput
            id={CODE_FIELD_ID}
            label={t('signIn:code.label', { length: ONE_TIME_CODE_LENGTH })}
            description={t('signIn:setup.codeHint')}
            value={code}
            onChange={setCode}
            error={fieldError}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={isConfirming}
            loaderProps={{ 'aria-label': t('signIn:setup.confirming') }}
          >
            {t('signIn:setup.confirm')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
