import { LANGUAGES } from '@app/shared/constants';
import { type Brand, COMMON_PERSONAL_TYPES, COMMON_BUSINESS_TYPES } from '../brand';
import { BRAND_DIRECTORY } from '../brand-directory';
import faviconUrl from './favicon.svg';
import logoUrl from './logo.svg';

export const tidewater: Brand = {
  id: 'tidewater',
  name: BRAND_DIRECTORY.tidewater.name,
  logoUrl,
  faviconUrl,
  palette: [
    '#fcf0f3',
    '#f9dee4',
    '#f4c1ce',
    '#ee9eb2',
    '#e77592',
    '#df4b70',
    '#c7234c',
    '#ab1e42',
    '#901937',
    '#71142b',
  ],
  hostnames: BRAND_DIRECTORY.tidewater.hostnames,
  appStoreLinks: {
    ios: 'https://apps.apple.com/app/tidewater-wallet/id0000000000',
    android: 'https://play.google.com/store/apps/details?id=example.tidewater.wallet',
  },
  links: {
    legal: 'https://tidewater.example/legal',
    terms: 'https://tidewater.example/legal/terms',
    fees: 'https://tidewater.example/legal/fees',
    privacy: 'https://tidewater.example/legal/privacy',
  },
  support: { email: 'support@tidewater.example', phone: '+40 21 000 0006' },
  languages: LANGUAGES,
  registration: {
    isSelfRegistrationEnabled: false,
    personalTypes: COMMON_PERSONAL_TYPES,
    businessTypes: COMMON_BUSINESS_TYPES.filter((type) => type !== 'liveStreamingNetworks'),
    isAdultIndustryHidden: true,
  },
  environments: {
    defaultEnvironment: 'production',
    stagingCount: 1,
    stagingApiBaseUrlTemplate: 'https://api.staging-{n}.tidewater.example',
  },
  accountConfirmationLetter: {
    issuerName: 'Tidewater Finance SRL',
    address: ['Strada Portului 7', '900001 Constanța', 'Romania'],
    regulatorFooter:
      'Tidewater Finance SRL is a fictional electronic money institution used for demonstration. Registered under no. J00/0000/0006.',
  },
};
