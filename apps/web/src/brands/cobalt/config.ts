import { LANGUAGES } from '@app/shared/constants';
import { type Brand, COMMON_PERSONAL_TYPES, COMMON_BUSINESS_TYPES } from '../brand';
import { BRAND_DIRECTORY } from '../brand-directory';
import faviconUrl from './favicon.svg';
import logoUrl from './logo.svg';

export const cobalt: Brand = {
  id: 'cobalt',
  name: BRAND_DIRECTORY.cobalt.name,
  logoUrl,
  faviconUrl,
  palette: [
    '#f0f3fd',
    '#dde4fa',
    '#bfcef6',
    '#9db3f1',
    '#7896ec',
    '#557be7',
    '#2e5de1',
    '#1d4cce',
    '#1940ae',
    '#133288',
  ],
  hostnames: BRAND_DIRECTORY.cobalt.hostnames,
  appStoreLinks: {
    ios: 'https://apps.apple.com/app/cobalt-wallet/id0000000000',
    android: 'https://play.google.com/store/apps/details?id=example.cobalt.wallet',
  },
  links: {
    legal: 'https://cobalt.example/legal',
    terms: 'https://cobalt.example/legal/terms',
    fees: 'https://cobalt.example/legal/fees',
    privacy: 'https://cobalt.example/legal/privacy',
  },
  support: { email: 'support@cobalt.example', phone: '+370 5 000 0003' },
  languages: LANGUAGES,
  registration: {
    isSelfRegistrationEnabled: true,
    personalTypes: COMMON_PERSONAL_TYPES,
    businessTypes: COMMON_BUSINESS_TYPES,
    isAdultIndustryHidden: true,
  },
  environments: {
    defaultEnvironment: 'production',
    stagingCount: 2,
    stagingApiBaseUrlTemplate: 'https://api.staging-{n}.cobalt.example',
  },
  accountConfirmationLetter: {
    issuerName: 'Cobalt Financial UAB',
    address: ['Gedimino pr. 1', 'LT-01103 Vilnius', 'Lithuania'],
    regulatorFooter:
      'Cobalt Financial UAB is a fictional electronic money institution used for demonstration. Company code 000000003.',
  },
};
