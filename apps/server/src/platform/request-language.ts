import { AsyncLocalStorage } from 'node:async_hooks';
import { isLanguage, type Language } from '@app/shared/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { localizeReplyBody } from './texts/localize';

/**
 * The language a request is answered in: the main API's `lang` field, else the first language of
 * Accept-Language (`uk` is our `ua`), else English. Replies of the catalogue's shape get their
 * description and field messages in it (`texts/`), and zod's own messages (a rule without a text
 * of ours) are written in it while the request is handled.
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

const requestLanguage = new AsyncLocalStorage<Language>();

/** The language of the request being handled; English outside one (jobs, start-up). */
export function currentLanguage(): Language {
  return requestLanguage.getStore() ?? 'en';
}

const ZOD_LOCALES = {
  en: z.locales.en(),
  es: z.locales.es(),
  pt: z.locales.pt(),
  ro: z.locales.ro(),
  ru: z.locales.ru(),
  ua: z.locales.uk(),
} satisfies Record<Language, { localeError: unknown }>;

export function registerRequestLanguage(app: FastifyInstance): void {
  z.config({ localeError: (issue) => ZOD_LOCALES[currentLanguage()].localeError(issue) });
  // After the body is parsed (so `lang` counts) and before validation and the handler.
  app.addHook('preValidation', (request, _reply, done) => {
    requestLanguage.run(languageOf(request), done);
  });
  app.addHook('preSerialization', async (request, _reply, payload) => localizeReplyBody(payload, languageOf(request)));
}
