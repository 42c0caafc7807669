import '@mantine/core/styles/List.layer.css';
import { isVerificationBannerHidden, type BannerPage, type VerificationSummary } from '@app/shared/verification-status';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VerificationStatusText } from './verification-status-text';

/**
 * The account verification banner of the signed-in layout (spec 000 §2, §4): a warning colour for
 * the warning statuses, calm otherwise; hidden by the shared rules (auth and SCP pages, documents
 * not loaded, nothing to say). It re-renders when customer info is refetched, e.g. after a review.
 */
export function VerificationBanner({
  summary,
  isLoaded,
  page = 'other',
}: {
  summary: VerificationSummary | undefined;
  isLoaded: boolean;
  page?: BannerPage;
}) {
  const { t } = useTranslation('verification');
  if (summary === undefined || isVerificationBannerHidden({ page, isDocumentsLoaded: isLoaded, summary })) return null;
  return (
    <Alert
      color={summary.isWarning ? 'orange' : 'brand'}
      variant="light"
      role="status"
      aria-live="polite"
      aria-label={t('banner.label')}
      mb="md"
      data-testid="verification-banner"
    >
      <VerificationStatusText summary={summary} />
    </Alert>
  );
}
