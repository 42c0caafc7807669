import type { TFunction } from 'i18next';

/**
 * The server names a few places and devices in words rather than data (its offline location table,
 * an empty user agent); those are shown in the customer's language, city names and browsers as sent.
 */
const LOCATION_KEYS: Readonly<Record<string, 'thisComputer' | 'privateNetwork' | 'unknown'>> = {
  'This computer': 'thisComputer',
  'Private network': 'privateNetwork',
  Unknown: 'unknown',
};

export function locationLabel(t: TFunction<'security'>, location: string | undefined): string {
  if (location === undefined || location.trim() === '') return t('locations.unknown');
  const key = LOCATION_KEYS[location];
  return key === undefined ? location : t(`locations.${key}`);
}

export function deviceLabel(t: TFunction<'security'>, device: string): string {
  return device === 'Unknown device' ? t('unknownDevice') : device;
}
