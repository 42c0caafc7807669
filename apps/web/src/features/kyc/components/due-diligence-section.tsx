import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useDueDiligence } from '../api/get-due-diligence';
import { RequirementUpload } from './requirement-upload';

/** Due-diligence information (spec 000 §7, levels 1 and 4 only): the documents the level asks for. */
export function DueDiligenceSection({ isEnabled }: { isEnabled: boolean }) {
  const { t } = useTranslation('kyc');
  const info = useDueDiligence(isEnabled);
  if (!isEnabled) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="kyc-due-diligence-title">
      <Title order={2} size="h4" id="kyc-due-diligence-title">
        {t('dueDiligence.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('dueDiligence.hint', { level: info.data?.dueDiligenceLevel ?? '' })}
      </Text>
      {info.isError ? <ErrorAlert error={info.error} /> : null}
      <Stack gap="lg">
        {info.data?.requirementDocuments.map((requirement) => (
          <RequirementUpload
            key={requirement.documentTypeId}
            id={`due-diligence-${requirement.documentTypeId}`}
            documentTypeId={requirement.documentTypeId}
            uploadedDocuments={requirement.uploadedDocuments}
            path="/documents/due-diligence"
            data={{}}
          />
        ))}
      </Stack>
    </Paper>
  );
}
