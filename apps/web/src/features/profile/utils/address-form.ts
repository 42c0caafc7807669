import {
  ADDRESS_DOCUMENT_CONTENT_TYPES,
  MAX_ADDRESS_DOCUMENT_BYTES,
  type AddressDocumentPart,
  type CustomerAddress,
} from '@app/shared/api/profile';
import { COUNTRY_CODES, type CountryCode } from '@app/shared/api/registration';
import type { Language } from '@app/shared/constants';
import { localeOf } from '../../../lib/language';

export interface AddressFormValues {
  address1: string;
  address2: string;
  city: string;
  postalCode: string;
  countryCode: CountryCode | null;
  stateName: string;
}

export type AddressField = 'address1' | 'city' | 'postalCode' | 'country' | AddressDocumentPart | 'relationshipType';

export const EMPTY_ADDRESS: AddressFormValues = {
  address1: '',
  address2: '',
  city: '',
  postalCode: '',
  countryCode: null,
  stateName: '',
};

/** The same rules as the server's address schema, so most mistakes are said before sending. */
export function addressProblems(values: AddressFormValues): Partial<Record<AddressField, 'required' | 'invalid'>> {
  const problems: Partial<Record<AddressField, 'required' | 'invalid'>> = {};
  if (values.address1.trim() === '') problems.address1 = 'required';
  if (values.city.trim() === '') problems.city = 'required';
  const postal = values.postalCode.trim();
  if (postal.length < 2 || postal.length > 16 || !/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(postal)) {
    problems.postalCode = 'invalid';
  }
  if (values.countryCode === null) problems.country = 'required';
  return problems;
}

export type FileProblem = 'fileType' | 'fileSize';

/** The browser's type is only a first check; the server reads the content itself. */
export function fileProblem(file: File): FileProblem | null {
  const type = file.type === '' && /\.hei[cf]$/i.test(file.name) ? 'image/heic' : file.type;
  if (!(ADDRESS_DOCUMENT_CONTENT_TYPES as readonly string[]).includes(type)) return 'fileType';
  if (file.size > MAX_ADDRESS_DOCUMENT_BYTES) return 'fileSize';
  return null;
}

export interface CountryOption {
  value: CountryCode;
  label: string;
}

/** Every country named in the customer's language, sorted as that language sorts. */
export function countryOptions(language: Language): CountryOption[] {
  const locale = localeOf(language);
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((first, second) =>
    collator.compare(first.label, second.label),
  );
}

export function addressLine(
  address: Pick<CustomerAddress, 'address1' | 'address2' | 'city' | 'postalCode' | 'countryCode'>,
): string {
  return [address.address1, address.address2, `${address.postalCode} ${address.city}`, address.countryCode]
    .filter((part) => part !== undefined && part !== '')
    .join(', ');
}

export type DocumentStatusKey = 'confirmed' | 'pending' | 'rejected' | 'expired' | 'nameMismatch' | 'unknown';

/** Spec 001 §4: confirmed 2, name mismatch 64, pending 41 or 0, rejected 4, expired 38. */
export function documentStatusKey(statusId: number): DocumentStatusKey {
  switch (statusId) {
    case 2:
      return 'confirmed';
    case 0:
    case 41:
      return 'pending';
    case 4:
      return 'rejected';
    case 38:
      return 'expired';
    case 64:
      return 'nameMismatch';
    default:
      return 'unknown';
  }
}
