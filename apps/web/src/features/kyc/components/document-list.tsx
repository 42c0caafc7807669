import '@mantine/core/styles/Badge.layer.css';
import type { UploadedDocument } from '@app/shared/api/documents';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { getLanguage, languageOfLocale } from '../../../lib/language';
import { DOCUMENT_STATUS_COLORS, documentStatusWordOf } from '../utils/document-status';

/** What was uploaded and where its review stands, newest first; a rejection says why. */
export function DocumentList({ documents, emptyText }: { documents: UploadedDocument[]; emptyText: string }) {
  const { t, i18n } = useTranslation('kyc');
  const language = languageOfLocale(i18n.language) ?? getLanguage();
  if (documents.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {documents.map((document) => {
        const word = documentStatusWordOf(document.statusId);
        return (
          <li key={document.id}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <div>
                <Text size="sm" fw={500}>
                  {t(`documentTypes.${document.documentTypeId}`, { defaultValue: t('documentTypes.other') })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('list.uploadedOn', { date: formatDate(document.uploaded, language) })}
                </Text>
              </div>
              <Badge color={DOCUMENT_STATUS_COLORS[word]} variant="filled" radius="sm">
                {t(`statuses.${word}`)}
              </Badge>
            </Group>
            {document.rejectReason !== undefined ? (
              <Text size="sm" c="red.9" mt={4}>
                {t('list.rejectReason', { reason: document.rejectReason })}
              </Text>
            ) : null}
          </li>
        );
      })}
    </Stack>
  );
}
