import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { MAX_SUBSCRIPTION_TRANSACTIONS, SUBSCRIPTION_FREQUENCIES } from '@app/shared/api/transfers';
import { Checkbox, Collapse, NativeSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  MAX_SUBSCRIPTION_REFERENCE_LENGTH,
  RECURRING_ENDS,
  type RecurringField,
  type RecurringProblem,
  type RecurringValues,
} from '../utils/recurring';

export const RECURRING_FIELD_IDS: Record<RecurringField | 'reference' | 'frequency', string> = {
  endDate: 'transfer-recurring-end-date',
  count: 'transfer-recurring-count',
  reference: 'transfer-recurring-reference',
  frequency: 'transfer-recurring-frequency',
};

export interface RecurringFieldsProps {
  values: RecurringValues;
  onChange: (values: RecurringValues) => void;
  problems: Partial<Record<RecurringField, RecurringProblem>>;
  /** A server message for a field, shown as it came. */
  serverErrors?: Partial<Record<RecurringField | 'reference' | 'frequency', string>>;
}

/** "Repeat this transfer": how often, and until when (a date, a number of payments, or until cancelled). */
export function RecurringFields({ values, onChange, problems, serverErrors = {} }: RecurringFieldsProps) {
  const { t } = useTranslation('transfers');
  const set = <K extends keyof RecurringValues>(key: K, value: RecurringValues[K]) =>
    onChange({ ...values, [key]: value });
  const problemText = (field: RecurringField) => {
    const problem = problems[field];
    return problem ? t(`recurring.problems.${problem}`, { max: MAX_SUBSCRIPTION_TRANSACTIONS }) : serverErrors[field];
  };

  return (
    <Stack gap="sm">
      <Checkbox
        label={t('recurring.toggle')}
        description={t('recurring.toggleHint')}
        checked={values.isRecurring}
        onChange={(event) => set('isRecurring', event.currentTarget.checked)}
      />
      <Collapse expanded={values.isRecurring}>
        <Stack gap="sm" pl={{ base: 0, xs: 'xl' }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              id={RECURRING_FIELD_IDS.frequency}
              label={t('recurring.frequency')}
              value={values.frequency}
              onChange={(event) =>
                set(
                  'frequency',
                  SUBSCRIPTION_FREQUENCIES.find((frequency) => frequency === event.currentTarget.value) ?? 'monthly',
                )
              }
              data={SUBSCRIPTION_FREQUENCIES.map((frequency) => ({
                value: frequency,
                label: t(`recurring.frequencies.${frequency}`),
              }))}
              error={serverErrors.frequency}
            />
            <TextInput
              id={RECURRING_FIELD_IDS.reference}
              label={t('recurring.reference')}
              description={t('recurring.referenceHint')}
              maxLength={MAX_SUBSCRIPTION_REFERENCE_LENGTH}
              value={values.reference}
              onChange={(event) => set('reference', event.currentTarget.value)}
              error={serverErrors.reference}
            />
          </SimpleGrid>
          <Radio.Group
            label={t('recurring.end')}
            value={values.end}
            onChange={(value) => set('end', RECURRING_ENDS.find((end) => end === value) ?? 'cancel')}
          >
            <Stack gap="xs" mt="xs">
              {RECURRING_ENDS.map((end) => (
                <Radio key={end} value={end} label={t(`recurring.ends.${end}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {values.end === 'date' ? (
            <TextInput
              id={RECURRING_FIELD_IDS.endDate}
              label={t('recurring.endDate')}
              type="date"
              value={values.endDate}
              onChange={(event) => set('endDate', event.currentTarget.value)}
              error={problemText('endDate')}
              maw={240}
            />
          ) : null}
          {values.end === 'count' ? (
            <TextInput
              id={RECURRING_FIELD_IDS.count}
              label={t('recurring.count')}
              description={t('recurring.countHint', { max: MAX_SUBSCRIPTION_TRANSACTIONS })}
              inputMode="numeric"
              value={values.count}
              onChange={(event) => set('count', event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
              error={problemText('count')}
              maw={240}
            />
          ) : null}
        </Stack>
      </Collapse>
    </Stack>
  );
}
