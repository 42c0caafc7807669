import { LANGUAGES } from '@app/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CODE_CHALLENGE, type TestApp } from '../../../test/helper';
import { DEMO_PASSWORD, DEMO_USERS } from '../../db/seed';
import { localizeReplyBody, localizeText, TEXT_CATALOGUES } from './localize';
import { sourceTexts } from './source-texts.test-support';

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;
const placeholdersOf = (text: string): string[] => [...text.matchAll(PLACEHOLDER)].map((match) => match[0]).sort();

/** Issue 3: what the server says to a customer is in the customer's language, every text of it. */
describe('server texts in every language', () => {
  const texts = sourceTexts();
  const english = new Set(texts.map((entry) => entry.text));

  it('finds the texts the server shows', () => {
    expect(english).toContain('Incorrect e-mail or password.');
    expect(english).toContain('You can keep at most {MAX_PHONES} phones.');
    expect(english.size).toBeGreaterThan(250);
  });

  for (const [language, catalogue] of Object.entries(TEXT_CATALOGUES)) {
    describe(language, () => {
      it('translates every text, with the same placeholders', () => {
        const missing = texts.filter((entry) => catalogue[entry.text] === undefined);
        expect(missing.map((entry) => `${entry.text}  (${entry.files.join(', ')})`)).toEqual([]);
        const wrongPlaceholders = Object.entries(catalogue).filter(
          ([key, translation]) => placeholdersOf(key).join() !== placeholdersOf(translation).join(),
        );
        expect(wrongPlaceholders).toEqual([]);
      });

      it('holds no text the server no longer has, and no English left untranslated', () => {
        expect(Object.keys(catalogue).filter((key) => !english.has(key))).toEqual([]);
        // A text may equal its English one only when it is a number, an example or a format.
        const same = Object.entries(catalogue).filter(
          ([key, translation]) => key === translation && /[a-z]{4,}/i.test(key.replace(PLACEHOLDER, '')),
        );
        expect(same.map(([key]) => key)).toEqual([]);
      });
    });
  }
});

describe('localizeText', () => {
  it('keeps English as it is, and passes an unknown text through', () => {
    expect(localizeText('Incorrect e-mail or password.', 'en')).toBe('Incorrect e-mail or password.');
    expect(localizeText('A text nobody wrote.', 'es')).toBe('A text nobody wrote.');
  });

  it('fills a template’s placeholders with the values of the English text', () => {
    const template = TEXT_CATALOGUES.ru['You can keep at most {MAX_PHONES} phones.'];
    expect(template).toContain('{MAX_PHONES}');
    expect(localizeText('You can keep at most 7 phones.', 'ru')).toBe(template?.replace('{MAX_PHONES}', '7'));
  });

  it('translates a reply’s description and field messages, and leaves other payloads alone', () => {
    const body = {
      responseCode: 'VF',
      responseDescription: 'Please check the highlighted fields.',
      validationErrors: [{ field: 'amount', message: 'The amount must be greater than zero.' }],
    };
    expect(localizeReplyBody(body, 'pt')).toEqual({
      responseCode: 'VF',
      responseDescription: TEXT_CATALOGUES.pt['Please check the highlighted fields.'],
      validationErrors: [{ field: 'amount', message: TEXT_CATALOGUES.pt['The amount must be greater than zero.'] }],
    });
    const list = [{ name: 'Please check the highlighted fields.' }];
    expect(localizeReplyBody(list, 'pt')).toBe(list);
  });
});

describe('replies in the request’s language', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ seed: true });
  });

  afterAll(async () => {
    await app.close();
  });

  const wrongPassword = (headers: Record<string, string>) =>
    app.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers,
      payload: {
        client: 'web',
        username: DEMO_USERS.kyc,
        password: `${DEMO_PASSWORD}x`,
        codeChallenge: TEST_CODE_CHALLENGE,
      },
    });

  it('answers in the language of Accept-Language, Ukrainian as uk too, and English otherwise', async () => {
    for (const language of LANGUAGES) {
      const response = await wrongPassword({ 'accept-language': language === 'ua' ? 'uk-UA,uk;q=0.9' : language });
      expect(response.json()).toEqual({
        responseCode: 'AU',
        responseDescription: localizeText('Incorrect e-mail or password.', language),
      });
    }
    expect((await wrongPassword({ 'accept-language': 'de-DE' })).json()).toMatchObject({
      responseDescription: 'Incorrect e-mail or password.',
    });
    expect(localizeText('Incorrect e-mail or password.', 'ro')).not.toBe('Incorrect e-mail or password.');
  });

  it('writes the validation library’s own messages in the language too', async () => {
    const bad = (language: string) =>
      app.app.inject({ method: 'POST', url: '/auth/login', headers: { 'accept-language': language }, payload: {} });
    const inEnglish = (await bad('en')).json<{ validationErrors: { field: string; message: string }[] }>();
    const inSpanish = (await bad('es')).json<{ validationErrors: { field: string; message: string }[] }>();
    expect(inSpanish.validationErrors.map((error) => error.field)).toEqual(
      inEnglish.validationErrors.map((error) => error.field),
    );
    expect(inSpanish.validationErrors[0]?.message).not.toBe(inEnglish.validationErrors[0]?.message);
    expect(inSpanish.validationErrors[0]?.message).toMatch(/inválid|esperaba/i);
  });

  it('writes them in the language for a main-API method’s input too, and for concurrent calls each its own', async () => {
    const bad = (language: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api?method=personalRegistrationCreate',
        headers: { 'accept-language': language },
        payload: { method: 'personalRegistrationCreate', email: 5, password: [] },
      });
    type Invalid = { responseCode: string; validationErrors: { field: string; message: string }[] };
    const [inEnglish, inSpanish, inRussian] = (await Promise.all([bad('en'), bad('es'), bad('ru')])).map((response) =>
      response.json<Invalid>(),
    );
    const emailMessage = (answer: Invalid | undefined) =>
      answer?.validationErrors.find((error) => error.field === 'email')?.message;
    expect(inEnglish?.responseCode).toBe('VF');
    expect(inSpanish?.validationErrors.map((error) => error.field)).toEqual(
      inEnglish?.validationErrors.map((error) => error.field),
    );
    expect(emailMessage(inEnglish)).toMatch(/expected string/i);
    expect(emailMessage(inSpanish)).toMatch(/inválid|esperaba/i);
    expect(emailMessage(inRussian)).toMatch(/[а-я]/i);
  });

  it('lets the main API’s lang field win over the header, values kept in a template', async () => {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api?method=noSuchMethod',
      headers: { 'accept-language': 'es' },
      payload: { method: 'noSuchMethod', lang: 'ru' },
    });
    const description = response.json<{ responseDescription: string }>().responseDescription;
    expect(description).toBe(localizeText('Unknown method noSuchMethod.', 'ru'));
    expect(description).toContain('noSuchMethod');
    expect(description).not.toContain('Unknown method');
  });
});
