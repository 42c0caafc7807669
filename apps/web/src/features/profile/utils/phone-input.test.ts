import { describe, expect, it } from 'vitest';
import { callingCodeOf, formatPhone, nationalDigitsOf } from './phone-input';

describe('phone input', () => {
  it.each([
    ['44', '44'],
    ['+44', '44'],
    ['0040', '40'],
    [' + 1', '1'],
    ['', null],
    ['+', null],
    ['0', null],
    ['1234', null],
    ['4a', null],
  ])('reads the calling code %j as %j (the plus sign is dropped)', (typed, expected) => {
    expect(callingCodeOf(typed)).toBe(expected);
  });

  it.each([
    ['07911 123456', '07911123456'],
    ['(0)7911-123-456', '07911123456'],
    ['123', null],
    ['+447911123456', null],
  ])('reads the number %j as %j', (typed, expected) => {
    expect(nationalDigitsOf(typed)).toBe(expected);
  });

  it('shows the number with its calling code', () => {
    expect(formatPhone({ countryCode: '44', number: '7911123456' })).toBe('+44 7911123456');
  });
});
