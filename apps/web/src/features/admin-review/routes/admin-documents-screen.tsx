import '@mantine/core/styles/Skeleton.layer.css';
import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useReviewQueue } from '../api/get-review-queue';
import { CustomerPanel } from '../components/customer-panel';
import { ReviewItem } from '../components/review-item';

function customerIdFrom(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** `admin/documents`: the review queue of uploaded documents, oldest first, and the customer under review. */
export function AdminDocumentsScreen() {
  const { t } = useTranslation('adminReview');
  useDocumentTitle(t('title'));
  const [searchParams] = useSearchParams();
  const customerId = customerIdFrom(searchParams.get('customerId'));
  const queue = useReviewQueue();
  const items = queue.data?.documents ?? [];

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to="/admin-overview" size="sm">
          {t('back')}
        </Anchor>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
      </div>
      {customerId !== null ? <CustomerPanel customerId={customerId} /> : null}
      <section aria-labelledby="review-queue-title">
        <Title order={2} size="h4" id="review-queue-title" mb="sm">
          {t('queue.title', { count: items.length })}
        </Title>
        {queue.isError ? <ErrorAlert error={queue.error} title={t('queue.loadFailed')} /> : null}
        {queue.isPending ? <Skeleton height={160} /> : null}
        {queue.isSuccess && items.length === 0 ? <Text size="sm">{t('queue.empty')}</Text> : null}
        <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <ReviewItem key={item.id} item={item} />
          ))}
        </Stack>
      </section>
    </Stack>
  );
}
