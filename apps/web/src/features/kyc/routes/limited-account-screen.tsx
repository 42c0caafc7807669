import '@mantine/core/styles/Skeleton.layer.css';
import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDate } from '../../../lib/format';
import { getLanguage, languageOfLocale } from '../../../lib/language';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLimitReasons } from '../api/get-limit-reasons';
import { RequirementUpload } from '../components/requirement-upload';

/**
 * `limited-account` (spec 000 §3 "Limit info"): why the account is limited and, for each reason,
 * the documents that lift it, with their uploads.
 */
export function LimitedAccountScreen({ status }: { status: ReactNode }) {
  const { t, i18n } = useTranslation('kyc');
  useDocumentTitle(t('limited.title'));
  const language = languageOfLocale(i18n.language) ?? getLanguage();
  const reasons = useLimitReasons();
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1} size="h2">
          {t('limited.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('limited.intro')}
        </Text>
      </div>
      {status}
      {reasons.isError ? <ErrorAlert error={reasons.error} title={t('limited.loadFailed')} /> : null}
      {reasons.isPending ? <Skeleton height={120} /> : null}
      {reasons.data?.reasons.length === 0 ? <Text size="sm">{t('limited.none')}</Text> : null}
      {reasons.data?.reasons.map((reason) => (
        <Paper key={reason.id} withBorder p="md" radius="md" component="section" aria-labelledby={`limit-${reason.id}`}>
          <Title order={2} size="h4" id={`limit-${reason.id}`}>
            {reason.reason}
          </Title>
          <Text size="xs" c="dimmed" mb="sm">
            {t('limited.since', { date: formatDate(reason.createdAt, language) })}
          </Text>
          {reason.actionTypeId === 2 ? <Text size="sm">{t('limited.contactSupport')}</Text> : null}
          <Stack gap="lg">
            {reason.requirementDocuments.map((requirement) => (
              <RequirementUpload
                key={requirement.documentTypeId}
                id={`limit-${reason.id}-${requirement.documentTypeId}`}
                documentTypeId={requirement.documentTypeId}
                uploadedDocuments={requirement.uploadedDocuments}
                path="/documents/limit-reason"
                data={{ limitReasonId: reason.id }}
              />
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
