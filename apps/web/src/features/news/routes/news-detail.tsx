import type { Announcement, NewsChoice } from '@app/shared/api/news';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAnnouncement } from '../api/get-announcement';
import { useAnswerAnnouncement } from '../api/answer-announcement';
import { useMarkAnnouncementsRead } from '../api/mark-announcements-read';
import { useNewsLanguage } from '../hooks/use-news-language';
import classes from './news.module.css';

function idFrom(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function Answer({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation('news');
  const answer = useAnswerAnnouncement();
  if (announcement.choice !== undefined) {
    return (
      <Alert color={announcement.choice === 'accept' ? 'teal' : 'gray'} variant="light" role="status">
        {announcement.choice === 'accept' ? t('detail.accepted') : t('detail.declined')}
      </Alert>
    );
  }
  const choose = (choice: NewsChoice) => answer.mutate({ id: announcement.id, choice });
  return (
    <Stack gap="sm" className={classes.actions}>
      <Text size="sm">{t('detail.answerPrompt')}</Text>
      {answer.error ? <ErrorAlert error={answer.error} title={t('detail.answerFailed')} /> : null}
      <Group gap="sm">
        <Button
          onClick={() => choose('accept')}
          loading={answer.isPending && answer.variables.choice === 'accept'}
          disabled={answer.isPending}
        >
          {t('detail.accept')}
        </Button>
        <Button
          variant="default"
          onClick={() => choose('decline')}
          loading={answer.isPending && answer.variables.choice === 'decline'}
          disabled={answer.isPending}
        >
          {t('detail.decline')}
        </Button>
      </Group>
    </Stack>
  );
}

function AnnouncementView({ id }: { id: number }) {
  const { t } = useTranslation('news');
  const language = useNewsLanguage();
  const item = useAnnouncement(id);
  const markRead = useMarkAnnouncementsRead();
  const announcement = item.data?.announcement;
  useDocumentTitle(announcement?.title ?? t('list.title'));

  // Opening an unread item reads it: marked here first, then confirmed to the server, once.
  const confirmedRef = useRef<number | null>(null);
  const { mutate } = markRead;
  useEffect(() => {
    if (announcement === undefined || announcement.isRead || confirmedRef.current === announcement.id) return;
    confirmedRef.current = announcement.id;
    mutate([announcement.id]);
  }, [announcement, mutate]);

  if (item.error) return <ErrorAlert error={item.error} title={t('detail.loadFailed')} />;
  if (announcement === undefined) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton height={32} width="70%" />
        <Skeleton height={16} width="30%" />
        <Skeleton height={160} />
      </Stack>
    );
  }
  return (
    <Paper component="article" withBorder radius="md" p="lg">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" className={classes.cardTitle}>
            {announcement.title}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            <time dateTime={announcement.publishedAt}>{formatDate(announcement.publishedAt, language)}</time>
          </Text>
        </div>
        <Text className={classes.body}>{announcement.body}</Text>
        {announcement.withConfirmation ? <Answer announcement={announcement} /> : null}
      </Stack>
    </Paper>
  );
}

/** One announcement, read in full; items that need it are accepted or declined here. */
export default function NewsDetailRoute() {
  const { t } = useTranslation('news');
  const id = idFrom(useParams().newsId);
  return (
    <Stack gap="md" className={classes.page}>
      <Anchor component={Link} to="/news" size="sm">
        {t('detail.back')}
      </Anchor>
      {id === null ? <Text role="alert">{t('detail.notFound')}</Text> : <AnnouncementView id={id} />}
    </Stack>
  );
}
