import { LANGUAGES } from '@app/shared/constants';
import { type Brand, COMMON_PERSONAL_TYPES, COMMON_BUSINESS_TYPES } from '../brand';
import { BRAND_DIRECTORY } from '../brand-directory';
import faviconUrl from './favicon.svg';
import logoUrl from './logo.svg';

export const fjord: Brand = {
  id: 'fjord',
  name: BRAND_DIRECTORY.fjord.name,
  logoUrl,
  faviconUrl,
  palette: [
    '#dff9f4',
    '#b1f1e5',
    '#63e3ca',
    '#24cbaa',
    '#1eac90',
    '#1a917a',
    '#157662',
    '#126454',
    '#0f5447',
    '#0c4137',
  ],
  hostnames: BRAND_DIRECTORY.fjord.hostnames,
  appStoreLinks: {
    ios: 'https://apps.apple.com/app/fjord-wallet/id0000000000',
    android: 'https://play.google.com/store/apps/details?id=example.fjord.wallet',
  },
  links: {
    legal: 'https://fjord.example/legal',
    terms: 'https://fjord.example/legal/terms',
    fees: 'https://fjord.example/legal/fees',
    privacy: 'https://fjord.example/legal/privacy',
  },
  support: { email: 'support@fjord.example', phone: '+47 55 00 00 04' },
  languages: LANGUAGES,
  registration: {
    isSelfRegistrationEnabled: true,
    personalTypes: COMMON_PERSONAL_TYPES,
    businessTypes: COMMON_BUSINESS_TYPES,
    isAdultIndustryHidden: false,
  },
  environments: {
    defaultEnvironment: 'production',
    stagingCount: 1,
    stagingApiBaseUrlTemplate: 'https://api.staging-{n}.fjord.example',
  },
  accountConfirmationLetter: {
    issuerName: 'Fjord Pay AS',
    address: ['Bryggen 4', '5003 Bergen', 'Norway'],
    regulatorFooter: 'Fjord Pay AS is a fictional payment institution used for demonstration. Org. no. 000 000 004.',
  },
};
