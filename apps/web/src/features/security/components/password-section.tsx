import { MIN_PASSWORD_LENGTH, passwordLengthOf } from '@app/shared/validation/password';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import {
  cancelPasswordChange,
  confirmPasswordChange,
  resendPasswordChangeCode,
  startPasswordChange,
  type PasswordChangeStarted,
} from '../api/password-change';
import { securityQueryRoot } from '../api/security-settings';
import { CodeConfirmDialog } from './code-confirm-dialog';

type Field = 'password' | 'passwordNew' | 'passwordNewRepeat';
const EMPTY = { password: '', passwordNew: '', passwordNewRepeat: '' };

/**
 * Password change (spec 001 §5, §7): current, new and repeated new password, then the code sent to
 * the login e-mail. The server ends every other session; the notice of spec 000 §8 follows.
 */
export function PasswordSection() {
  const { t } = useTranslation(['security', 'common']);
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<unknown>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [request, setRequest] = useState<PasswordChangeStarted | null>(null);
  const [notice, setNotice] = useState<{ text: string; ended?: number } | null>(null);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    const found: Partial<Record<Field, string>> = {};
    if (values.password === '') found.password = t('security:password.required');
    if (passwordLengthOf(values.passwordNew) < MIN_PASSWORD_LENGTH) {
      found.passwordNew = t('security:password.tooShort', { count: MIN_PASSWORD_LENGTH });
    }
    if (values.passwordNewRepeat !== values.passwordNew) found.passwordNewRepeat = t('security:password.mismatch');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setIsBusy(true);
    try {
      setRequest(await startPasswordChange(values));
    } catch (caught) {
      if (isApiError(caught) && caught.validationErrors.length > 0) {
        const fromServer: Partial<Record<Field, string>> = {};
        for (const item of caught.validationErrors) {
          if (item.field === 'password' || item.field === 'passwordNew' || item.field === 'passwordNewRepeat') {
            fromServer[item.field] = item.message;
          }
        }
        setProblems(fromServer);
        if (Object.keys(fromServer).length === 0) setError(caught);
      } else {
        setError(caught);
      }
    } finally {
      setIsBusy(false);
    }
  }

  const field = (name: Field, label: string, autoComplete: string) => (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
      error={problems[name]}
      required
    />
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="password-title">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="password-title">
            {t('security:password.title')}
          </Title>
          <Text size="sm">{t('security:password.intro')}</Text>
          {notice !== null ? (
            <Alert color="teal" variant="light" role="status">
              <Text size="sm" data-testid="password-notice">
                {notice.text}
              </Text>
              {notice.ended === undefined ? null : (
                <Text size="sm">{t('security:sessions.endedOthers', { count: notice.ended })}</Text>
              )}
            </Alert>
          ) : null}
          {error !== null ? <ErrorAlert error={error} /> : null}
          {field('password', t('security:password.current'), 'current-password')}
          {field('passwordNew', t('security:password.new'), 'new-password')}
          {field('passwordNewRepeat', t('security:password.repeat'), 'new-password')}
          <Group>
            <Button type="submit" loading={isBusy}>
              {t('security:password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <CodeConfirmDialog
        opened={request !== null}
        title={t('security:password.codeTitle')}
        description={t('security:code.sentTo', { sentTo: request?.sentTo ?? '' })}
        requestId={request?.requestKey}
        identifier={request?.identifier}
        successText={t('security:password.updated')}
        onSubmit={async (requestKey, code) => {
          const confirmed = await confirmPasswordChange({ requestKey, code });
          setNotice({ text: t('security:password.updated'), ended: confirmed.endedSessions });
          setValues(EMPTY);
          void queryClient.invalidateQueries({ queryKey: securityQueryRoot });
        }}
        onResend={async () => {
          if (request === null) return;
          const resent = await resendPasswordChangeCode(request.requestKey);
          setRequest({ ...request, identifier: resent.identifier });
        }}
        onClose={() => {
          const open = request;
          setRequest(null);
          if (open !== null && notice === null) {
            void cancelPasswordChange(open.requestKey).then(
              () => setNotice({ text: t('security:password.cancelled') }),
              () => undefined,
            );
          }
        }}
        onDone={() => setRequest(null)}
      />
    </Paper>
  );
}
