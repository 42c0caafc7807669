import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import type { DocumentUploadPath } from '../api/upload-document';
import { useUploadDocument } from '../api/use-upload-document';
import { DOCUMENT_STATUS_COLORS, documentStatusWordOf } from '../utils/document-status';
import { fileProblemOf } from '../utils/file-check';
import { FileField } from './file-field';

/**
 * One document a limit reason or due diligence asks for: what was uploaded for it, and an upload
 * for another file while none is confirmed or waiting.
 */
export function RequirementUpload({
  id,
  documentTypeId,
  uploadedDocuments,
  path,
  data,
}: {
  id: string;
  documentTypeId: number;
  uploadedDocuments: { id: number; statusId: number }[];
  path: DocumentUploadPath;
  data: Record<string, unknown>;
}) {
  const { t } = useTranslation('kyc');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const upload = useUploadDocument();
  const words = uploadedDocuments.map((document) => documentStatusWordOf(document.statusId));
  const isSettled = words.some((word) => word === 'confirmed' || word === 'inReview');

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = fileProblemOf(file, true);
    setError(problem === undefined ? undefined : t(`upload.errors.${problem}`));
    if (problem !== undefined || file === null) return;
    upload.mutate(
      { path, data: { ...data, documentTypeId }, files: { single: file } },
      { onSuccess: () => setFile(null) },
    );
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} size="sm">
          {t(`documentTypes.${documentTypeId}`, { defaultValue: t('documentTypes.other') })}
        </Text>
        {words.length === 0 ? (
          <Badge color={DOCUMENT_STATUS_COLORS.awaited} variant="filled" radius="sm">
            {t('statuses.notUploaded')}
          </Badge>
        ) : (
          <Group gap={4}>
            {words.map((word, index) => (
              <Badge
                key={uploadedDocuments[index]?.id ?? index}
                color={DOCUMENT_STATUS_COLORS[word]}
                variant="filled"
                radius="sm"
              >
                {t(`statuses.${word}`)}
              </Badge>
            ))}
          </Group>
        )}
      </Group>
      {isSettled ? null : (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            {upload.isError ? <ErrorAlert error={upload.error} title={t('upload.failed')} /> : null}
            <FileField
              id={id}
              label={t('requirements.file')}
              value={file}
              onChange={setFile}
              error={error}
              isRequired
            />
            <Button type="submit" variant="light" loading={upload.isPending} aria-describedby={id}>
              {t('requirements.upload')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
