import type { BrandEnvironments, BrandId, EnvironmentName } from '../brands/brand';
import { localStore, StorageKey } from './storage';

const STAGING = /^staging-([1-9]\d{0,2})$/;

export interface ResolvedEnvironment {
  name: EnvironmentName;
  /** '' means the same origin as the page. */
  apiBaseUrl: string;
  isProduction: boolean;
}

export function parseEnvironmentName(value: string | null, environments: BrandEnvironments): EnvironmentName | null {
  if (value === 'production') return 'production';
  const match = value === null ? null : STAGING.exec(value);
  if (!match?.[1]) return null;
  const number = Number(match[1]);
  return number <= environments.stagingCount ? `staging-${number}` : null;
}

export function apiBaseUrlOf(name: EnvironmentName, environments: BrandEnvironments): string {
  if (name === 'production') return '';
  return environments.stagingApiBaseUrlTemplate.replace('{n}', name.slice('staging-'.length));
}

/**
 * `?env=production|staging-N` wins and is remembered per brand; otherwise the remembered choice;
 * otherwise the brand's default. Unknown values are ignored.
 */
export function resolveEnvironment(
  brandId: BrandId,
  environments: BrandEnvironments,
  search: string,
): ResolvedEnvironment {
  const storageKey = `${StorageKey.environmentPrefix}${brandId}`;
  const fromQuery = parseEnvironmentName(new URLSearchParams(search).get('env'), environments);
  if (fromQuery) localStore.set(storageKey, fromQuery);
  const name =
    fromQuery ?? parseEnvironmentName(localStore.get(storageKey), environments) ?? environments.defaultEnvironment;
  return { name, apiBaseUrl: apiBaseUrlOf(name, environments), isProduction: name === 'production' };
}
