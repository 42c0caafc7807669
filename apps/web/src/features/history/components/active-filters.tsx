import type { Account } from '@app/shared/api/accounts';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDisplayLanguage } from '../../../components/money';
import { formatDate } from '../../../lib/format';
import { activeFilterFields, type HistoryFilterField, type HistoryFilterValues } from '../utils/history-filters';

function RemoveIcon() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      aria-hidden
      focusable={false}
    >
      <path d="m6 6 12 12M18 6 6 18" />
    </svg>
  );
}

export interface ActiveFiltersProps {
  values: HistoryFilterValues;
  accounts: readonly Account[];
  accountLabel: (account: Account) => string;
  onRemove: (field: HistoryFilterField) => void;
  onClearAll: () => void;
}

/** What the list is filtered by, each removable, and all cleared in one click (UI.md "Lists"). */
export function ActiveFilters({ values, accounts, accountLabel, onRemove, onClearAll }: ActiveFiltersProps) {
  const { t } = useTranslation('history');
  const language = useDisplayLanguage();
  const fields = activeFilterFields(values);
  if (fields.length === 0) return null;

  const valueText = (field: HistoryFilterField): string => {
    switch (field) {
      case 'accountId': {
        const account = accounts.find((item) => String(item.accountId) === values.accountId);
        return account ? accountLabel(account) : `#${values.accountId}`;
      }
      case 'transactionType':
        return values.transactionType === '' ? '' : t(`types.${values.transactionType}`);
      case 'transactionDirection':
        return t(`directions.${values.transactionDirection}`);
      case 'status':
        return t(`statusFilters.${values.status}`);
      case 'fromDate':
      case 'toDate':
        return formatDate(`${values[field]}T00:00:00`, language) || values[field];
      case 'keyword':
      case 'fromAmount':
      case 'toAmount':
      case 'email':
        return values[field].trim();
    }
  };

  return (
    <Group gap="xs" aria-label={t('filters.active')} role="group">
      <Text size="sm" c="dimmed">
        {t('filters.active')}
      </Text>
      {fields.map((field) => {
        const text = `${t(`filters.fields.${field}`)}: ${valueText(field)}`;
        return (
          <Button
            key={field}
            variant="light"
            size="sm"
            radius="xl"
            rightSection={<RemoveIcon />}
            onClick={() => onRemove(field)}
            aria-label={t('filters.remove', { filter: text })}
          >
            {text}
          </Button>
        );
      })}
      <Button variant="subtle" size="compact-sm" onClick={onClearAll}>
        {t('filters.clearAll')}
      </Button>
    </Group>
  );
}
