import { isLanguage, type Language } from '@app/shared/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { localizeReplyBody } from './texts/localize';

/**
 * The language a request is answered in: the main API's `lang` field, else the first language of
 * Accept-Language (`uk` is our `ua`), else English. Replies of the catalogue's shape get their
 * description and field messages in it (`texts/`), and zod's own messages (a rule without a text
 * of ours) are written in it: in the route's validation, and in a parse given `parsedIn` (the
 * main API's input).
 */
export function languageOf(request: FastifyRequest): Language {
  const body: unknown = request.body;
  if (typeof body === 'object' && body !== null && 'lang' in body && isLanguage(body.lang)) return body.lang;
  const header = request.headers['accept-language'];
  const first = typeof header === 'string' ? header.split(',')[0]?.split(';')[0]?.trim().toLowerCase() : undefined;
  if (first === 'uk' || first?.startsWith('uk-') === true) return 'ua';
  const primary = first?.split('-')[0];
  return isLanguage(primary) ? primary : 'en';
}

const ZOD_LOCALES = {
  en: z.locales.en(),
  es: z.locales.es(),
  pt: z.locales.pt(),
  ro: z.locales.ro(),
  ru: z.locales.ru(),
  ua: z.locales.uk(),
} satisfies Record<Language, { localeError: unknown }>;

const PARSE_OPTIONS: Record<Language, z.core.ParseContext<z.core.$ZodIssue>> = {
  en: { error: ZOD_LOCALES.en.localeError },
  es: { error: ZOD_LOCALES.es.localeError },
  pt: { error: ZOD_LOCALES.pt.localeError },
  ro: { error: ZOD_LOCALES.ro.localeError },
  ru: { error: ZOD_LOCALES.ru.localeError },
  ua: { error: ZOD_LOCALES.ua.localeError },
};

/**
 * Options for a parse whose own messages (a rule without a text of ours) zod writes in `language`:
 * `schema.safeParse(value, parsedIn(language))`. zod writes them when the error is first read, so
 * the language goes with the parse, not with the request: an AsyncLocalStorage could carry it
 * through every await, but on Node 20 it turns on promise hooks for the whole process, and every
 * promise of every request then pays for them.
 */
export function parsedIn(language: Language): z.core.ParseContext<z.core.$ZodIssue> {
  return PARSE_OPTIONS[language];
}

/** The language of the route validation under way (see `registerRequestLanguage`). */
let validationLanguage: Language = 'en';

export function registerRequestLanguage(app: FastifyInstance): void {
  z.config({ localeError: (issue) => ZOD_LOCALES[validationLanguage].localeError(issue) });
  // A route's schemas are checked by Fastify (fastify-type-provider-zod), which reads the error at
  // once: synchronously, when the last preValidation hook calls `done`. This is the only one, and
  // runs after the body is parsed (so `lang` counts).
  app.addHook('preValidation', (request, _reply, done) => {
    const previous = validationLanguage;
    validationLanguage = languageOf(request);
    try {
      done();
    } finally {
      validationLanguage = previous;
    }
  });
  app.addHook('preSerialization', async (request, _reply, payload) => localizeReplyBody(payload, languageOf(request)));
}
