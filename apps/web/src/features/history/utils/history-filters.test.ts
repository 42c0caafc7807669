import { describe, expect, it } from 'vitest';
import {
  activeFilterFields,
  EMPTY_HISTORY_FILTER,
  filterFromSearchParams,
  filterProblems,
  filterToSearchParams,
  pageFromSearchParams,
  toRequestFilter,
} from './history-filters';

describe('history filters → request params', () => {
  it('drops empty fields (spec 000 §5) and keeps direction and status', () => {
    expect(toRequestFilter(EMPTY_HISTORY_FILTER)).toEqual({ transactionDirection: 'all', status: 'all' });
    expect(
      toRequestFilter({
        ...EMPTY_HISTORY_FILTER,
        accountId: '12',
        keyword: '  rent ',
        transactionType: 'p2p',
        fromDate: '2026-03-01',
        toDate: ' ',
        fromAmount: '1 000,5',
        email: '',
        transactionDirection: 'outgoing',
        status: 'rejected',
      }),
    ).toEqual({
      accountId: 12,
      keyword: 'rent',
      transactionType: 'p2p',
      fromDate: '2026-03-01',
      fromAmount: '1000.5',
      transactionDirection: 'outgoing',
      status: 'rejected',
    });
  });

  it('round-trips through the URL, leaving defaults and page 1 out', () => {
    const values = {
      ...EMPTY_HISTORY_FILTER,
      keyword: 'rent',
      transactionType: 'p2p' as const,
      status: 'processing' as const,
    };
    const params = filterToSearchParams(values, 3);
    expect(params.toString()).toBe('keyword=rent&transactionType=p2p&status=processing&page=3');
    expect(filterFromSearchParams(params)).toEqual(values);
    expect(pageFromSearchParams(params)).toBe(3);
    expect(filterToSearchParams(EMPTY_HISTORY_FILTER).toString()).toBe('');
  });

  it('ignores what a hand-edited URL cannot mean rather than sending it', () => {
    const values = filterFromSearchParams(
      new URLSearchParams(
        'accountId=abc&transactionType=bogus&fromDate=yesterday&status=all&transactionDirection=x&page=-2',
      ),
    );
    expect(values).toEqual(EMPTY_HISTORY_FILTER);
    expect(pageFromSearchParams(new URLSearchParams('page=-2'))).toBe(1);
  });

  it('lists the active filters in screen order', () => {
    expect(activeFilterFields({ ...EMPTY_HISTORY_FILTER, email: 'a@b.co', keyword: 'x', status: 'rejected' })).toEqual([
      'keyword',
      'status',
      'email',
    ]);
  });

  it('explains impossible filters instead of sending them', () => {
    expect(filterProblems(EMPTY_HISTORY_FILTER)).toEqual({});
    expect(filterProblems({ ...EMPTY_HISTORY_FILTER, email: 'a@b' })).toEqual({ email: 'emailFormat' });
    expect(filterProblems({ ...EMPTY_HISTORY_FILTER, fromDate: '2026-03-10', toDate: '2026-03-01' })).toEqual({
      toDate: 'dateOrder',
    });
    expect(filterProblems({ ...EMPTY_HISTORY_FILTER, fromAmount: '50', toAmount: '10' })).toEqual({
      toAmount: 'amountOrder',
    });
    expect(filterProblems({ ...EMPTY_HISTORY_FILTER, fromAmount: '1.123456789' })).toEqual({
      fromAmount: 'amountFormat',
    });
  });
});
