import type { Language } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';
import { getLanguage, languageOfLocale } from '../../../lib/language';

/** The interface language: news is published per language, so lists follow a language switch. */
export function useNewsLanguage(): Language {
  const { i18n } = useTranslation();
  return languageOfLocale(i18n.language) ?? getLanguage();
}
