import { describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from './i18n';
import { localeOf } from './language';

async function countLabels(language: 'en' | 'ru' | 'ua'): Promise<string[]> {
  const locale = localeOf(language);
  await i18n.loadLanguages(locale);
  await loadNamespaces(['admin']);
  const t = i18n.getFixedT(locale, 'admin');
  return [1, 2, 5, 21].map((count) => t('overview.count', { count }));
}

describe('plural forms (Intl.PluralRules through i18next)', () => {
  it('uses one/other in English', async () => {
    expect(await countLabels('en')).toEqual(['1 customer', '2 customers', '5 customers', '21 customers']);
  });

  it('uses one/few/many in Russian', async () => {
    expect(await countLabels('ru')).toEqual(['1 клиент', '2 клиента', '5 клиентов', '21 клиент']);
  });

  it('uses one/few/many in Ukrainian (ua is mapped to the BCP 47 code uk)', async () => {
    expect(localeOf('ua')).toBe('uk');
    expect(await countLabels('ua')).toEqual(['1 клієнт', '2 клієнти', '5 клієнтів', '21 клієнт']);
  });
});
