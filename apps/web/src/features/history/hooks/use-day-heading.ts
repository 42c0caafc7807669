import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayLanguage } from '../../../components/money';
import { localeOf } from '../../../lib/language';
import { dayKindOf, formatOrdinalDate } from '../../../lib/date-groups';

/** "Today", "Yesterday", else the date with an ordinal day, in the interface language. */
export function useDayHeading(): (day: Date, now?: Date) => string {
  const { t } = useTranslation('history');
  const language = useDisplayLanguage();
  return useCallback(
    (day: Date, now: Date = new Date()) => {
      const kind = dayKindOf(day, now);
      if (kind === 'today') return t('dates.today');
      if (kind === 'yesterday') return t('dates.yesterday');
      return formatOrdinalDate(day, now, localeOf(language), (dayOfMonth) =>
        t('dates.ordinalDay', { count: dayOfMonth, ordinal: true }),
      );
    },
    [t, language],
  );
}
