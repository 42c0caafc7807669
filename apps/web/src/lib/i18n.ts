import type { Language } from '@app/shared/constants';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import { getLanguage, languageOfLocale, localeOf, setLanguage } from './language';

export const NAMESPACES = [
  'common',
  'auth',
  'customers',
  'admin',
  'terms',
  'notifications',
  'signIn',
  'accounts',
  'transfers',
  'history',
  'registration',
  'sso',
  'news',
  'security',
  'accessLists',
  'preferences',
  'kyc',
  'verification',
  'adminReview',
  'profile',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type LocaleModule = { default: Record<string, unknown> };

/**
 * The English words of the shell and the sign-in screen ship in the entry: most visits start there, in
 * English, and then paint without waiting for a translation file. The other languages download theirs
 * in parallel with the first screen's code (see preloadTranslations).
 */
const BUNDLED_RESOURCES = { en: { common: enCommon, auth: enAuth } } as const;

// One small chunk per other language and namespace: a screen loads only the words it shows.
const localeLoaders = import.meta.glob<LocaleModule>([
  '../locales/*/*.json',
  '!../locales/en/common.json',
  '!../locales/en/auth.json',
]);

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(locale, namespace, callback) {
    const language = languageOfLocale(locale);
    const load = language ? localeLoaders[`../locales/${language}/${namespace}.json`] : undefined;
    if (!load) {
      callback(new Error(`No translations for ${locale}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Starts downloading translations before i18next asks for them, so that they arrive together with the
 * brand and the first screen's code. The backend later imports the same modules and reuses them.
 */
export function preloadTranslations(language: Language, namespaces: readonly Namespace[]): void {
  for (const namespace of namespaces) {
    // A failure surfaces when the backend loads the same file.
    localeLoaders[`../locales/${language}/${namespace}.json`]?.().catch(() => undefined);
  }
}

export const i18n: I18n = i18next.createInstance();

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = localeOf(language);
}

/** Initialises translations in `language` with the namespaces needed before the first render. */
export async function initI18n(language: Language, namespaces: readonly Namespace[] = ['common']): Promise<I18n> {
  setLanguage(language);
  applyDocumentLanguage(language);
  if (!i18n.isInitialized) {
    await i18n
      .use(lazyLocaleBackend)
      .use(initReactI18next)
      .init({
        lng: localeOf(language),
        // Every locale has every key (a test checks it), so no English fallback is loaded.
        fallbackLng: false,
        supportedLngs: ['en', 'es', 'ro', 'ru', 'uk', 'pt'],
        load: 'currentOnly',
        ns: [...namespaces],
        resources: BUNDLED_RESOURCES,
        // The bundled resources are a head start: everything else still comes from the backend.
        partialBundledLanguages: true,
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        react: { useSuspense: true },
      });
  } else {
    await i18n.changeLanguage(localeOf(language));
    await i18n.loadNamespaces([...namespaces]);
  }
  return i18n;
}

export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

export async function changeAppLanguage(language: Language): Promise<void> {
  if (language === getLanguage() && i18n.language === localeOf(language)) return;
  // Calls made from now on already ask the server for the new language.
  setLanguage(language);
  applyDocumentLanguage(language);
  await i18n.changeLanguage(localeOf(language));
}
