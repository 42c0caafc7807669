import '@mantine/core/styles/Skeleton.layer.css';
import { Skeleton, Stack, Text, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';

export interface QueryListProps {
  query: { isPending: boolean; isError: boolean; isSuccess: boolean; error: unknown };
  count: number;
  skeletonHeight: number;
  emptyText: string;
  gap: MantineSpacing;
  testId?: string;
  /** The `<li>` rows. */
  children: ReactNode;
}

/** A loaded list with its loading, failure and empty states, as every profile list shows them. */
export function QueryList({ query, count, skeletonHeight, emptyText, gap, testId, children }: QueryListProps) {
  const { t } = useTranslation('profile');
  return (
    <>
      {query.isPending ? <Skeleton height={skeletonHeight} /> : null}
      {query.isError ? <ErrorAlert error={query.error} title={t('loadFailed')} /> : null}
      {query.isSuccess && count === 0 ? <Text c="dimmed">{emptyText}</Text> : null}
      {count > 0 ? (
        <Stack gap={gap} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid={testId}>
          {children}
        </Stack>
      ) : null}
    </>
  );
}
