import '@mantine/core/styles/List.layer.css';
import type { VerificationSummary } from '@app/shared/verification-status';
import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VerificationStatusText } from './verification-status-text';

/** The verification status on the KYC screen: always shown there, including once checked. */
export function VerificationStatusPanel({ summary }: { summary: VerificationSummary }) {
  const { t } = useTranslation('verification');
  return (
    <Paper withBorder p="md" radius="md" role="status" aria-live="polite" data-testid="verification-status">
      <Title order={2} size="h5" mb={4}>
        {t('panel.title')}
      </Title>
      <VerificationStatusText summary={summary} showsAction={false} />
    </Paper>
  );
}
