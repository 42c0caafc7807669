import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@app/shared/constants';
import { localStore, StorageKey } from './storage';

/**
 * The interface language. The spec's code for Ukrainian is `ua`; BCP 47 (Intl, `<html lang>`,
 * i18next plural rules) says `uk`, so the two are mapped here and only here.
 */
let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<(language: Language) => void>();

export function getLanguage(): Language {
  return current;
}

export function setLanguage(language: Language): void {
  current = language;
  localStore.set(StorageKey.language, language);
  for (const listener of listeners) listener(language);
}

export function onLanguageChange(listener: (language: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function localeOf(language: Language): string {
  return language === 'ua' ? 'uk' : language;
}

export function languageOfLocale(locale: string): Language | null {
  const base = locale.toLowerCase().split('-')[0] ?? '';
  if (base === 'uk') return 'ua';
  return isLanguage(base) ? base : null;
}

/** Stored choice → the browser's preferences → the brand's first language (English for all six). */
export function initialLanguage(brandLanguages: readonly Language[], browserLocales: readonly string[]): Language {
  const stored = localStore.get(StorageKey.language);
  if (isLanguage(stored) && brandLanguages.includes(stored)) return stored;
  for (const locale of browserLocales) {
    const language = languageOfLocale(locale);
    if (language && brandLanguages.includes(language)) return language;
  }
  return brandLanguages.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (brandLanguages[0] ?? DEFAULT_LANGUAGE);
}

/** Each language's own name, the same in every interface language so that anyone can find theirs. */
export const LANGUAGE_ENDONYMS: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  ro: 'Română',
  ru: 'Русский',
  ua: 'Українська',
  pt: 'Português',
};
