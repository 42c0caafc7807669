import { type Brand, COMMON_PERSONAL_TYPES, COMMON_BUSINESS_TYPES } from '../brand';
import { BRAND_DIRECTORY } from '../brand-directory';
import faviconUrl from './favicon.svg';
import logoUrl from './logo.svg';

export const saffron: Brand = {
  id: 'saffron',
  name: BRAND_DIRECTORY.saffron.name,
  logoUrl,
  faviconUrl,
  palette: [
    '#fef1e7',
    '#fcdfc7',
    '#f9c496',
    '#f6a157',
    '#f1770d',
    '#cb640b',
    '#a55109',
    '#8c4607',
    '#763b06',
    '#5c2d05',
  ],
  hostnames: BRAND_DIRECTORY.saffron.hostnames,
  appStoreLinks: {
    ios: 'https://apps.apple.com/app/saffron-wallet/id0000000000',
    android: 'https://play.google.com/store/apps/details?id=example.saffron.wallet',
  },
  links: {
    legal: 'https://saffron.example/legal',
    terms: 'https://saffron.example/legal/terms',
    fees: 'https://saffron.example/legal/fees',
    privacy: 'https://saffron.example/legal/privacy',
  },
  support: { email: 'support@saffron.example', phone: '+351 210 000 005' },
  languages: ['en', 'es'],
  registration: {
    isSelfRegistrationEnabled: true,
    personalTypes: COMMON_PERSONAL_TYPES,
    businessTypes: COMMON_BUSINESS_TYPES,
    isAdultIndustryHidden: true,
  },
  environments: {
    defaultEnvironment: 'production',
    stagingCount: 2,
    stagingApiBaseUrlTemplate: 'https://api.staging-{n}.saffron.example',
  },
  accountConfirmationLetter: {
    issuerName: 'Saffron Wallet Lda',
    address: ['Rua das Especiarias 5', '1100-001 Lisboa', 'Portugal'],
    regulatorFooter: 'Saffron Wallet Lda is a fictional payment institution used for demonstration. NIPC 000000005.',
  },
};
