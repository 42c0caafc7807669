import { COUNTRY_CODES, type CountryCode } from '@app/shared/api/registration';
import { localeOf } from '../../../lib/language';
import type { Language } from '@app/shared/constants';

export interface CountryOption {
  value: CountryCode;
  label: string;
}

/** Every country named in the customer's language (Intl.DisplayNames), sorted as that language sorts. */
export function countryOptions(language: Language): CountryOption[] {
  const locale = localeOf(language);
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((first, second) =>
    collator.compare(first.label, second.label),
  );
}

/** The country of the browser's locale (en-GB → GB), as a first guess the customer can change. */
export function guessCountry(locales: readonly string[]): CountryCode | undefined {
  for (const locale of locales) {
    try {
      const region = new Intl.Locale(locale).maximize().region;
      const match = COUNTRY_CODES.find((code) => code === region);
      if (match !== undefined) return match;
    } catch {
      // A malformed locale string from the browser: try the next one.
    }
  }
  return undefined;
}
