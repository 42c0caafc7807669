import '@mantine/core/styles/Badge.layer.css';
import type { CustomerEmail } from '@app/shared/api/profile';
import { isClientEmailAcceptable } from '@app/shared/validation/email';
import { Badge, Button, Group, Text } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { useAddEmail } from '../api/add-email';
import { useConfirmEmail } from '../api/confirm-email';
import { useDeleteEmail } from '../api/delete-email';
import { useEmails } from '../api/get-emails';
import { resendEmailCode } from '../api/resend-email-code';
import { useSetPrimaryEmail } from '../api/set-primary-email';
import { ActionFeedback } from './action-feedback';
import { CodeDialog } from './code-dialog';
import { EmailFieldForm } from './email-field-form';
import { QueryList } from './query-list';
import { SectionCard } from './section-card';

/** E-mails (spec 000 §3, 001 §7): add, confirm by the mailed code or link, make primary, delete. */
export function EmailsSection() {
  const { t } = useTranslation('profile');
  const emails = useEmails();
  const addEmail = useAddEmail();
  const confirmEmail = useConfirmEmail();
  const deleteEmail = useDeleteEmail();
  const setPrimary = useSetPrimaryEmail();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<CustomerEmail | null>(null);

  const list = emails.data?.emails ?? [];

  async function handleAdd(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    const email = value.trim();
    // Spec 001 §5: an invalid e-mail is not sent to the server.
    if (email === '' || !isClientEmailAcceptable(email)) {
      setFieldError(t('emails.invalid'));
      return;
    }
    setFieldError(undefined);
    try {
      const added = await addEmail.mutateAsync({ email });
      setValue('');
      setPending(added);
    } catch (caught) {
      const problem = isApiError(caught) ? caught.validationErrors.find((item) => item.field === 'email') : undefined;
      if (problem !== undefined) setFieldError(problem.message);
      else setError(caught);
    }
  }

  async function act(work: () => Promise<string>) {
    setError(null);
    setNotice(null);
    try {
      setNotice(await work());
    } catch (caught) {
      setError(caught);
    }
  }

  return (
    <SectionCard
      id="emails"
      title={t('emails.title')}
      intro={t('emails.intro')}
      dialogs={
        <CodeDialog
          opened={pending !== null}
          title={t('emails.codeTitle')}
          description={t('emails.codeSent', { email: pending?.email ?? '' })}
          onClose={() => setPending(null)}
          onResend={async () => {
            if (pending !== null) await resendEmailCode({ emailId: pending.emailId });
          }}
          onSubmit={async (code) => {
            if (pending === null) return;
            const confirmed = await confirmEmail.mutateAsync({ emailId: pending.emailId, code });
            setPending(null);
            setNotice(t('emails.confirmedNotice', { email: confirmed.email }));
          }}
        />
      }
    >
      <ActionFeedback notice={notice} error={error} />
      <QueryList
        query={emails}
        count={list.length}
        skeletonHeight={48}
        emptyText={t('emails.empty')}
        gap="xs"
        testId="email-list"
      >
        {list.map((email) => (
          <li key={email.emailId}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {email.email}
                </Text>
                {email.isPrimary ? (
                  <Badge color="teal.9">{t('emails.primary')}</Badge>
                ) : email.isConfirmed ? (
                  <Badge color="gray.7">{t('emails.confirmed')}</Badge>
                ) : (
                  <Badge color="#b34a0b">{t('emails.unconfirmed')}</Badge>
                )}
              </Group>
              <Group gap="xs">
                {!email.isConfirmed ? (
                  <Button size="xs" onClick={() => setPending(email)}>
                    {t('actions.enterCode')}
                  </Button>
                ) : null}
                {email.isConfirmed && !email.isPrimary ? (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() =>
                      void act(async () => {
                        await setPrimary.mutateAsync({ emailId: email.emailId });
                        return t('emails.primarySet', { email: email.email });
                      })
                    }
                  >
                    {t('actions.makePrimary')}
                  </Button>
                ) : null}
                {!email.isPrimary ? (
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    aria-label={t('emails.deleteLabel', { email: email.email })}
                    onClick={() =>
                      void act(async () => {
                        await deleteEmail.mutateAsync({ emailId: email.emailId });
                        return t('emails.deletedNotice', { email: email.email });
                      })
                    }
                  >
                    {t('actions.delete')}
                  </Button>
                ) : null}
              </Group>
            </Group>
          </li>
        ))}
      </QueryList>
      <EmailFieldForm
        id="email-add"
        label={t('emails.label')}
        submitLabel={t('emails.add')}
        value={value}
        onChange={setValue}
        error={fieldError}
        loading={addEmail.isPending}
        onSubmit={handleAdd}
      />
    </SectionCard>
  );
}
