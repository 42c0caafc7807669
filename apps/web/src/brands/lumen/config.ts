import { LANGUAGES } from '@app/shared/constants';
import { type Brand, COMMON_PERSONAL_TYPES, COMMON_BUSINESS_TYPES } from '../brand';
import { BRAND_DIRECTORY } from '../brand-directory';
import faviconUrl from './favicon.svg';
import logoUrl from './logo.svg';

export const lumen: Brand = {
  id: 'lumen',
  name: BRAND_DIRECTORY.lumen.name,
  logoUrl,
  faviconUrl,
  palette: [
    '#f6f1fc',
    '#ebe0f7',
    '#dac6f1',
    '#c6a8e9',
    '#b186e1',
    '#9d67d9',
    '#8645d1',
    '#7531c4',
    '#6329a6',
    '#4d2081',
  ],
  hostnames: BRAND_DIRECTORY.lumen.hostnames,
  appStoreLinks: {
    ios: 'https://apps.apple.com/app/lumen-wallet/id0000000000',
    android: 'https://play.google.com/store/apps/details?id=example.lumen.wallet',
  },
  links: {
    legal: 'https://lumen.example/legal',
    terms: 'https://lumen.example/legal/terms',
    fees: 'https://lumen.example/legal/fees',
    privacy: 'https://lumen.example/legal/privacy',
  },
  support: { email: 'support@lumen.example', phone: '+34 910 000 002' },
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
    stagingApiBaseUrlTemplate: 'https://api.staging-{n}.lumen.example',
  },
  accountConfirmationLetter: {
    issuerName: 'Lumen Money S.L.',
    address: ['Calle de la Luz 12', '28013 Madrid', 'Spain'],
    regulatorFooter:
      'Lumen Money S.L. is a fictional payment institution used for demonstration. Registered in Madrid, CIF X00000002.',
  },
};
