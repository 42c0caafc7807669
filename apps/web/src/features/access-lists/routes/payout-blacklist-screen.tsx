import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { BLACKLIST_BLOCK_TYPES, BLACKLIST_PAGE_SIZE } from '@app/shared/api/security';
import { Button, Group, NativeSelect, Pagination, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useDisplayLanguage } from '../../../components/money';
import { ResultPopup } from '../../../components/result-popup';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteBlacklistEntry } from '../api/delete-blacklist-entry';
import { type BlacklistFilter, useBlacklist } from '../api/get-blacklist';
import { AddBlacklistDialog } from '../components/add-blacklist-dialog';

interface Filter {
  email: string;
  blockType: string;
}

const EMPTY: Filter = { email: '', blockType: '' };

/** Empty filter fields are dropped from the request (spec 001 §5). */
function paramsOf(filter: Filter, pageNumber: number): BlacklistFilter {
  return {
    pageNumber,
    ...(filter.email.trim() === '' ? {} : { email: filter.email.trim() }),
    ...(filter.blockType === '' ? {} : { blockType: Number(filter.blockType) }),
  };
}

/**
 * `payout-blacklist` (spec 001 §3 "Blacklist user"): the e-mails the customer neither pays nor
 * accepts money from, filtered by e-mail and type; add and delete.
 */
export function PayoutBlacklistScreen() {
  const { t } = useTranslation('accessLists');
  const language = useDisplayLanguage();
  useDocumentTitle(t('blacklist.title'));
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [pageNumber, setPageNumber] = useState(1);
  const [isAdding, setIsAdding] = useState(false);
  const [addedEmail, setAddedEmail] = useState<string | null>(null);
  const list = useBlacklist(paramsOf(filter, pageNumber));
  const remove = useDeleteBlacklistEntry();
  const isFiltered = filter.email !== '' || filter.blockType !== '';
  const pageCount = Math.max(1, Math.ceil((list.data?.total ?? 0) / BLACKLIST_PAGE_SIZE));
  const typeOptions = [
    { value: '', label: t('blacklist.anyType') },
    ...BLACKLIST_BLOCK_TYPES.map((type) => ({ value: String(type), label: t(`blacklist.types.${type}`) })),
  ];

  function applyFilter(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilter(draft);
    setPageNumber(1);
  }

  function clearFilter() {
    setDraft(EMPTY);
    setFilter(EMPTY);
    setPageNumber(1);
  }

  return (
    <Stack gap="lg" maw={760}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('blacklist.title')}
        </Title>
        <Button onClick={() => setIsAdding(true)}>{t('blacklist.add')}</Button>
      </Group>
      <Text>{t('blacklist.intro')}</Text>

      <Paper
        withBorder
        p="md"
        radius="md"
        component="form"
        onSubmit={applyFilter}
        aria-label={t('blacklist.filterLabel')}
      >
        <Stack gap="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('blacklist.filterEmail')}
              value={draft.email}
              onChange={(event) => setDraft({ ...draft, email: event.currentTarget.value })}
              style={{ flex: '1 1 14rem' }}
            />
            <NativeSelect
              label={t('blacklist.filterType')}
              value={draft.blockType}
              onChange={(event) => setDraft({ ...draft, blockType: event.currentTarget.value })}
              data={typeOptions}
              style={{ flex: '1 1 10rem' }}
            />
          </Group>
          <Group gap="sm">
            <Button type="submit" variant="default">
              {t('blacklist.applyFilter')}
            </Button>
            {isFiltered ? (
              <Button variant="subtle" onClick={clearFilter}>
                {t('blacklist.clearFilter')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>

      {list.isPending ? <Skeleton height={120} /> : null}
      {list.error ? <ErrorAlert error={list.error} /> : null}
      {remove.error ? <ErrorAlert error={remove.error} /> : null}
      {list.data ? (
        list.data.list.length === 0 ? (
          <Text c="dimmed">{isFiltered ? t('blacklist.emptyFiltered') : t('blacklist.empty')}</Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('blacklist.total', { count: list.data.total })}
            </Text>
            <Stack
              gap="xs"
              component="ul"
              aria-label={t('blacklist.listLabel')}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {list.data.list.map((entry) => (
                <Paper key={entry.email} withBorder p="sm" radius="md" component="li">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {entry.email}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t('blacklist.entryDetails', {
                          type: t(`blacklist.types.${entry.blockType}`, { defaultValue: String(entry.blockType) }),
                          date: formatDate(entry.created, language),
                        })}
                      </Text>
                    </Stack>
                    <Button
                      variant="default"
                      size="xs"
                      loading={remove.isPending && remove.variables === entry.email}
                      onClick={() => remove.mutate(entry.email)}
                      aria-label={t('blacklist.deleteNamed', { email: entry.email })}
                    >
                      {t('blacklist.delete')}
                    </Button>
                  </Group>
                </Paper>
              ))}
            </Stack>
            {pageCount > 1 ? (
              <Pagination
                total={pageCount}
                value={pageNumber}
                onChange={setPageNumber}
                getControlProps={(control) => ({ 'aria-label': t(`blacklist.pagination.${control}`) })}
                getItemProps={(page) => ({ 'aria-label': t('blacklist.pagination.page', { page }) })}
              />
            ) : null}
          </Stack>
        )
      ) : null}

      <AddBlacklistDialog opened={isAdding} onClose={() => setIsAdding(false)} onAdded={setAddedEmail} />
      <ResultPopup
        opened={addedEmail !== null}
        onClose={() => setAddedEmail(null)}
        status="success"
        message={t('blacklist.added', { email: addedEmail ?? '' })}
      />
    </Stack>
  );
}
