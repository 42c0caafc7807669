import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayLanguage } from '../../../components/money';
import { formatDate } from '../../../lib/format';
import type { RecurringValues } from '../utils/recurring';

/** "Every month, until you cancel" — the schedule in words, for the review. */
export function useRecurringSummary(): (values: RecurringValues) => string {
  const { t } = useTranslation('transfers');
  const language = useDisplayLanguage();
  return useCallback(
    (values: RecurringValues) => {
      const frequency = t(`recurring.frequencies.${values.frequency}`);
      switch (values.end) {
        case 'date':
          return t('recurring.summary.date', {
            frequency,
            date: formatDate(`${values.endDate}T00:00:00`, language),
          });
        case 'count':
          return t('recurring.summary.count', { frequency, count: Number(values.count) });
        case 'cancel':
          return t('recurring.summary.cancel', { frequency });
      }
    },
    [t, language],
  );
}
