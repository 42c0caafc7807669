import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type SubmitEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import { isApiError } from '../../../lib/api-error';
import { type ErrorTextKey, userFacingError } from '../../../lib/error-message';
import type { SignInStart } from '../api/sign-in-outcome';
import { isEmailFormatValid } from '../utils/email-format';

/**
 * The sign-in call brings zod and the wire schemas; it loads on the first interaction with the form
 * (or on submit), so the screen itself paints with less JavaScript.
 */
let loginModule: Promise<typeof import('../api/login')> | undefined;
function loadLoginModule(): Promise<typeof import('../api/login')> {
  loginModule ??= import('../api/login');
  return loginModule;
}

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

const FIELD_IDS: Record<Field, string> = { email: 'login-email', password: 'login-password' };
/** Server field names (the auth service's `username`) mapped onto the form. */
const SERVER_FIELDS: Record<string, Field> = { username: 'email', email: 'email', password: 'password' };

export interface LoginFormProps {
  /** The e-mail to show again when the form comes back after a later step. */
  initialEmail?: string;
  /** Takes the sign-in on from the password (a second step, or post-login routing); the button stays busy until it settles. */
  onStarted: (start: SignInStart) => Promise<void>;
  /** Runs on the first interaction, so the next steps can download while the user types. */
  onInteract?: () => void;
}

export function LoginForm({ initialEmail = '', onStarted, onInteract }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [supportCode, setSupportCode] = useState<string | undefined>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());

  function validate(): FieldErrors {
    const errors: FieldErrors = {};
    if (email.trim() === '') errors.email = t('auth:validation.emailRequired');
    else if (!isEmailFormatValid(email)) errors.email = t('auth:validation.emailInvalid');
    if (password === '') errors.password = t('auth:validation.passwordRequired');
    return errors;
  }

  function showServerError(error: unknown) {
    const serverFieldErrors: FieldErrors = {};
    const otherErrors: string[] = [];
    if (isApiError(error)) {
      for (const item of error.validationErrors) {
        const field = SERVER_FIELDS[item.field];
        if (field) serverFieldErrors[field] = item.message;
        else otherErrors.push(item.message);
      }
    }
    const hasFieldErrors = Object.keys(serverFieldErrors).length > 0;
    const { message, code } = userFacingError(error, (key: ErrorTextKey) => t(`common:errors.${key}`));
    setFieldErrors(serverFieldErrors);
    setFormErrors(hasFieldErrors ? otherErrors : [message]);
    setSupportCode(hasFieldErrors ? undefined : code);
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    const errors = validate();
    setFieldErrors(errors);
    setFormErrors([]);
    setSupportCode(undefined);
    if (Object.keys(errors).length > 0) {
      focusSummary();
      return;
    }
    setIsSubmitting(true);
    let api: typeof import('../api/login');
    try {
      api = await loadLoginModule();
    } catch (error) {
      showServerError(error);
      setIsSubmitting(false);
      focusSummary();
      return;
    }
    let start: SignInStart;
    try {
      start = await api.startSignIn({ username: email.trim(), password });
    } catch (error) {
      showServerError(error);
      setIsSubmitting(false);
      focusSummary();
      return;
    }
    try {
      await onStarted(start);
    } finally {
      setIsSubmitting(false);
    }
  }

  const summaryItems: SummaryItem[] = [
    ...(['email', 'password'] as const).flatMap((field) => {
      const message = fieldErrors[field];
      return message ? [{ fieldId: FIELD_IDS[field], message }] : [];
    }),
    ...formErrors.map((message) => ({ message })),
  ];

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      onFocus={() => {
        void loadLoginModule().catch(() => undefined);
        onInteract?.();
      }}
      noValidate
      aria-label={t('auth:login.formLabel')}
    >
      <Stack gap="md">
        <ErrorSummary ref={summaryRef} items={summaryItems} supportCode={supportCode} />
        <TextInput
          id={FIELD_IDS.email}
          label={t('auth:login.email')}
          description={t('auth:login.emailHint')}
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
        <PasswordInput
          id={FIELD_IDS.password}
          label={t('auth:login.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldErrors.password}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{
            'aria-label': t('auth:login.togglePassword'),
          }}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={isSubmitting}
          loaderProps={{ 'aria-label': t('auth:login.submitting') }}
        >
          {t('auth:login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
