import type { Language } from '@app/shared/constants';

export const BRAND_IDS = ['harbor', 'lumen', 'cobalt', 'fjord', 'saffron', 'tidewater'] as const;
export type BrandId = (typeof BRAND_IDS)[number];

export function isBrandId(value: unknown): value is BrandId {
  return typeof value === 'string' && (BRAND_IDS as readonly string[]).includes(value);
}

/** Ten shades, lightest first, as Mantine expects. Shades 6–9 carry white text at ≥ 4.5:1. */
export type Palette = readonly [string, string, string, string, string, string, string, string, string, string];

export const PERSONAL_REGISTRATION_TYPES = [
  'webmasters',
  'freelancers',
  'webcamModels',
  'developers',
  'independentContractors',
  'others',
] as const;
export type PersonalRegistrationType = (typeof PERSONAL_REGISTRATION_TYPES)[number];

export const BUSINESS_REGISTRATION_TYPES = [
  'advertisingNetworks',
  'affiliatePrograms',
  'liveStreamingNetworks',
  'freelanceCompanies',
  'hostingProviders',
  'billingPaymentProcessors',
  'webcamStudios',
  'others',
] as const;
export type BusinessRegistrationType = (typeof BUSINESS_REGISTRATION_TYPES)[number];

/** `production`, or a numbered staging environment such as `staging-2`. */
export type EnvironmentName = 'production' | `staging-${number}`;

export interface BrandEnvironments {
  /** The environment used when nothing overrides it. */
  defaultEnvironment: EnvironmentName;
  /** How many numbered staging environments exist (staging-1 … staging-N). */
  stagingCount: number;
  /** Base URL of staging N; `{n}` is replaced by the number. Production is the same origin (''). */
  stagingApiBaseUrlTemplate: string;
}

export interface AccountConfirmationLetter {
  issuerName: string;
  address: readonly string[];
  regulatorFooter: string;
}

export interface Brand {
  id: BrandId;
  name: string;
  /** URL of the logo SVG (the SVG carries its own <title>). */
  logoUrl: string;
  faviconUrl: string;
  palette: Palette;
  hostnames: readonly string[];
  appStoreLinks: { ios: string; android: string };
  links: { legal: string; terms: string; fees: string; privacy: string };
  support: { email: string; phone: string };
  languages: readonly Language[];
  registration: {
    isSelfRegistrationEnabled: boolean;
    personalTypes: readonly PersonalRegistrationType[];
    businessTypes: readonly BusinessRegistrationType[];
    isAdultIndustryHidden: boolean;
  };
  environments: BrandEnvironments;
  accountConfirmationLetter: AccountConfirmationLetter;
}

/** The types every brand offers; the main brand adds webcam models and studios (spec 000 §1). */
export const COMMON_PERSONAL_TYPES: readonly PersonalRegistrationType[] = PERSONAL_REGISTRATION_TYPES.filter(
  (type) => type !== 'webcamModels',
);
export const COMMON_BUSINESS_TYPES: readonly BusinessRegistrationType[] = BUSINESS_REGISTRATION_TYPES.filter(
  (type) => type !== 'webcamStudios',
);
