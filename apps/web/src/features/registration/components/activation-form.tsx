import { ACTIVATION_TTL_HOURS, CODE_LENGTH } from '@app/shared/api/registration';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type SubmitEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import { OneTimeCodeInput } from '../../../components/one-time-code-input';
import type { ErrorTextKey } from '../../../lib/error-message';
import { type ActivateAccountResult, useActivateAccount } from '../api/activate-account';
import { useResendActivation } from '../api/resend-activation';
import { isEmailShapeValid } from '../utils/email-shape';
import { splitServerError } from '../utils/server-errors';

type Field = 'email' | 'code';
type FieldErrors = Partial<Record<Field, string>>;

const FIELD_IDS: Record<Field, string> = { email: 'activation-email', code: 'activation-code' };
const SERVER_FIELDS: Record<string, Field> = { username: 'email', email: 'email', activationCode: 'code' };

export interface ActivationFormProps {
  initialEmail?: string;
  /** Just registered: say where the code went. */
  isJustRegistered?: boolean;
  onActivated: (result: ActivateAccountResult) => void;
}

/** The typed path of activation: the e-mail and the six-digit code from the mail, or a new code. */
export function ActivationForm({ initialEmail = '', isJustRegistered = false, onActivated }: ActivationFormProps) {
  const { t } = useTranslation(['registration', 'common']);
  const activate = useActivateAccount();
  const resend = useResendActivation();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [supportCode, setSupportCode] = useState<string | undefined>();
  const [resentTo, setResentTo] = useState<string | undefined>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const translateError = (key: ErrorTextKey) => t(`common:errors.${key}`);

  function showErrors(errors: FieldErrors, form: string[] = [], codeForSupport?: string) {
    setFieldErrors(errors);
    setFormErrors(form);
    setSupportCode(codeForSupport);
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  function emailError(): string | undefined {
    if (email.trim() === '') return t('validation.emailRequired');
    if (!isEmailShapeValid(email)) return t('validation.emailInvalid');
    return undefined;
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (activate.isPending) return;
    const errors: FieldErrors = {};
    const badEmail = emailError();
    if (badEmail !== undefined) errors.email = badEmail;
    if (code === '') errors.code = t('validation.codeRequired');
    else if (code.length !== CODE_LENGTH) errors.code = t('validation.codeInvalid', { count: CODE_LENGTH });
    if (Object.keys(errors).length > 0) {
      showErrors(errors);
      return;
    }
    try {
      onActivated(await activate.mutateAsync({ username: email.trim(), activationCode: code }));
    } catch (error) {
      const split = splitServerError(error, SERVER_FIELDS, translateError);
      showErrors(split.fields, split.form, split.supportCode);
    }
  }

  async function handleResend() {
    const badEmail = emailError();
    if (badEmail !== undefined) {
      showErrors({ email: badEmail });
      return;
    }
    setResentTo(undefined);
    try {
      await resend.mutateAsync({ email: email.trim() });
      setResentTo(email.trim());
      setCode('');
      setFieldErrors({});
      setFormErrors([]);
    } catch (error) {
      const split = splitServerError(error, SERVER_FIELDS, translateError);
      showErrors(split.fields, split.form, split.supportCode);
    }
  }

  const summaryItems: SummaryItem[] = [
    ...(['email', 'code'] as const).flatMap((field) => {
      const message = fieldErrors[field];
      return message ? [{ fieldId: FIELD_IDS[field], message }] : [];
    }),
    ...formErrors.map((message) => ({ message })),
  ];

  return (
    <Stack gap="md">
      {isJustRegistered && initialEmail !== '' ? (
        <Alert color="brand" variant="light" role="status" title={t('activate.checkMailTitle')}>
          <Text size="sm">{t('activate.sentTo', { email: initialEmail, count: ACTIVATION_TTL_HOURS })}</Text>
        </Alert>
      ) : null}
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={t('activate.formLabel')}>
        <Stack gap="md">
          <ErrorSummary ref={summaryRef} items={summaryItems} supportCode={supportCode} />
          <TextInput
            id={FIELD_IDS.email}
            label={t('activate.email')}
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
          <OneTimeCodeInput
            id={FIELD_IDS.code}
            label={t('activate.code')}
            description={t('activate.codeHint', { count: CODE_LENGTH })}
            value={code}
            onChange={setCode}
            error={fieldErrors.code}
          />
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={activate.isPending}
            loaderProps={{ 'aria-label': t('activate.submitting') }}
          >
            {t('activate.submit')}
          </Button>
        </Stack>
      </form>
      <Stack gap={4}>
        {resentTo !== undefined ? (
          <Text size="sm" role="status">
            {t('activate.resent', { email: resentTo })}
          </Text>
        ) : null}
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => void handleResend()}
          disabled={resend.isPending}
          aria-busy={resend.isPending}
        >
          {resend.isPending ? t('activate.resending') : t('activate.resend')}
        </Anchor>
      </Stack>
    </Stack>
  );
}
