import {
  MAX_SUBSCRIPTION_TRANSACTIONS,
  SUBSCRIPTION_FREQUENCIES,
  type SubscriptionFrequency,
} from '@app/shared/api/transfers';

/**
 * The recurring part of a transfer (spec 001 §3 subscription fields). The transfer made now is the
 * first run; the schedule ends on a date, after a number of runs, or when the customer cancels it.
 */
export type RecurringEnd = 'date' | 'count' | 'cancel';
export const RECURRING_ENDS: readonly RecurringEnd[] = ['date', 'count', 'cancel'];

export interface RecurringValues {
  isRecurring: boolean;
  frequency: SubscriptionFrequency;
  end: RecurringEnd;
  endDate: string;
  count: string;
  reference: string;
}

export const MAX_SUBSCRIPTION_REFERENCE_LENGTH = 64;

export const NO_RECURRENCE: RecurringValues = {
  isRecurring: false,
  frequency: 'monthly',
  end: 'cancel',
  endDate: '',
  count: '',
  reference: '',
};

export { SUBSCRIPTION_FREQUENCIES };

export type RecurringProblem = 'endDateRequired' | 'endDatePast' | 'countRequired' | 'countRange';

export type RecurringField = 'endDate' | 'count';

/** `today` is the customer's local date, YYYY-MM-DD. */
export function recurringProblems(
  values: RecurringValues,
  today: string,
): Partial<Record<RecurringField, RecurringProblem>> {
  if (!values.isRecurring) return {};
  if (values.end === 'date') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.endDate)) return { endDate: 'endDateRequired' };
    if (values.endDate <= today) return { endDate: 'endDatePast' };
  }
  if (values.end === 'count') {
    if (values.count.trim() === '') return { count: 'countRequired' };
    const count = Number(values.count.trim());
    if (!Number.isInteger(count) || count < 2 || count > MAX_SUBSCRIPTION_TRANSACTIONS) return { count: 'countRange' };
  }
  return {};
}

export interface SubscriptionInput {
  subscriptionFrequency?: SubscriptionFrequency;
  subscriptionEndDate?: string;
  subscriptionTransactions?: number;
  subscriptionUserCancel?: boolean;
  subscriptionReference?: string;
}

/** The subscription fields of the request; none for a one-off transfer. */
export function toSubscriptionInput(values: RecurringValues): SubscriptionInput {
  if (!values.isRecurring) return {};
  const reference = values.reference.trim();
  return {
    subscriptionFrequency: values.frequency,
    ...(values.end === 'date' ? { subscriptionEndDate: values.endDate } : {}),
    ...(values.end === 'count' ? { subscriptionTransactions: Number(values.count.trim()) } : {}),
    ...(values.end === 'cancel' ? { subscriptionUserCancel: true } : {}),
    ...(reference === '' ? {} : { subscriptionReference: reference }),
  };
}

export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
