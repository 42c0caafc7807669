import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import type { Account, StatementExport } from '@app/shared/api/accounts';
import { accountFlagsOf } from '@app/shared/accounts';
import { STATEMENT_EXPORT_PAGE_SIZE } from '@app/shared/constants';
import { Button, Group, NativeSelect, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useDisplayLanguage } from '../../../components/money';
import { ResultPopup } from '../../../components/result-popup';
import { localeOf } from '../../../lib/language';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDownloadStatement } from '../api/download-statement';
import { useStatements } from '../api/get-statements';
import classes from './statements-screen.module.css';

export interface StatementsScreenProps {
  accounts: readonly Account[];
  accountLabel: (account: Account) => string;
}

interface YearGroup {
  year: number;
  statements: StatementExport[];
}

/** Consecutive statements of one year (the list is newest first). */
export function groupByYear(statements: readonly StatementExport[]): YearGroup[] {
  const groups: YearGroup[] = [];
  for (const statement of statements) {
    const last = groups.at(-1);
    if (last?.year === statement.year) last.statements.push(statement);
    else groups.push({ year: statement.year, statements: [statement] });
  }
  return groups;
}

function positiveInteger(value: string | null): number | undefined {
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

/**
 * Monthly statements (spec 001 §3 "Statement export item", §7): per account, grouped by year and
 * month, 12 a page, each a PDF. The current month's statement covers the month so far.
 */
export function StatementsScreen({ accounts, accountLabel }: StatementsScreenProps) {
  const { t } = useTranslation('history');
  useDocumentTitle(t('statements.title'));
  const language = useDisplayLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const eligible = accounts.filter((account) => accountFlagsOf(account, accounts).isStatementsAvailable);
  const requestedId = positiveInteger(searchParams.get('accountId'));
  const account = eligible.find((item) => item.accountId === requestedId) ?? eligible[0];
  const page = positiveInteger(searchParams.get('page')) ?? 1;
  const query = useStatements(account ? { accountId: account.accountId, pageNumber: page } : undefined);
  const download = useDownloadStatement();
  const now = new Date();
  const monthName = new Intl.DateTimeFormat(localeOf(language), { month: 'long', timeZone: 'UTC' });
  const monthAndYear = new Intl.DateTimeFormat(localeOf(language), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const pageCount = query.data ? Math.max(1, Math.ceil(query.data.total / STATEMENT_EXPORT_PAGE_SIZE)) : 1;

  const select = (accountId: number, pageNumber = 1) => {
    const next = new URLSearchParams({ accountId: String(accountId) });
    if (pageNumber > 1) next.set('page', String(pageNumber));
    setSearchParams(next);
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('statements.title')}
      </Title>
      <Text>{t('statements.intro')}</Text>
      {account === undefined ? (
        <Text>{t('statements.noAccounts')}</Text>
      ) : (
        <>
          <NativeSelect
            label={t('statements.account')}
            value={String(account.accountId)}
            onChange={(event) => select(Number(event.currentTarget.value))}
            data={eligible.map((item) => ({ value: String(item.accountId), label: accountLabel(item) }))}
            maw={480}
          />
          {query.error && !query.data ? <ErrorAlert error={query.error} title={t('statements.loadFailed')} /> : null}
          {query.isPending ? (
            <Stack gap="xs" aria-busy>
              {Array.from({ length: 4 }, (_, index) => (
                <Skeleton key={index} height={48} />
              ))}
            </Stack>
          ) : null}
          {query.data ? (
            <section aria-labelledby="statements-account-heading" aria-busy={query.isFetching}>
              <Title order={2} size="h4" id="statements-account-heading" mb="sm">
                {accountLabel(account)}
              </Title>
              {query.data.exports.length === 0 ? (
                <Text>{t('statements.empty')}</Text>
              ) : (
                <Stack gap="md">
                  {groupByYear(query.data.exports).map((group) => (
                    <Paper key={group.year} withBorder radius="md" px="md" py="xs">
                      <Title order={3} size="h5" className={classes.year}>
                        {group.year}
                      </Title>
                      <ul className={classes.months}>
                        {group.statements.map((statement) => {
                          const firstDay = Date.UTC(statement.year, statement.month - 1, 1);
                          const month = monthName.format(firstDay);
                          const isCurrent =
                            statement.year === now.getUTCFullYear() && statement.month === now.getUTCMonth() + 1;
                          const label = monthAndYear.format(firstDay);
                          const isDownloading =
                            download.isPending &&
                            download.variables.year === statement.year &&
                            download.variables.month === statement.month;
                          return (
                            <li key={statement.dateFrom} className={classes.month}>
                              <div>
                                <Text fw={500} className={classes.monthName}>
                                  {month}
                                </Text>
                                {isCurrent ? (
                                  <Text size="sm" c="dimmed">
                                    {t('statements.soFar')}
                                  </Text>
                                ) : null}
                              </div>
                              <Button
                                variant="default"
                                onClick={() => download.mutate(statement)}
                                loading={isDownloading}
                                aria-label={t('statements.downloadLabel', { statement: label })}
                              >
                                {t('statements.download')}
                              </Button>
                            </li>
                          );
                        })}
                      </ul>
                    </Paper>
                  ))}
                </Stack>
              )}
            </section>
          ) : null}
          {query.data && pageCount > 1 ? (
            <Group justify="center">
              <Pagination
                total={pageCount}
                value={Math.min(page, pageCount)}
                onChange={(next) => select(account.accountId, next)}
                siblings={1}
                aria-label={t('pagination.label')}
                getItemProps={(item) => ({ 'aria-label': t('pagination.page', { page: item }) })}
                getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
              />
            </Group>
          ) : null}
        </>
      )}
      <ResultPopup
        opened={download.isError}
        onClose={() => download.reset()}
        status="error"
        error={download.error ?? undefined}
      />
    </Stack>
  );
}
