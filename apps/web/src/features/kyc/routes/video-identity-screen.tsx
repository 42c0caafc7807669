import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Alert, Anchor, Badge, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { documentsQueryKey } from '../api/get-documents';
import { useVerificationRefresh } from '../api/verification-refresh';
import { useVideoIdentityJob } from '../api/video-identity';

const STATUS_COLORS = { pending: 'blue.9', validated: 'teal.9', rejected: 'red.9' } as const;

/**
 * `video-identity-job/{id}`: the video identity session. The provider reviews the call and reports
 * later; the page follows it until it is decided.
 */
export function VideoIdentityScreen({ jobId }: { jobId: string }) {
  const { t } = useTranslation('kyc');
  useDocumentTitle(t('video.title'));
  const job = useVideoIdentityJob(jobId);
  const queryClient = useQueryClient();
  const refreshVerification = useVerificationRefresh();
  const status = job.data?.job.status;

  useEffect(() => {
    // The decision changes the verification status: the banner and document lists read it again.
    if (status === 'validated' || status === 'rejected') {
      void refreshVerification();
      void queryClient.invalidateQueries({ queryKey: documentsQueryKey });
    }
  }, [status, queryClient, refreshVerification]);

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1} size="h2">
        {t('video.title')}
      </Title>
      {job.isError ? <ErrorAlert error={job.error} title={t('video.loadFailed')} /> : null}
      {job.isPending ? <Skeleton height={120} /> : null}
      {job.data ? (
        <Paper withBorder p="md" radius="md" role="status" aria-live="polite">
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Text fw={600}>{t('video.session')}</Text>
            <Group gap="xs">
              {job.data.job.isSandbox ? (
                <Badge color="gray.8" variant="filled" radius="sm">
                  {t('video.sandboxBadge')}
                </Badge>
              ) : null}
              <Badge color={STATUS_COLORS[job.data.job.status]} variant="filled" radius="sm">
                {t(`video.statuses.${job.data.job.status}`)}
              </Badge>
            </Group>
          </Group>
          {job.data.job.status === 'pending' ? (
            <Group gap="sm">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{t('video.pending')}</Text>
            </Group>
          ) : null}
          {job.data.job.status === 'validated' ? (
            <Alert color="brand" variant="light">
              {t('video.validated')}
            </Alert>
          ) : null}
          {job.data.job.status === 'rejected' ? (
            <Alert color="red" variant="light">
              {t('video.rejected')}
            </Alert>
          ) : null}
        </Paper>
      ) : null}
      <Anchor component={Link} to="/kyc" fw={600}>
        {t('video.back')}
      </Anchor>
    </Stack>
  );
}
