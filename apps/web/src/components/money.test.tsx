import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { currencySymbolOf, formatDecimal, formatMoney, formatRate, Money } from './money';

const NBSP = '\u00a0';
const MINUS = '\u2212';

describe('formatMoney', () => {
  it('shows 2 to 8 fraction digits: trailing zeros trimmed down to two, never rounded', () => {
    expect(formatMoney('12.3', 'USD', 'en')).toBe('$12.30');
    expect(formatMoney('5', 'EUR', 'en')).toBe('€5.00');
    expect(formatMoney('0.00150000', 'BTC', 'en')).toBe(`0.0015${NBSP}BTC`);
    expect(formatMoney('0.00000001', 'BTC', 'en')).toBe(`0.00000001${NBSP}BTC`);
    expect(formatMoney('1.10000000', 'ETH', 'en')).toBe(`1.10${NBSP}ETH`);
  });

  it('uses the currency symbols of spec 000 §9 and codes for the rest', () => {
    expect(formatMoney('1.00', 'GBP', 'en')).toBe('£1.00');
    expect(formatMoney('1.00', 'AUD', 'en')).toBe('$1.00');
    expect(formatMoney('1.00', 'CAD', 'en')).toBe('$1.00');
    expect(formatMoney('1.00', 'RON', 'en')).toBe(`1.00${NBSP}lei`);
    expect(formatMoney('1.00', 'CHF', 'en')).toBe(`1.00${NBSP}CHF`);
    expect(currencySymbolOf('EUR')).toBe('€');
    expect(currencySymbolOf('BTC')).toBeUndefined();
  });

  it("follows the language's grouping, decimal mark and symbol position, exactly for large amounts", () => {
    expect(formatMoney('1234567.5', 'USD', 'en')).toBe('$1,234,567.50');
    expect(formatMoney('1234567.5', 'EUR', 'ru')).toBe(`1${NBSP}234${NBSP}567,50${NBSP}€`);
    expect(formatMoney('1234.5', 'EUR', 'es')).toBe(`1234,50${NBSP}€`);
    expect(formatMoney('1234.5', 'EUR', 'pt')).toBe(`€${NBSP}1.234,50`);
    expect(formatMoney('12.3', 'RON', 'ro')).toBe(`12,30${NBSP}lei`);
    // Near the largest amount the platform accepts: grouped from BigInt, never through a double.
    expect(formatMoney('9999999999999.99', 'USD', 'en')).toBe('$9,999,999,999,999.99');
    expect(formatMoney('9999999.99999999', 'BTC', 'en')).toBe(`9,999,999.99999999${NBSP}BTC`);
  });

  it('signs outgoing amounts with a minus and, when asked, incoming ones with a plus', () => {
    expect(formatMoney('-12.30', 'USD', 'en')).toBe(`${MINUS}$12.30`);
    expect(formatMoney('12.30', 'USD', 'en', { signDisplay: 'always' })).toBe('+$12.30');
    expect(formatMoney('0.00', 'USD', 'en', { signDisplay: 'always' })).toBe('$0.00');
    expect(formatMoney('-12.30', 'USD', 'en', { signDisplay: 'never' })).toBe('$12.30');
  });

  it('shows an amount the money helpers refuse as it came, with its code, rather than a wrong number', () => {
    expect(formatMoney('12.345', 'USD', 'en')).toBe(`12.345${NBSP}USD`);
    expect(formatMoney('abc', 'USD', 'en')).toBe(`abc${NBSP}USD`);
  });
});

describe('formatRate and formatDecimal', () => {
  it('formats rates exactly with the decimal mark of the language', () => {
    expect(formatRate('USD', '0.923412', 'EUR', 'en')).toBe(`1${NBSP}USD = 0.923412${NBSP}EUR`);
    expect(formatRate('USD', '0.923412', 'EUR', 'ru')).toBe(`1${NBSP}USD = 0,923412${NBSP}EUR`);
    expect(formatDecimal('12345.678', 'en')).toBe('12,345.678');
  });
});

describe('<Money>', () => {
  it('renders in tabular numerals on one line', () => {
    renderWithProviders(<Money amount="-1500.5" currency="USD" />);
    const amount = screen.getByText(`${MINUS}$1,500.50`);
    expect(amount.className).toMatch(/money/);
  });
});
