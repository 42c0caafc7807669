import { describe, expect, it } from 'vitest';
import { collapseWhitespace } from './names';

describe('name whitespace (spec 000 §5)', () => {
  it.each([
    ['  Alex   Morgan  ', 'Alex Morgan'],
    ['Northwind\tTrading\n Ltd', 'Northwind Trading Ltd'],
    ['Ana', 'Ana'],
    ['   ', ''],
  ])('%j → %j', (value, expected) => {
    expect(collapseWhitespace(value)).toBe(expected);
  });
});
