import '@mantine/core/styles/Badge.layer.css';
import type { ReviewQueueItem } from '@app/shared/api/verification';
import { MAX_REJECT_REASON_LENGTH } from '@app/shared/api/documents';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime } from '../../../lib/format';
import { getLanguage, languageOfLocale } from '../../../lib/language';
import { useReviewDocument } from '../api/review-document';
import { FilePreviewButton } from './file-preview';

/** One document waiting for review: who sent it, its scans, and the three decisions. */
export function ReviewItem({ item }: { item: ReviewQueueItem }) {
  const { t, i18n } = useTranslation('adminReview');
  const language = languageOfLocale(i18n.language) ?? getLanguage();
  const review = useReviewDocument();
  const [isRejecting, setIsRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const title = t(`documentTypes.${item.documentTypeId}`, { defaultValue: t('documentTypes.other') });
  const reasonId = `reject-reason-${item.id}`;

  function reject() {
    if (reason.trim() === '') {
      setReasonError(t('queue.reasonRequired'));
      document.getElementById(reasonId)?.focus();
      return;
    }
    review.mutate({ documentId: item.id, decision: 'reject', rejectReason: reason.trim() });
  }

  return (
    <Paper withBorder p="md" radius="md" component="li" aria-label={`${title} · ${item.customerName}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Text fw={700}>{title}</Text>
            <Text size="sm">
              <Anchor component={Link} to={`?customerId=${item.customerId}`}>
                {item.customerName || t('queue.unnamed')}
              </Anchor>{' '}
              · {t('queue.customerId', { id: item.customerId })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('queue.uploaded', { date: formatDateTime(item.uploaded, language) })}
            </Text>
          </div>
          <Badge color="gray.8" variant="filled" radius="sm">
            {t(`kinds.${item.kind}`)}
            {item.isSubDocument ? ` · ${t(`roles.${item.role}`)}` : ''}
          </Badge>
        </Group>
        {item.expiresDate !== undefined ? (
          <Text size="sm">{t('queue.expires', { date: item.expiresDate })}</Text>
        ) : null}
        <Group gap="xs">
          {item.files.map((file) => (
            <FilePreviewButton
              key={file.id}
              fileId={file.id}
              contentType={file.contentType}
              label={t(`sides.${file.side}`, { name: title })}
            />
          ))}
        </Group>
        {review.isError ? <ErrorAlert error={review.error} /> : null}
        {isRejecting ? (
          <Textarea
            id={reasonId}
            label={t('queue.reasonLabel')}
            description={t('queue.reasonHint')}
            value={reason}
            maxLength={MAX_REJECT_REASON_LENGTH}
            autosize
            minRows={2}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(undefined);
            }}
          />
        ) : null}
        <Group gap="xs">
          <Button
            size="sm"
            color="teal.9"
            loading={review.isPending && review.variables.decision === 'confirm'}
            disabled={review.isPending}
            onClick={() => review.mutate({ documentId: item.id, decision: 'confirm' })}
          >
            {t('queue.confirm')}
          </Button>
          {isRejecting ? (
            <Button size="sm" color="red.9" loading={review.isPending} onClick={reject}>
              {t('queue.rejectSend')}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              color="red.9"
              disabled={review.isPending}
              onClick={() => setIsRejecting(true)}
            >
              {t('queue.reject')}
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            color="gray.8"
            loading={review.isPending && review.variables.decision === 'nameMismatch'}
            disabled={review.isPending}
            onClick={() => review.mutate({ documentId: item.id, decision: 'nameMismatch' })}
          >
            {t('queue.nameMismatch')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
