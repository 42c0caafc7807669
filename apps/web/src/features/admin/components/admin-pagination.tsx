import '@mantine/core/styles/Pagination.layer.css';
import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The pages of an admin list (customers, audit log); nothing when everything fits on one. */
export function AdminPagination({
  page,
  pageCount,
  onChange,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  if (pageCount <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pageCount}
        value={Math.min(page, pageCount)}
        onChange={onChange}
        siblings={1}
        aria-label={t('overview.pagination.label')}
        getItemProps={(item) => ({ 'aria-label': t('overview.pagination.page', { page: item }) })}
        getControlProps={(control) => ({ 'aria-label': t(`overview.pagination.${control}`) })}
      />
    </Group>
  );
}
