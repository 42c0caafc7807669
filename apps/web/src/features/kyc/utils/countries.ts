import { COUNTRY_CODES, type CountryCode } from '@app/shared/api/registration';
import type { Language } from '@app/shared/constants';
import { localeOf } from '../../../lib/language';

/** Issuing countries named in the customer's language, sorted as that language sorts. */
export function issuingCountryOptions(language: Language): { value: CountryCode; label: string }[] {
  const locale = localeOf(language);
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((first, second) =>
    collator.compare(first.label, second.label),
  );
}
