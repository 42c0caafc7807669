import type { Language } from '@app/shared/constants';
import type { ValidationError } from '@app/shared/errors';
import { es } from './es';
import { pt } from './pt';
import { ro } from './ro';
import { ru } from './ru';
import { ua } from './ua';

/**
 * The server's texts for customers are written in English in the code, where they are thrown or
 * sent; each other language has a catalogue keyed by the English text (`./es.ts`…). A text with
 * values in it is keyed by its template: `You can keep at most {MAX_PHONES} phones.` matches
 * `You can keep at most 5 phones.` and the translation gets the same values in its placeholders.
 * A text without a translation stays English (the catalogue test makes sure there is none).
 */
export type TextCatalogue = Readonly<Record<string, string>>;

export const TEXT_CATALOGUES: Readonly<Record<Exclude<Language, 'en'>, TextCatalogue>> = { es, pt, ro, ru, ua };

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

interface Template {
  pattern: RegExp;
  names: string[];
  translation: string;
}

interface CompiledCatalogue {
  exact: Map<string, string>;
  templates: Template[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(catalogue: TextCatalogue): CompiledCatalogue {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [english, translation] of Object.entries(catalogue)) {
    const names = [...english.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
    if (names.length === 0) {
      exact.set(english, translation);
      continue;
    }
    const source = english
      .split(PLACEHOLDER)
      .map((part, index) => (index % 2 === 1 ? '(.+?)' : escapeRegExp(part)))
      .join('');
    templates.push({ pattern: new RegExp(`^${source}$`, 's'), names, translation });
  }
  return { exact, templates };
}

const compiled = new Map<Language, CompiledCatalogue>();

function compiledOf(language: Exclude<Language, 'en'>): CompiledCatalogue {
  let catalogue = compiled.get(language);
  if (catalogue === undefined) {
    catalogue = compile(TEXT_CATALOGUES[language]);
    compiled.set(language, catalogue);
  }
  return catalogue;
}

/** The text in the language, or as it is when it has no translation (or is already translated). */
export function localizeText(text: string, language: Language): string {
  if (language === 'en') return text;
  const catalogue = compiledOf(language);
  const exact = catalogue.exact.get(text);
  if (exact !== undefined) return exact;
  for (const template of catalogue.templates) {
    const match = template.pattern.exec(text);
    if (match === null) continue;
    const values = new Map(template.names.map((name, index) => [name, match[index + 1] ?? '']));
    return template.translation.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
  }
  return text;
}

/** What every reply of the catalogue's shape carries (DESIGN.md §4): a code and a description. */
interface ReplyBody {
  responseCode: string;
  responseDescription: string;
  validationErrors?: ValidationError[];
}

function isReplyBody(payload: unknown): payload is ReplyBody {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    'responseCode' in payload &&
    'responseDescription' in payload &&
    typeof payload.responseDescription === 'string' &&
    (!('validationErrors' in payload) || Array.isArray(payload.validationErrors))
  );
}

/** A reply body with its description and field messages in the language; other payloads as they are. */
export function localizeReplyBody<T>(payload: T, language: Language): T {
  if (language === 'en' || !isReplyBody(payload)) return payload;
  const localized: ReplyBody = {
    ...payload,
    responseDescription: localizeText(payload.responseDescription, language),
  };
  if (payload.validationErrors !== undefined) {
    localized.validationErrors = payload.validationErrors.map((error) => ({
      ...error,
      message: localizeText(error.message, language),
    }));
  }
  return localized as T;
}
