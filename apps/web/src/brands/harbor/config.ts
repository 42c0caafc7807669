import { LANGUAGES } from '@app/shared/constants';
import { type Brand, PERSONAL_REGISTRATION_TYPES, BUSINESS_REGISTRATION_TYPES } from '../brand';
import { BRAND_DIRECTORY } from '../brand-directory';
import faviconUrl from './favicon.svg';
import logoUrl from './logo.svg';

export const harbor: Brand = {
  id: 'harbor',
  name: BRAND_DIRECTORY.harbor.name,
  logoUrl,
  faviconUrl,
  palette: [
    '#eaf5fd',
    '#cfe8fb',
    '#a3d4f8',
    '#70bcf3',
    '#32a0ee',
    '#1285d8',
    '#0e6cb0',
    '#0c5c96',
    '#0a4d7e',
    '#083c62',
  ],
  hostnames: BRAND_DIRECTORY.harbor.hostnames,
  appStoreLinks: {
    ios: 'https://apps.apple.com/app/harbor-wallet/id0000000000',
    android: 'https://play.google.com/store/apps/details?id=example.harbor.wallet',
  },
  links: {
    legal: 'https://harbor.example/legal',
    terms: 'https://harbor.example/legal/terms',
    fees: 'https://harbor.example/legal/fees',
    privacy: 'https://harbor.example/legal/privacy',
  },
  support: { email: 'support@harbor.example', phone: '+44 20 7946 0001' },
  languages: LANGUAGES,
  registration: {
    isSelfRegistrationEnabled: true,
    personalTypes: PERSONAL_REGISTRATION_TYPES,
    businessTypes: BUSINESS_REGISTRATION_TYPES,
    isAdultIndustryHidden: false,
  },
  environments: {
    defaultEnvironment: 'production',
    stagingCount: 3,
    stagingApiBaseUrlTemplate: 'https://api.staging-{n}.harbor.example',
  },
  accountConfirmationLetter: {
    issuerName: 'Harbor Payments Ltd',
    address: ['1 Quay Street', 'Portsmouth PO1 3AA', 'United Kingdom'],
    regulatorFooter:
      'Harbor Payments Ltd is a fictional electronic money institution used for demonstration. Registered in England and Wales, company no. 00000001.',
  },
};
