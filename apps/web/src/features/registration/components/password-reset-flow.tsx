import { CODE_LENGTH } from '@app/shared/api/registration';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type SubmitEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import type { ErrorTextKey } from '../../../lib/error-message';
import { useBrand } from '../../../lib/runtime-config';
import { useCheckPasswordResetCode } from '../api/check-password-reset-code';
import { useCompletePasswordReset } from '../api/complete-password-reset';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { checkPasswordNow, passwordProblemText } from '../hooks/use-password-check';
import { isEmailShapeValid } from '../utils/email-shape';
import { splitServerError } from '../utils/server-errors';
import { OneTimeCodeInput } from '../../../components/one-time-code-input';
import { NewPasswordField } from './new-password-field';

type Field = 'email' | 'code' | 'password' | 'passwordRepeat';
type FieldErrors = Partial<Record<Field, string>>;

const FIELD_IDS: Record<Field, string> = {
  email: 'reset-email',
  code: 'reset-code',
  password: 'reset-password',
  passwordRepeat: 'reset-password-repeat',
};
const FIELD_ORDER: readonly Field[] = ['email', 'code', 'password', 'passwordRepeat'];
const SERVER_FIELDS: Record<string, Field> = {
  email: 'email',
  code: 'code',
  password: 'password',
  passwordRepeat: 'passwordRepeat',
};

type Step =
  | { kind: 'email' }
  | { kind: 'code'; email: string; codeMinutes: number }
  | { kind: 'password'; email: string; resetToken: string }
  | { kind: 'done' };

export interface PasswordResetFlowProps {
  onSignIn: () => void;
}

/**
 * Forgot password (spec 001 §7 "Other"): the e-mail, the six-digit code sent to it, the new password.
 * The first step says the same whether or not the e-mail has an account; the last one ends every
 * session, which the done step says (with the mobile app to link again, as spec 001 §8 words it).
 */
