import { LANGUAGES } from '@app/shared/constants';
import { describe, expect, it } from 'vitest';
import { localeOf } from '../lib/language';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [childKey, childValue] of flatten(value, path)) result.set(childKey, childValue);
  }
  return result;
}

function localeFile(language: string, namespace: string): Map<string, string> {
  const tree = files[`./${language}/${namespace}.json`];
  if (!tree) throw new Error(`Missing ${language}/${namespace}.json`);
  return flatten(tree);
}

const namespaces = Object.keys(files)
  .filter((path) => path.startsWith('./en/'))
  .map((path) => path.slice('./en/'.length, -'.json'.length));

/** Keys whose value is legitimately the same as English (format strings, codes, loanwords). */
const SAME_AS_ENGLISH_ALLOWED = new Set([
  'pageTitle',
  'environment.badge',
  'overview.columns.id',
  'overview.columns.login',
]);

describe('locale files', () => {
  it('exist for every language and namespace', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const language of LANGUAGES)
      for (const namespace of namespaces) expect(() => localeFile(language, namespace)).not.toThrow();
  });

  for (const language of LANGUAGES.filter((item) => item !== 'en')) {
    it(`${language} has exactly the keys of en (plural keys per its own plural rules)`, () => {
      const categories = new Intl.PluralRules(localeOf(language)).resolvedOptions().pluralCategories;
      for (const namespace of namespaces) {
        const english = localeFile('en', namespace);
        const translated = localeFile(language, namespace);
        const expected = new Set<string>();
        for (const key of english.keys()) {
          if (PLURAL_SUFFIX.test(key)) {
            const base = key.replace(PLURAL_SUFFIX, '');
            for (const category of categories) expected.add(`${base}_${category}`);
          } else expected.add(key);
        }
        expect([...translated.keys()].sort(), `${language}/${namespace}`).toEqual([...expected].sort());
      }
    });

    it(`${language} leaves no English text behind`, () => {
      for (const namespace of namespaces) {
        const english = localeFile('en', namespace);
        for (const [key, value] of localeFile(language, namespace)) {
          if (SAME_AS_ENGLISH_ALLOWED.has(key) || !english.has(key)) continue;
          expect(value, `${language}/${namespace}:${key}`).not.toBe(english.get(key));
        }
      }
    });
  }

  it('keeps the same interpolation variables in every translation', () => {
    const variablesOf = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
    for (const namespace of namespaces) {
      const english = localeFile('en', namespace);
      for (const language of LANGUAGES) {
        for (const [key, value] of localeFile(language, namespace)) {
          const base = key.replace(PLURAL_SUFFIX, '');
          const source = english.get(key) ?? english.get(`${base}_other`);
          if (source !== undefined)
            expect(variablesOf(value), `${language}/${namespace}:${key}`).toEqual(variablesOf(source));
        }
      }
    }
  });
});
