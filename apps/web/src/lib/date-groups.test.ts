import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { dayKindOf, formatOrdinalDate, groupByDay } from './date-groups';

const now = new Date(2026, 2, 10, 15, 0);

describe('grouping by day', () => {
  it('groups consecutive items of one local day, keeping the order', () => {
    const items = [
      { id: 'a', date: new Date(2026, 2, 10, 9).toISOString() },
      { id: 'b', date: new Date(2026, 2, 10, 8).toISOString() },
      { id: 'c', date: new Date(2026, 2, 9, 23).toISOString() },
      { id: 'd', date: new Date(2026, 2, 3, 12).toISOString() },
    ];
    expect(groupByDay(items).map((group) => [group.dayKey, group.items.map((item) => item.id)])).toEqual([
      ['2026-03-10', ['a', 'b']],
      ['2026-03-09', ['c']],
      ['2026-03-03', ['d']],
    ]);
  });

  it('names today and yesterday, and dates the rest', () => {
    expect(dayKindOf(new Date(2026, 2, 10), now)).toBe('today');
    expect(dayKindOf(new Date(2026, 2, 9), now)).toBe('yesterday');
    expect(dayKindOf(new Date(2026, 2, 8), now)).toBe('date');
    expect(dayKindOf(new Date(2025, 2, 9), now)).toBe('date');
  });

  it('writes dates with an ordinal day (spec 001 §9), the year only when it is not this one', () => {
    const t = i18n.getFixedT('en', 'history');
    const ordinal = (day: number) => t('dates.ordinalDay', { count: day, ordinal: true });
    expect(formatOrdinalDate(new Date(2026, 2, 1), now, 'en', ordinal)).toBe('March 1st');
    expect(formatOrdinalDate(new Date(2026, 2, 2), now, 'en', ordinal)).toBe('March 2nd');
    expect(formatOrdinalDate(new Date(2026, 1, 3), now, 'en', ordinal)).toBe('February 3rd');
    expect(formatOrdinalDate(new Date(2026, 1, 11), now, 'en', ordinal)).toBe('February 11th');
    expect(formatOrdinalDate(new Date(2025, 11, 22), now, 'en', ordinal)).toBe('December 22nd, 2025');
    expect(formatOrdinalDate(new Date(2025, 11, 22), now, 'ru', (day) => String(day))).toBe('22 декабря 2025\u202fг.');
  });
});