export function PasswordResetFlow({ onSignIn }: PasswordResetFlowProps) {
  const { t } = useTranslation(['registration', 'common']);
  const brand = useBrand();
  const request = useRequestPasswordReset();
  const checkCode = useCheckPasswordResetCode();
  const complete = useCompletePasswordReset();
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [supportCode, setSupportCode] = useState<string | undefined>();
  const [isResent, setIsResent] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  function clearErrors() {
    setFieldErrors({});
    setFormErrors([]);
    setSupportCode(undefined);
  }

  function showErrors(errors: FieldErrors, form: string[] = [], codeForSupport?: string) {
    setFieldErrors(errors);
    setFormErrors(form);
    setSupportCode(codeForSupport);
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  function showServerError(error: unknown) {
    const split = splitServerError(error, SERVER_FIELDS, (key: ErrorTextKey) => t(`common:errors.${key}`));
    showErrors(split.fields, split.form, split.supportCode);
  }

  async function sendCode(address: string) {
    const answer = await request.mutateAsync({ email: address });
    setStep({ kind: 'code', email: address, codeMinutes: Math.round(answer.codeExpiresInSeconds / 60) });
  }

  async function handleEmail(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    const problem =
      address === ''
        ? t('validation.emailRequired')
        : isEmailShapeValid(address)
          ? undefined
          : t('validation.emailInvalid');
    if (problem !== undefined) {
      showErrors({ email: problem });
      return;
    }
    setIsSubmitting(true);
    try {
      await sendCode(address);
      clearErrors();
    } catch (error) {
      showServerError(error);
    } finally {
      setIsSubmitting(false);
    }
  }

  async function handleResend(address: string) {
    setIsResent(false);
    try {
      await sendCode(address);
      setCode('');
      clearErrors();
      setIsResent(true);
    } catch (error) {
      showServerError(error);
    }
  }

  async function handleCode(event: SubmitEvent<HTMLFormElement>, address: string) {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) {
      showErrors({
        code: code === '' ? t('validation.codeRequired') : t('validation.codeInvalid', { count: CODE_LENGTH }),
      });
      return;
    }
    setIsSubmitting(true);
    try {
      const answer = await checkCode.mutateAsync({ email: address, code });
      clearErrors();
      setStep({ kind: 'password', email: address, resetToken: answer.resetToken });
    } catch (error) {
      showServerError(error);
    } finally {
      setIsSubmitting(false);
    }
  }

  async function handlePassword(event: SubmitEvent<HTMLFormElement>, address: string, resetToken: string) {
    event.preventDefault();
    setIsSubmitting(true);
    try {
      const errors: FieldErrors = {};
      if (password === '') errors.password = t('validation.passwordRequired');
      else {
        const check = await checkPasswordNow(password, [address, brand.name]).catch(() => null);
        if (check?.problem !== undefined)
          errors.password = t(passwordProblemText(check.problem).key, {
            count: passwordProblemText(check.problem).count,
          });
      }
      if (passwordRepeat === '') errors.passwordRepeat = t('validation.passwordRepeatRequired');
      else if (passwordRepeat !== password) errors.passwordRepeat = t('validation.passwordMismatch');
      if (Object.keys(errors).length > 0) {
        showErrors(errors);
        return;
      }
      await complete.mutateAsync({ resetToken, password, passwordRepeat });
      clearErrors();
      setStep({ kind: 'done' });
    } catch (error) {
      showServerError(error);
    } finally {
      setIsSubmitting(false);
    }
  }

  function startAgain() {
    clearErrors();
    setCode('');
    setPassword('');
    setPasswordRepeat('');
    setIsResent(false);
    setStep({ kind: 'email' });
  }

  const summaryItems: SummaryItem[] = [
    ...FIELD_ORDER.flatMap((field) => {
      const message = fieldErrors[field];
      return message ? [{ fieldId: FIELD_IDS[field], message }] : [];
    }),
    ...formErrors.map((message) => ({ message })),
  ];
  const summary = <ErrorSummary ref={summaryRef} items={summaryItems} supportCode={supportCode} />;
  const submitButton = (label: string, busyLabel: string) => (
    <Button type="submit" size="md" fullWidth loading={isSubmitting} loaderProps={{ 'aria-label': busyLabel }}>
      {label}
    </Button>
  );

  switch (step.kind) {
    case 'email':
      return (
        <form onSubmit={(event) => void handleEmail(event)} noValidate aria-label={t('reset.requestFormLabel')}>
          <Stack gap="md">
            <Text>{t('reset.requestIntro')}</Text>
            {summary}
            <TextInput
              id={FIELD_IDS.email}
              label={t('reset.email')}
              type="email"
              name="username"
              autoComplete="username"
              inputMode="email"
              spellCheck={false}
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={fieldErrors.email}
            />
            {submitButton(t('reset.requestSubmit'), t('reset.requestSubmitting'))}
          </Stack>
        </form>
      );
    case 'code':
      return (
        <Stack gap="md">
          <form
            onSubmit={(event) => void handleCode(event, step.email)}
            noValidate
            aria-label={t('reset.codeFormLabel')}
          >
            <Stack gap="md">
              <Alert color="brand" variant="light" role="status">
                <Text size="sm">{t('reset.codeIntro', { email: step.email, count: step.codeMinutes })}</Text>
              </Alert>
              {summary}
              <OneTimeCodeInput
                id={FIELD_IDS.code}
                label={t('reset.code')}
                description={t('activate.codeHint', { count: CODE_LENGTH })}
                value={code}
                onChange={setCode}
                error={fieldErrors.code}
              />
              {submitButton(t('reset.codeSubmit'), t('reset.codeSubmitting'))}
            </Stack>
          </form>
          <Stack gap={4}>
            {isResent ? (
              <Text size="sm" role="status">
                {t('reset.resent')}
              </Text>
            ) : null}
            <Anchor component="button" type="button" size="sm" onClick={() => void handleResend(step.email)}>
              {t('reset.resend')}
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={startAgain}>
              {t('reset.changeEmail')}
            </Anchor>
          </Stack>
        </Stack>
      );
    case 'password':
      return (
        <form
          onSubmit={(event) => void handlePassword(event, step.email, step.resetToken)}
          noValidate
          aria-label={t('reset.passwordFormLabel')}
        >
          <Stack gap="md">
            <Text>{t('reset.passwordIntro')}</Text>
            {summary}
            {/* Lets password managers store the new password under the right account. */}
            <input type="hidden" name="username" autoComplete="username" value={step.email} />
            <NewPasswordField
              id={FIELD_IDS.password}
              label={t('reset.password')}
              value={password}
              onChange={setPassword}
              error={fieldErrors.password}
              personalWords={[step.email, brand.name]}
            />
            <PasswordInput
              id={FIELD_IDS.passwordRepeat}
              label={t('reset.passwordRepeat')}
              autoComplete="new-password"
              required
              value={passwordRepeat}
              onChange={(event) => setPasswordRepeat(event.currentTarget.value)}
              error={fieldErrors.passwordRepeat}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': t('personal.togglePassword') }}
            />
            {submitButton(t('reset.passwordSubmit'), t('reset.passwordSubmitting'))}
            {fieldErrors.password === undefined && formErrors.length > 0 ? (
              <Anchor component="button" type="button" size="sm" onClick={startAgain}>
                {t('reset.startAgain')}
              </Anchor>
            ) : null}
          </Stack>
        </form>
      );
    case 'done':
      return (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status" title={t('reset.doneTitle')}>
            <Text size="sm">{t('reset.done')}</Text>
          </Alert>
          <Button size="md" fullWidth onClick={onSignIn}>
            {t('reset.signIn')}
          </Button>
        </Stack>
      );
  }
}
