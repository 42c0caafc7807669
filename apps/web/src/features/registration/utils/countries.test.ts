import { describe, expect, it } from 'vitest';
import { countryOptions, guessCountry } from './countries';

describe('countries', () => {
  it('names every country in the customer’s language, sorted for that language', () => {
    const english = countryOptions('en');
    expect(english.length).toBe(249);
    expect(english.find((option) => option.value === 'DE')?.label).toBe('Germany');
    const romanian = countryOptions('ro');
    expect(romanian.find((option) => option.value === 'DE')?.label).toBe('Germania');
    const labels = english.map((option) => option.label);
    expect(labels).toEqual([...labels].sort((first, second) => first.localeCompare(second, 'en')));
  });

  it('guesses the country from the browser’s locales', () => {
    expect(guessCountry(['en-GB', 'en'])).toBe('GB');
    expect(guessCountry(['ro'])).toBe('RO');
    expect(guessCountry(['not a locale', 'pt-BR'])).toBe('BR');
    expect(guessCountry([])).toBeUndefined();
  });
});
