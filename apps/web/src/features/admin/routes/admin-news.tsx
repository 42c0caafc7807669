import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { NEWS_BODY_MAX_LENGTH, NEWS_TITLE_MAX_LENGTH, type NewsPublishInput } from '@app/shared/api/news';
import { LANGUAGES, type Language } from '@app/shared/constants';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type SubmitEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { ErrorSummary, type SummaryItem } from '../../../components/error-summary';
import { formatDate } from '../../../lib/format';
import { getLanguage, LANGUAGE_ENDONYMS, languageOfLocale } from '../../../lib/language';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublishedNews, usePublishNews } from '../api/publish-news';
import classes from './admin.module.css';

interface Draft {
  title: string;
  body: string;
  languages: Language[];
  withConfirmation: boolean;
}

const EMPTY_DRAFT: Draft = { title: '', body: '', languages: [...LANGUAGES], withConfirmation: false };

type FieldErrors = Partial<Record<'title' | 'body' | 'languages', string>>;

function PublishForm() {
  const { t } = useTranslation('admin');
  const publish = usePublishNews();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [publishedTitle, setPublishedTitle] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (draft.title.trim() === '') found.title = t('news.errors.title');
    if (draft.body.trim() === '') found.body = t('news.errors.body');
    if (draft.languages.length === 0) found.languages = t('news.errors.languages');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    const input: NewsPublishInput = {
      title: draft.title.trim(),
      body: draft.body.trim(),
      languages: draft.languages,
      withConfirmation: draft.withConfirmation,
    };
    setPublishedTitle(null);
    publish.mutate(input, {
      onSuccess: () => {
        setPublishedTitle(input.title);
        setDraft(EMPTY_DRAFT);
      },
    });
  };

  const summary: SummaryItem[] = [];
  if (errors.title) summary.push({ fieldId: 'news-title', message: errors.title });
  if (errors.body) summary.push({ fieldId: 'news-body', message: errors.body });
  if (errors.languages) summary.push({ fieldId: 'news-language-en', message: errors.languages });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="publish-news">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="publish-news">
            {t('news.publishTitle')}
          </Title>
          <ErrorSummary ref={summaryRef} items={summary} />
          {publishedTitle ? (
            <Alert color="teal" variant="light" role="status">
              {t('news.published', { title: publishedTitle })}
            </Alert>
          ) : null}
          {publish.error ? <ErrorAlert error={publish.error} title={t('news.publishFailed')} /> : null}
          <TextInput
            id="news-title"
            label={t('news.titleLabel')}
            value={draft.title}
            maxLength={NEWS_TITLE_MAX_LENGTH}
            error={errors.title}
            onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
          />
          <Textarea
            id="news-body"
            label={t('news.bodyLabel')}
            description={t('news.bodyHint')}
            value={draft.body}
            rows={8}
            resize="vertical"
            maxLength={NEWS_BODY_MAX_LENGTH}
            error={errors.body}
            onChange={(event) => setDraft({ ...draft, body: event.currentTarget.value })}
          />
          <Checkbox.Group
            label={t('news.languagesLabel')}
            description={t('news.languagesHint')}
            value={draft.languages}
            error={errors.languages}
            onChange={(values) =>
              setDraft({ ...draft, languages: LANGUAGES.filter((language) => values.includes(language)) })
            }
          >
            <Group gap="md" mt="xs">
              {LANGUAGES.map((language) => (
                <Checkbox
                  key={language}
                  id={`news-language-${language}`}
                  value={language}
                  label={LANGUAGE_ENDONYMS[language]}
                  lang={language === 'ua' ? 'uk' : language}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox
            label={t('news.withConfirmationLabel')}
            description={t('news.withConfirmationHint')}
            checked={draft.withConfirmation}
            onChange={(event) => setDraft({ ...draft, withConfirmation: event.currentTarget.checked })}
          />
          <Group>
            <Button type="submit" loading={publish.isPending}>
              {t('news.publish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PublishedList() {
  const { t, i18n } = useTranslation('admin');
  const language = languageOfLocale(i18n.language) ?? getLanguage();
  const news = usePublishedNews();
  if (news.error) return <ErrorAlert error={news.error} title={t('news.loadFailed')} />;
  if (news.data === undefined) return <Skeleton height={120} aria-busy />;
  if (news.data.news.length === 0) return <Text>{t('news.empty')}</Text>;
  return (
    <ul className={classes.plainList}>
      {news.data.news.map((item) => (
        <li key={item.id} className={classes.accountRow}>
          <div className={classes.grow}>
            <Text fw={600} className={classes.wrap}>
              {item.title}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDate(item.publishedAt, language)} · {item.languages.map((code) => code.toUpperCase()).join(', ')}
            </Text>
          </div>
          <Stack gap={4} align="flex-end">
            {item.withConfirmation ? (
              <Badge color="#b34a0b" variant="filled" radius="sm">
                {t('news.needsAnswer')}
              </Badge>
            ) : null}
            <Text size="sm" className={classes.number}>
              {item.withConfirmation
                ? t('news.answers', {
                    read: item.readCount,
                    accepted: item.acceptedCount,
                    declined: item.declinedCount,
                  })
                : t('news.reads', { count: item.readCount })}
            </Text>
          </Stack>
        </li>
      ))}
    </ul>
  );
}

/** Admin: publish an announcement and see how the published ones were received. */
export default function AdminNewsRoute() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('news.title'));
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin-overview" size="sm">
        {t('customer.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('news.title')}
      </Title>
      <PublishForm />
      <section aria-labelledby="published-news">
        <Title order={2} size="h4" id="published-news" mb="xs">
          {t('news.publishedTitle')}
        </Title>
        <PublishedList />
      </section>
    </Stack>
  );
}
