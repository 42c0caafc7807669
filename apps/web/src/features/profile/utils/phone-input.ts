import type { CustomerPhone } from '@app/shared/api/profile';

/**
 * What a customer types into the phone fields, as the server takes it: the calling code without
 * the '+' or '00' (spec 000 §5), the number as digits.
 */
export function callingCodeOf(value: string): string | null {
  const digits = value.replace(/\s/g, '').replace(/^(\+|00)/, '');
  return /^[1-9]\d{0,2}$/.test(digits) ? digits : null;
}

export function nationalDigitsOf(value: string): string | null {
  const digits = value.replace(/[\s().-]/g, '');
  return /^\d{4,15}$/.test(digits) ? digits : null;
}

export function formatPhone(phone: Pick<CustomerPhone, 'countryCode' | 'number'>): string {
  return `+${phone.countryCode} ${phone.number}`;
}
