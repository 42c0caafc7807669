import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/List.layer.css';
import type { UsernameChangeRequest } from '@app/shared/api/profile';
import { isClientEmailAcceptable } from '@app/shared/validation/email';
import { Badge, Button, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { getLanguage } from '../../../lib/language';
import { useConfirmUsernameChange } from '../api/confirm-username-change';
import { useEmails } from '../api/get-emails';
import { useRequestUsernameChange } from '../api/request-username-change';
import { ActionFeedback } from './action-feedback';
import { CodeDialog } from './code-dialog';
import { EmailFieldForm } from './email-field-form';
import { SectionCard } from './section-card';

const STATUS_COLORS: Record<UsernameChangeRequest['status'], string> = {
  active: '#b34a0b',
  failed: 'red.9',
  completed: 'teal.9',
};
const KNOWN_EVENTS = new Set(['requested', 'codeSent', 'wrongCode', 'superseded', 'failed', 'completed']);

/**
 * The sign-in e-mail and its change request (spec 000 §3: requestId, desiredUsername, logs, status).
 * The login changes only once the code sent to the new address is confirmed.
 */
export function UsernameSection({ onLoginChanged }: { onLoginChanged: () => void }) {
  const { t } = useTranslation('profile');
  const emails = useEmails();
  const requestChange = useRequestUsernameChange();
  const confirmChange = useConfirmUsernameChange();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<UsernameChangeRequest | null>(null);

  const username = emails.data?.username;
  const request = emails.data?.usernameChangeRequest;

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    const desired = value.trim().toLowerCase();
    if (desired === '' || !isClientEmailAcceptable(desired)) {
      setFieldError(t('emails.invalid'));
      return;
    }
    if (desired === username) {
      setFieldError(t('username.same'));
      return;
    }
    setFieldError(undefined);
    try {
      setPending(await requestChange.mutateAsync({ desiredUsername: desired }));
      setValue('');
    } catch (caught) {
      const problem = isApiError(caught)
        ? caught.validationErrors.find((item) => item.field === 'desiredUsername')
        : undefined;
      if (problem !== undefined) setFieldError(problem.message);
      else setError(caught);
    }
  }

  return (
    <SectionCard
      id="username"
      title={t('username.title')}
      intro={t('username.intro')}
      dialogs={
        <CodeDialog
          opened={pending !== null}
          title={t('username.codeTitle')}
          description={t('username.codeSent', { email: pending?.desiredUsername ?? '' })}
          onClose={() => setPending(null)}
          onSubmit={async (code) => {
            if (pending === null) return;
            const done = await confirmChange.mutateAsync({ requestId: pending.requestId, code });
            setPending(null);
            setNotice(t('username.changed', { email: done.username }));
            onLoginChanged();
          }}
        />
      }
    >
      {emails.isPending ? <Skeleton height={24} /> : null}
      {username !== undefined ? (
        <Text data-testid="current-login">{t('username.current', { email: username })}</Text>
      ) : null}
      <ActionFeedback notice={notice} error={error} />
      {request !== undefined ? (
        <Stack gap={4} data-testid="username-request">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('username.request', { email: request.desiredUsername })}
            </Text>
            <Badge color={STATUS_COLORS[request.status]}>{t(`username.status.${request.status}`)}</Badge>
            {request.status === 'active' ? (
              <Button size="xs" variant="subtle" onClick={() => setPending(request)}>
                {t('actions.enterCode')}
              </Button>
            ) : null}
          </Group>
          <Text size="xs" fw={600}>
            {t('username.history')}
          </Text>
          <List size="xs" spacing={2}>
            {request.logs.map((log, index) => (
              <List.Item key={`${log.at}-${index}`}>
                {formatDateTime(log.at, getLanguage())} ·{' '}
                {KNOWN_EVENTS.has(log.event) ? t(`username.events.${log.event}`) : log.event}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      <EmailFieldForm
        id="username-new"
        label={t('username.label')}
        submitLabel={t('username.submit')}
        value={value}
        onChange={setValue}
        error={fieldError}
        loading={requestChange.isPending}
        onSubmit={handleSubmit}
      />
    </SectionCard>
  );
}
