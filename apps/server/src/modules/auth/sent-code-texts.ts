import type { Language } from '@app/shared/constants';
import type { VerificationPurpose } from '../../db/schema/auth';

/**
 * The words of the six-digit codes we send by SMS and e-mail (sent-codes.ts), in the language of
 * the request that asked for them. The code and its `#identifier` stay in every language: the
 * screen that waits for the code names the identifier, and the tests read both.
 */

const PLURAL_LOCALES: Record<Language, string> = { en: 'en', es: 'es', pt: 'pt-PT', ro: 'ro', ru: 'ru', ua: 'uk' };

/** The word for minutes after a number, in the accusative where the language has one ("5 минут"). */
const MINUTE_WORDS: Record<Language, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }> = {
  en: { one: 'minute', other: 'minutes' },
  es: { one: 'minuto', other: 'minutos' },
  pt: { one: 'minuto', other: 'minutos' },
  ro: { one: 'minut', few: 'minute', other: 'de minute' },
  ru: { one: 'минуту', few: 'минуты', many: 'минут', other: 'минуты' },
  ua: { one: 'хвилину', few: 'хвилини', many: 'хвилин', other: 'хвилини' },
};

/** "5 minutes", "20 de minute", "5 минут": a number of minutes as a sentence of the language needs it. */
export function minutesIn(language: Language, minutes: number): string {
  const words = MINUTE_WORDS[language];
  const rule = new Intl.PluralRules(PLURAL_LOCALES[language]).select(minutes);
  return `${minutes} ${words[rule] ?? words.other}`;
}

export interface SentCodeFacts {
  brand: string;
  code: string;
  identifier: string;
  purpose: VerificationPurpose;
  minutes: number;
}

export interface SentCodeTexts {
  /** The SMS, and the first paragraph of the e-mail. */
  message: (facts: SentCodeFacts) => string;
  subject: (facts: Pick<SentCodeFacts, 'brand' | 'purpose' | 'identifier'>) => string;
  /** The e-mail's closing line. */
  notYou: string;
}

const EN_PURPOSES: Record<VerificationPurpose, string> = {
  signIn: 'sign-in',
  deviceApproval: 'new device approval',
  factorChange: 'two-step verification change',
  passwordChange: 'password change',
};

const en: SentCodeTexts = {
  message: ({ brand, code, identifier, purpose, minutes }) =>
    `${brand}: ${code} is your ${EN_PURPOSES[purpose]} code (#${identifier}). ` +
    `It expires in ${minutesIn('en', minutes)}. Never share it with anyone, not even with us.`,
  subject: ({ brand, purpose, identifier }) => `Your ${brand} ${EN_PURPOSES[purpose]} code #${identifier}`,
  notYou: 'If this was not you, change your password and contact support.',
};

const ES_PURPOSES: Record<VerificationPurpose, string> = {
  signIn: 'inicio de sesión',
  deviceApproval: 'aprobación de un nuevo dispositivo',
  factorChange: 'cambio de la verificación en dos pasos',
  passwordChange: 'cambio de contraseña',
};

const es: SentCodeTexts = {
  message: ({ brand, code, identifier, purpose, minutes }) =>
    `${brand}: ${code} es tu código de ${ES_PURPOSES[purpose]} (#${identifier}). ` +
    `Caduca en ${minutesIn('es', minutes)}. No lo compartas con nadie, ni siquiera con nosotros.`,
  subject: ({ brand, purpose, identifier }) => `Tu código de ${ES_PURPOSES[purpose]} de ${brand} #${identifier}`,
  notYou: 'Si no has sido tú, cambia tu contraseña y contacta con el servicio de atención al cliente.',
};

const PT_PURPOSES: Record<VerificationPurpose, string> = {
  signIn: 'início de sessão',
  deviceApproval: 'aprovação de um novo dispositivo',
  factorChange: 'alteração da verificação em dois passos',
  passwordChange: 'alteração da palavra-passe',
};

const pt: SentCodeTexts = {
  message: ({ brand, code, identifier, purpose, minutes }) =>
    `${brand}: ${code} é o seu código de ${PT_PURPOSES[purpose]} (#${identifier}). ` +
    `Expira dentro de ${minutesIn('pt', minutes)}. Nunca o partilhe com ninguém, nem mesmo connosco.`,
  subject: ({ brand, purpose, identifier }) => `O seu código ${brand} de ${PT_PURPOSES[purpose]} #${identifier}`,
  notYou: 'Se não foi você, altere a sua palavra-passe e contacte o apoio ao cliente.',
};

const RO_PURPOSES: Record<VerificationPurpose, string> = {
  signIn: 'autentificare',
  deviceApproval: 'aprobarea unui dispozitiv nou',
  factorChange: 'schimbarea verificării în doi pași',
  passwordChange: 'schimbarea parolei',
};

const ro: SentCodeTexts = {
  message: ({ brand, code, identifier, purpose, minutes }) =>
    `${brand}: ${code} este codul tău pentru ${RO_PURPOSES[purpose]} (#${identifier}). ` +
    `Expiră în ${minutesIn('ro', minutes)}. Nu îl comunica nimănui, nici măcar nouă.`,
  subject: ({ brand, purpose, identifier }) => `Codul tău ${brand} pentru ${RO_PURPOSES[purpose]} #${identifier}`,
  notYou: 'Dacă nu ai fost tu, schimbă-ți parola și contactează asistența.',
};

/** In the genitive: "код для входа". */
const RU_PURPOSES: Record<VerificationPurpose, string> = {
  signIn: 'входа',
  deviceApproval: 'подтверждения нового устройства',
  factorChange: 'изменения двухэтапной проверки',
  passwordChange: 'смены пароля',
};

const ru: SentCodeTexts = {
  message: ({ brand, code, identifier, purpose, minutes }) =>
    `${brand}: ${code} — ваш код для ${RU_PURPOSES[purpose]} (#${identifier}). ` +
    `Код действует ${minutesIn('ru', minutes)}. Никому его не сообщайте, даже нам.`,
  subject: ({ brand, purpose, identifier }) => `Ваш код ${brand} для ${RU_PURPOSES[purpose]} #${identifier}`,
  notYou: 'Если это были не вы, смените пароль и свяжитесь со службой поддержки.',
};

/** In the genitive: "код для входу". */
const UA_PURPOSES: Record<VerificationPurpose, string> = {
  signIn: 'входу',
  deviceApproval: 'підтвердження нового пристрою',
  factorChange: 'зміни двоетапної перевірки',
  passwordChange: 'зміни пароля',
};

const ua: SentCodeTexts = {
  message: ({ brand, code, identifier, purpose, minutes }) =>
    `${brand}: ${code} — ваш код для ${UA_PURPOSES[purpose]} (#${identifier}). ` +
    `Код діє ${minutesIn('ua', minutes)}. Нікому його не повідомляйте, навіть нам.`,
  subject: ({ brand, purpose, identifier }) => `Ваш код ${brand} для ${UA_PURPOSES[purpose]} #${identifier}`,
  notYou: 'Якщо це були не ви, змініть пароль і зверніться до служби підтримки.',
};

const SENT_CODE_TEXTS: Record<Language, SentCodeTexts> = { en, es, pt, ro, ru, ua };

export function sentCodeTextsIn(language: Language): SentCodeTexts {
  return SENT_CODE_TEXTS[language];
}
