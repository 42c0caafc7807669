import { LANGUAGES } from '@app/shared/constants';
import { describe, expect, it } from 'vitest';

/** Every language has every word of the profile, and the plural forms its language needs. */
const locales = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/profile.json', {
  eager: true,
});

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix === '' ? key : `${prefix}.${key}`));
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function baseKeys(language: string): string[] {
  const locale = locales[`../../../locales/${language}/profile.json`];
  if (locale === undefined) throw new Error(`no profile words for ${language}`);
  return [...new Set(keysOf(locale.default).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
}

describe('profile words', () => {
  const english = baseKeys('en');

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has the same words as English', (language) => {
    expect(baseKeys(language)).toEqual(english);
  });

  it.each(LANGUAGES)('%s has every plural form of its language', (language) => {
    const locale = locales[`../../../locales/${language}/profile.json`];
    const keys = keysOf(locale?.default);
    const tag = language === 'ua' ? 'uk' : language;
    const categories = new Intl.PluralRules(tag)
      .resolvedOptions()
      .pluralCategories.filter((category) => category !== 'many' || language === 'ru' || language === 'ua');
    for (const category of categories) expect(keys).toContain(`addresses.documents_${category}`);
  });
});
