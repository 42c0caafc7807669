import { isLanguage } from '@app/shared/constants';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeAppLanguage } from '../lib/i18n';
import { getLanguage, LANGUAGE_ENDONYMS, languageOfLocale } from '../lib/language';
import { useBrand } from '../lib/runtime-config';

/** Offers only the brand's languages; hidden when the brand has one. */
export function LanguageSwitcher({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const brand = useBrand();
  const { t, i18n } = useTranslation('common');
  if (brand.languages.length < 2) return null;
  const current = languageOfLocale(i18n.language) ?? getLanguage();
  return (
    <NativeSelect
      size={size}
      aria-label={t('language.label')}
      value={current}
      data={brand.languages.map((language) => ({ value: language, label: LANGUAGE_ENDONYMS[language] }))}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void changeAppLanguage(value);
      }}
    />
  );
}
