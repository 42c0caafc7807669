import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-error';
import { ReviewList, type ReviewRow } from './review-list';
import classes from './transfer-form.module.css';

export interface TransferReviewPanelProps {
  rows: readonly ReviewRow[];
  /** Some amounts are estimates at the current rate; the result shows the final ones. */
  hasEstimates: boolean;
  isSubmitting: boolean;
  error: unknown;
  onConfirm: () => void;
  onEdit: () => void;
}

/** Whether retrying the very same request may succeed: the answer never came, or the server failed. */
export function isRetryable(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'timeout' || error.status >= 500);
}

/** The review step: everything before money moves, one primary action, and a way back to edit. */
export function TransferReviewPanel({
  rows,
  hasEstimates,
  isSubmitting,
  error,
  onConfirm,
  onEdit,
}: TransferReviewPanelProps) {
  const { t } = useTranslation('transfers');
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const hasError = error !== null && error !== undefined;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
          {t('review.title')}
        </Title>
        {hasError ? (
          <Stack gap="xs">
            <ErrorAlert error={error} title={t('review.failed')} />
            {isRetryable(error) ? (
              <Alert variant="default">
                <Text size="sm">{t('review.retryHint')}</Text>
              </Alert>
            ) : null}
          </Stack>
        ) : null}
        <ReviewList rows={rows} />
        {hasEstimates ? (
          <Text size="sm" c="dimmed">
            {t('review.estimateNote')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm" className={classes.actions}>
          <Button variant="default" onClick={onEdit} disabled={isSubmitting}>
            {t('review.edit')}
          </Button>
          <Button onClick={onConfirm} loading={isSubmitting}>
            {hasError && isRetryable(error) ? t('review.retry') : t('review.confirm')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
