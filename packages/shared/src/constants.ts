/** Business constants of spec 000 §9 and 001 §9. Units last in every name. */
export const CLIENT_VERSION = '2.1.2';
export const SUCCESS_CODE = '00';

export const IDLE_TIMEOUT_MS = 10 * 60 * 1000;
export const REQUEST_TIMEOUT_MS = 5 * 60 * 1000;
export const TOAST_DURATION_MS = 10_000;
export const UPDATE_CHECK_INTERVAL_MS = 60_000;
export const CACHE_VERSION_COOKIE_TTL_MS = 60 * 60 * 1000;
export const SMS_POPUP_CLOSE_DELAY_MS = 3_000;
export const BALANCE_THROTTLE_MS = 3_000;
export const EXCHANGE_RATE_CACHE_MS = 5_000;

export const LOGIN_HISTORY_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 20;
export const STATEMENT_EXPORT_PAGE_SIZE = 12;
export const RECENT_P2P_TRANSFERS = 3;
export const CONTRACT_PAGE_SIZE = 100;
export const CONTRACTS_FOR_MENUS = 1000;
export const CUSTOMER_SEARCH_PAGE_SIZE = 20;

export const CLOSED_ACCOUNT_STATUS = 11;

/** Breakpoints of spec 000 §9, in px. */
export const BREAKPOINTS_PX = {
  mobile: 476,
  tablet: 768,
  phablet: 871,
  laptop: 1024,
  desktop: 1280,
} as const;

export const LANGUAGES = ['en', 'es', 'ro', 'ru', 'ua', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export const CURRENCY_SYMBOLS: Record<string, string> = {
  EUR: '€',
  USD: '$',
  AUD: '$',
  CAD: '$',
  GBP: '£',
  RON: 'lei',
};

/** Access-right levels (spec 000 §6). Level 5 is hidden from the rights dictionary. */
export const AccessRight = {
  NONE: 0,
  READ: 1,
  FULL: 2,
  INITIATE: 3,
  CONFIRMED: 4,
  UPLOADING: 5,
} as const;
export type AccessRight = (typeof AccessRight)[keyof typeof AccessRight];
