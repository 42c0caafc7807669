import type { CountryCode } from '@app/shared/api/registration';
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Phone numbers as typed (international with +, or national in the chosen country) to E.164, with
 * the full metadata, so a number is valid only if its country actually issues numbers like it.
 * null when it is not a valid number.
 */
export function toE164(phone: string, countryCode: CountryCode | undefined): string | null {
  const trimmed = phone.trim();
  // "00 44 …" is how much of the world dials abroad; libphonenumber wants "+".
  const international = trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
  // A few territories (Antarctica, Bouvet Island…) have no numbering plan: only + numbers work there.
  const defaultCountry = countryCode !== undefined && isSupportedCountry(countryCode) ? countryCode : undefined;
  const parsed = parsePhoneNumberFromString(international, defaultCountry);
  if (parsed === undefined || !parsed.isValid()) return null;
  return parsed.number;
}
