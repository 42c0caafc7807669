import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { CUSTOMER_SEARCH_PAGE_SIZE } from '@app/shared/constants';
import { Anchor, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { getLanguage, languageOfLocale } from '../../../lib/language';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSearchCustomers } from '../api/search-customers';
import { AdminPagination } from '../components/admin-pagination';
import { CustomerResults } from '../components/customer-results';

const SEARCH_DEBOUNCE_MS = 300;
const MAX_QUERY_LENGTH = 100;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** Admin: find a customer. Search and page live in the URL, so back navigation keeps the place. */
export default function AdminOverviewRoute() {
  const { t, i18n } = useTranslation('admin');
  useDocumentTitle(t('overview.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('q') ?? '';
  const page = pageFrom(searchParams.get('page'));
  const [input, setInput] = useState(query);
  const [debouncedInput] = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const language = languageOfLocale(i18n.language) ?? getLanguage();

  useEffect(() => {
    if (debouncedInput.trim() === query) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (debouncedInput.trim() === '') next.delete('q');
        else next.set('q', debouncedInput.trim());
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debouncedInput, query, setSearchParams]);

  const search = useSearchCustomers({ query, pageNumber: page, pageSize: CUSTOMER_SEARCH_PAGE_SIZE });
  const total = search.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CUSTOMER_SEARCH_PAGE_SIZE));

  const goToPage = (next: number) =>
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      if (next === 1) params.delete('page');
      else params.set('page', String(next));
      return params;
    });

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('overview.title')}
      </Title>
      <nav aria-label={t('overview.toolsLabel')}>
        <Group gap="lg">
          <Anchor component={Link} to="/admin-audit">
            {t('overview.auditLink')}
          </Anchor>
          <Anchor component={Link} to="/admin-news">
            {t('overview.newsLink')}
          </Anchor>
          <Anchor component={Link} to="/admin/documents">
            {t('adminReview:link')}
          </Anchor>
        </Group>
      </nav>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <TextInput
          label={t('overview.searchLabel')}
          description={t('overview.searchHint')}
          type="search"
          value={input}
          maxLength={MAX_QUERY_LENGTH}
          onChange={(event) => setInput(event.currentTarget.value)}
        />
      </form>
      {search.error ? <ErrorAlert error={search.error} title={t('overview.loadFailed')} /> : null}
      {search.isPending ? (
        <Stack gap="xs" aria-busy>
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height={44} />
          ))}
        </Stack>
      ) : search.data ? (
        <Stack gap="md" aria-busy={search.isFetching}>
          <Text size="sm" c="dimmed" role="status">
            {t('overview.count', { count: total })}
          </Text>
          {search.data.customers.length === 0 ? (
            <Text>{query ? t('overview.empty', { query }) : t('overview.emptyAll')}</Text>
          ) : (
            <CustomerResults customers={search.data.customers} language={language} />
          )}
          <AdminPagination page={page} pageCount={pageCount} onChange={goToPage} />
        </Stack>
      ) : null}
    </Stack>
  );
}
