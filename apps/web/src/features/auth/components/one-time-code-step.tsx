import { RECOVERY_CODE_PATTERN } from '@app/shared/api/security-settings';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { type SubmitEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import { OneTimeCodeInput } from '../../../components/one-time-code-input';
import { isApiError } from '../../../lib/api-error';
import { type ErrorTextKey, userFacingError } from '../../../lib/error-message';
import { useBrand } from '../../../lib/runtime-config';
import { exchangeSignInCode } from '../api/exchange-code';
import { CODE_RESEND_COOLDOWN_SECONDS, MAX_RESENDS, resendSignInCode } from '../api/resend';
import type { SecondFactorFlow, SignInOutcome } from '../api/sign-in-outcome';
import { formatMinutesSeconds, useSecondsLeft } from '../hooks/use-seconds-left';
import { isCompleteCode, ONE_TIME_CODE_LENGTH } from '../../../lib/one-time-code';
import { StepHeading } from './step-heading';
import { ResendControl } from './resend-control';

export type OneTimeCodeFlow = Extract<SecondFactorFlow, { type: 'otp' | 'sms' | 'verifyDevice' }>;

export interface OneTimeCodeStepProps {
  flow: OneTimeCodeFlow;
  codeVerifier: string;
  login: string;
  /** Takes over once the code was accepted; the button stays busy until it settles. */
  onOutcome: (outcome: SignInOutcome) => Promise<void>;
  onRestart: () => void;
}

const CODE_FIELD_ID = 'sign-in-code';

/** Room for a pasted code with spaces around its groups; anything longer is not one. */
const RECOVERY_CODE_MAX_LENGTH = 24;
const RECOVERY_CODE_GROUP_LENGTH = 5;

/**
 * A recovery code as the server compares it, or null when it cannot be one: codes are copied from
 * paper or a password manager, so case, spaces and the dash are forgiven as they are at the server.
 */
function normalisedRecoveryCode(typed: string): string | null {
  const compact = typed.trim().toLowerCase().replace(/[\s-]/g, '');
  const code = `${compact.slice(0, RECOVERY_CODE_GROUP_LENGTH)}-${compact.slice(RECOVERY_CODE_GROUP_LENGTH)}`;
  return RECOVERY_CODE_PATTERN.test(code) ? code : null;
}

/** Seconds from now as an epoch-ms deadline. */
const deadlineIn = (seconds: number) => Date.now() + seconds * 1000;

/**
 * The second step of the otp, sms and verifyDevice sign-ins: a 6-digit code from the authenticator
 * app, a text message or an e-mail, exchanged with the sign-in's code and PKCE verifier. Sent codes
 * can be sent again (with the service's limits) and expire sooner than the sign-in itself. Without
 * the phone, the otp sign-in takes one of the authenticator's recovery codes in the same field.
 */
export function OneTimeCodeStep({ flow, codeVerifier, login, onOutcome, onRestart }: OneTimeCodeStepProps) {
  const { t } = useTranslation(['signIn', 'common']);
  const brand = useBrand();
  const isSentCode = flow.type !== 'otp';
  const [code, setCode] = useState('');
  const [isRecoveryCode, setIsRecoveryCode] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<unknown>(null);
  const [endedError, setEndedError] = useState<unknown>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [identifier, setIdentifier] = useState(flow.type === 'otp' ? '' : flow.identifier);
  const [codeDeadline, setCodeDeadline] = useState(() =>
    flow.type === 'otp' ? null : deadlineIn(flow.codeExpiresInSeconds),
  );
  const [signInDeadline] = useState(() => deadlineIn(flow.expiresInSeconds));
  const [resendsLeft, setResendsLeft] = useState(MAX_RESENDS);
  const [resendAt, setResendAt] = useState(() => (isSentCode ? deadlineIn(CODE_RESEND_COOLDOWN_SECONDS) : null));
  const [isResending, setIsResending] = useState(false);
  const [resendNotice, setResendNotice] = useState<string | undefined>();
  const [resendError, setResendError] = useState<unknown>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const codeSecondsLeft = useSecondsLeft(codeDeadline);
  const signInSecondsLeft = useSecondsLeft(signInDeadline);
  const resendSecondsLeft = useSecondsLeft(resendAt);
  const isSignInOver = signInSecondsLeft === 0 || endedError !== null;

  const errorText = (error: unknown) => userFacingError(error, (key: ErrorTextKey) => t(`common:errors.${key}`));

  function codeProblem(recoveryCode: string | null): string | undefined {
    if (code.trim() === '') return isRecoveryCode ? t('signIn:code.recovery.required') : t('signIn:code.required');
    if (isRecoveryCode) return recoveryCode === null ? t('signIn:code.recovery.invalid') : undefined;
    return isCompleteCode(code) ? undefined : t('signIn:code.incomplete', { length: ONE_TIME_CODE_LENGTH });
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting || isSignInOver) return;
    setFormError(null);
    const recoveryCode = isRecoveryCode ? normalisedRecoveryCode(code) : null;
    const problem = codeProblem(recoveryCode);
    if (problem !== undefined) {
      setFieldError(problem);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setFieldError(undefined);
    setIsSubmitting(true);
    let outcome: SignInOutcome;
    try {
      // The server tells a recovery code from a TOTP by its shape, so both travel as `otp`.
      outcome = await exchangeSignInCode({ code: flow.code, codeVerifier, otp: recoveryCode ?? code, login });
    } catch (error) {
      setIsSubmitting(false);
      const codeError = isApiError(error) ? error.validationErrors.find((item) => item.field === 'otp') : undefined;
      if (codeError) setFieldError(codeError.message);
      // AU: the sign-in is over (locked after too many codes, expired, or used): only a new one helps.
      else if (isApiError(error) && error.code === 'AU') setEndedError(error);
      else setFormError(error);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    try {
      await onOutcome(outcome);
    } finally {
      setIsSubmitting(false);
    }
  }

  function switchCodeKind() {
    setIsRecoveryCode((current) => !current);
    setCode('');
    setFieldError(undefined);
    setFormError(null);
    // The field under the focused switch was replaced: move to the new one so typing goes on there.
    requestAnimationFrame(() => document.getElementById(CODE_FIELD_ID)?.focus());
  }

  async function handleResend() {
    if (flow.type === 'otp' || isResending) return;
    setIsResending(true);
    setResendError(null);
    setResendNotice(undefined);
    try {
      const resent = await resendSignInCode(flow.tmpToken);
      setIdentifier(resent.identifier);
      setCodeDeadline(deadlineIn(resent.codeExpiresInSeconds));
      setResendsLeft(resent.resendsLeft);
      setResendAt(deadlineIn(CODE_RESEND_COOLDOWN_SECONDS));
      setCode('');
      setFieldError(undefined);
      setResendNotice(t('signIn:code.resent', { identifier: resent.identifier }));
    } catch (error) {
      if (isApiError(error) && error.code === 'AU') setEndedError(error);
      else setResendError(error);
    } finally {
      setIsResending(false);
    }
  }

  const title =
    flow.type === 'otp'
      ? isRecoveryCode
        ? t('signIn:code.recovery.title')
        : t('signIn:code.otp.title')
      : flow.type === 'sms'
        ? t('signIn:code.sms.title')
        : t('signIn:code.verifyDevice.title');
  const intro =
    flow.type === 'otp'
      ? isRecoveryCode
        ? t('signIn:code.recovery.intro')
        : t('signIn:code.otp.intro', { brand: brand.name })
      : flow.type === 'sms'
        ? t('signIn:code.sms.intro', { phone: flow.phone, identifier })
        : t('signIn:code.verifyDevice.intro', { email: flow.sentTo, identifier });

  const summaryItems: SummaryItem[] = [
    ...(fieldError ? [{ fieldId: CODE_FIELD_ID, message: fieldError }] : []),
    ...(formError ? [{ message: errorText(formError).message }] : []),
  ];
  const codeHint = !isSentCode
    ? isRecoveryCode
      ? t('signIn:code.recovery.hint')
      : t('signIn:code.otp.hint')
    : codeSecondsLeft > 0
      ? t('signIn:code.expiresIn', { time: formatMinutesSeconds(codeSecondsLeft) })
      : t('signIn:code.expired');

  return (
    <Stack gap="lg">
      <StepHeading title={title}>{intro}</StepHeading>
      {isSignInOver ? (
        <Alert color="red" variant="light" role="alert" title={t('signIn:ended.title')}>
          <Text size="sm">{endedError ? errorText(endedError).message : t('signIn:ended.expired')}</Text>
        </Alert>
      ) : (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={title}>
          <Stack gap="md">
            <ErrorSummary
              ref={summaryRef}
              items={summaryItems}
              supportCode={formError ? errorText(formError).code : undefined}
            />
            {isRecoveryCode ? (
              <TextInput
                id={CODE_FIELD_ID}
                label={t('signIn:code.recovery.label')}
                description={codeHint}
                name="recovery-code"
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                required
                size="md"
                maxLength={RECOVERY_CODE_MAX_LENGTH}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                error={fieldError}
                styles={{ input: { letterSpacing: '0.1em', fontVariantNumeric: 'tabular-nums' } }}
              />
            ) : (
              <OneTimeCodeInput
                id={CODE_FIELD_ID}
                label={t('signIn:code.label', { length: ONE_TIME_CODE_LENGTH })}
                description={codeHint}
                value={code}
                onChange={setCode}
                error={fieldError}
              />
            )}
            <Button
              type="submit"
              size="md"
              fullWidth
              loading={isSubmitting}
              loaderProps={{ 'aria-label': t('signIn:code.submitting') }}
            >
              {t('signIn:code.submit')}
            </Button>
            {flow.type === 'otp' ? (
              <Button type="button" variant="subtle" fullWidth onClick={switchCodeKind}>
                {isRecoveryCode ? t('signIn:code.recovery.useAuthenticator') : t('signIn:code.recovery.use')}
              </Button>
            ) : null}
          </Stack>
        </form>
      )}
      {isSentCode && !isSignInOver ? (
        <ResendControl
          kind="code"
          notice={resendNotice}
          errorMessage={resendError ? errorText(resendError).message : undefined}
          resendsLeft={resendsLeft}
          secondsLeft={resendSecondsLeft}
          isResending={isResending}
          onResend={() => void handleResend()}
        />
      ) : null}
      <Button variant={isSignInOver ? 'filled' : 'default'} fullWidth onClick={onRestart}>
        {isSignInOver ? t('signIn:ended.signInAgain') : t('signIn:back')}
      </Button>
    </Stack>
  );
}
