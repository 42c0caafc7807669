import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import type { AnnouncementSummary } from '@app/shared/api/news';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAnnouncements } from '../api/get-announcements';
import { useNewsLanguage } from '../hooks/use-news-language';
import classes from './news.module.css';

function AnnouncementCard({ item }: { item: AnnouncementSummary }) {
  const { t } = useTranslation('news');
  const language = useNewsLanguage();
  const needsAnswer = item.withConfirmation && item.choice === undefined;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      className={item.isRead ? classes.card : `${classes.card} ${classes.unread}`}
    >
      {item.isRead && !needsAnswer ? null : (
        <Group gap={6} mb={6}>
          {item.isRead ? null : (
            <Badge color="brand" variant="filled" radius="sm">
              {t('list.new')}
            </Badge>
          )}
          {needsAnswer ? (
            <Badge color="#b34a0b" variant="filled" radius="sm">
              {t('list.needsAnswer')}
            </Badge>
          ) : null}
        </Group>
      )}
      <Title order={2} size="h4" className={classes.cardTitle}>
        <Link to={`/news/${item.id}`} className={classes.cardLink}>
          {item.title}
        </Link>
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, language)}</time>
      </Text>
      <Text size="sm" mt="xs" className={classes.excerpt}>
        {item.excerpt}
      </Text>
    </Paper>
  );
}

/** News (spec 001 §2 "news"): the announcements for the customer's language, newest first. */
export default function NewsListRoute() {
  const { t } = useTranslation('news');
  useDocumentTitle(t('list.title'));
  const language = useNewsLanguage();
  const news = useAnnouncements({ withConfirmation: false, language });
  const waiting = news.data?.announcements.filter((item) => item.withConfirmation && item.choice === undefined) ?? [];

  return (
    <Stack gap="lg" className={classes.page}>
      <Title order={1} size="h2">
        {t('list.title')}
      </Title>
      {news.error ? <ErrorAlert error={news.error} title={t('list.loadFailed')} /> : null}
      {news.isPending ? (
        <Stack gap="sm" aria-busy>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={112} radius="md" />
          ))}
        </Stack>
      ) : news.data ? (
        <>
          <Text size="sm" c="dimmed" role="status">
            {news.data.unreadCount > 0 ? t('list.unread', { count: news.data.unreadCount }) : t('list.allRead')}
            {waiting.length > 0 ? ` · ${t('list.waiting', { count: waiting.length })}` : ''}
          </Text>
          {news.data.announcements.length === 0 ? (
            <Paper withBorder radius="md" p="lg">
              <Text>{t('list.empty')}</Text>
            </Paper>
          ) : (
            <ul className={classes.list}>
              {news.data.announcements.map((item) => (
                <li key={item.id}>
                  <AnnouncementCard item={item} />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </Stack>
  );
}
