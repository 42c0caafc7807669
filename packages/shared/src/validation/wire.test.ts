import { describe, expect, it } from 'vitest';
import { dropEmptyFilterFields, dropNulls, numericStringsToNumbers } from './wire';

describe('dropNulls', () => {
  it('drops null and undefined fields at every depth and keeps falsy values', () => {
    expect(
      dropNulls({ a: null, b: undefined, c: 0, d: false, e: '', f: { g: null, h: 'x' }, i: [{ j: null, k: 1 }] }),
    ).toEqual({ c: 0, d: false, e: '', f: { h: 'x' }, i: [{ k: 1 }] });
  });

  it('leaves the input untouched', () => {
    const input = { a: null, b: 1 };
    dropNulls(input);
    expect(input).toEqual({ a: null, b: 1 });
  });

  it('keeps class instances such as dates as they are', () => {
    const date = new Date(0);
    expect(dropNulls({ date })).toEqual({ date });
  });
});

describe('dropEmptyFilterFields', () => {
  it('drops empty and blank strings as well as nulls', () => {
    expect(dropEmptyFilterFields({ keyword: ' ', email: '', type: 'p2p', page: 0, to: null })).toEqual({
      type: 'p2p',
      page: 0,
    });
  });
});

describe('numericStringsToNumbers', () => {
  it('turns ids, counts and statuses into numbers', () => {
    expect(numericStringsToNumbers({ customerId: '42', accountStatusId: '11', total: '3' })).toEqual({
      customerId: 42,
      accountStatusId: 11,
      total: 3,
    });
  });

  it('keeps money, codes, names and address fields as strings', () => {
    const value = {
      responseCode: '00',
      amount: '10',
      balance: '1500',
      exchangeRate: '1',
      postalCode: '01234',
      address1: '12',
      firstName: '123',
      phoneNumber: '40712345678',
      taxId: '1234567890',
    };
    expect(numericStringsToNumbers(value)).toEqual(value);
  });

  it('converts inside arrays and nested objects', () => {
    expect(numericStringsToNumbers({ items: [{ id: '1' }, { id: '2' }] })).toEqual({ items: [{ id: 1 }, { id: 2 }] });
  });

  it('leaves decimals and huge integers alone', () => {
    expect(numericStringsToNumbers({ id: '1.5', count: '12345678901234567890' })).toEqual({
      id: '1.5',
      count: '12345678901234567890',
    });
  });
});
