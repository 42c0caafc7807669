/**
 * Lists grouped by day (UI.md "Lists"): "Today", "Yesterday", then dates with an ordinal day
 * (spec 001 §9). Days are the customer's local calendar days. Shared by every dated list (the
 * history, the login history), so they group and name days the same way.
 */
export interface DayGroup<T> {
  /** YYYY-MM-DD in local time. */
  dayKey: string;
  /** Local midnight of the day. */
  day: Date;
  items: T[];
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function localDayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Consecutive items of the same day form a group; the order of the list is kept. */
export function groupByDay<T extends { date: string }>(items: readonly T[]): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const date = new Date(item.date);
    const dayKey = Number.isNaN(date.getTime()) ? 'unknown' : localDayKey(date);
    const last = groups.at(-1);
    if (last?.dayKey === dayKey) last.items.push(item);
    else groups.push({ dayKey, day: new Date(date.getFullYear(), date.getMonth(), date.getDate()), items: [item] });
  }
  return groups;
}

export type DayKind = 'today' | 'yesterday' | 'date';

export function dayKindOf(day: Date, now: Date): DayKind {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  if (localDayKey(day) === localDayKey(today)) return 'today';
  if (localDayKey(day) === localDayKey(yesterday)) return 'yesterday';
  return 'date';
}

/**
 * A date with an ordinal day in the locale's own order and grammar: the locale formats day, month
 * and year, and the day is replaced by its ordinal ("March 3rd, 2026"; "3 марта 2026 г.").
 * The year is left out for dates of the current year.
 */
export function formatOrdinalDate(
  day: Date,
  now: Date,
  locale: string,
  ordinalDay: (dayOfMonth: number) => string,
): string {
  const withYear = day.getFullYear() !== now.getFullYear();
  const parts = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
  }).formatToParts(day);
  return parts.map((part) => (part.type === 'day' ? ordinalDay(day.getDate()) : part.value)).join('');
}
