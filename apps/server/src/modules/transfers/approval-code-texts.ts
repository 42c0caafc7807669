import type { Language } from '@app/shared/constants';
import { minutesIn } from '../auth/auth.service';

/**
 * The words of a transfer's approval code (approval-challenges.ts `deliverCode`), in the language of
 * the request that made or re-sent it. The message names the amount and the payee (dynamic
 * linking, PSD2 RTS art. 5); both, and the code, appear unchanged in every language.
 */

/** Whom the money goes to: another customer's e-mail, or one of the payer's own accounts. */
export type Payee = { email: string } | { ownAccountId: number };

export interface ApprovalCodeFacts {
  brand: string;
  code: string;
  /** "20.10 USD" */
  amount: string;
  payee: Payee;
  minutes: number;
}

export interface ApprovalCodeTexts {
  /** The SMS, and the first paragraph of the e-mail. */
  message: (facts: ApprovalCodeFacts) => string;
  subject: (facts: Pick<ApprovalCodeFacts, 'brand' | 'amount'>) => string;
  /** The e-mail's closing line. */
  notYou: string;
}

function payeeIn(payee: Payee, ownAccount: (accountId: number) => string): string {
  return 'email' in payee ? payee.email : ownAccount(payee.ownAccountId);
}

const en: ApprovalCodeTexts = {
  message: ({ brand, code, amount, payee, minutes }) =>
    `${brand}: ${code} approves your transfer of ${amount} to ${payeeIn(payee, (id) => `own account #${id}`)}. ` +
    `It expires in ${minutesIn('en', minutes)}. Never share it with anyone, not even with us.`,
  subject: ({ brand, amount }) => `Approve your ${brand} transfer of ${amount}`,
  notYou: 'If you did not ask for this transfer, do not use the code: change your password and contact support.',
};

const es: ApprovalCodeTexts = {
  message: ({ brand, code, amount, payee, minutes }) =>
    `${brand}: ${code} aprueba tu transferencia de ${amount} a ${payeeIn(payee, (id) => `tu cuenta n.º ${id}`)}. ` +
    `Caduca en ${minutesIn('es', minutes)}. No lo compartas con nadie, ni siquiera con nosotros.`,
  subject: ({ brand, amount }) => `${brand}: aprueba tu transferencia de ${amount}`,
  notYou:
    'Si no has pedido esta transferencia, no uses el código: cambia tu contraseña y contacta con el servicio de atención al cliente.',
};

const pt: ApprovalCodeTexts = {
  message: ({ brand, code, amount, payee, minutes }) =>
    `${brand}: ${code} aprova a sua transferência de ${amount} para ${payeeIn(payee, (id) => `a sua conta n.º ${id}`)}. ` +
    `Expira dentro de ${minutesIn('pt', minutes)}. Nunca o partilhe com ninguém, nem mesmo connosco.`,
  subject: ({ brand, amount }) => `${brand}: aprove a sua transferência de ${amount}`,
  notYou:
    'Se não pediu esta transferência, não use o código: altere a sua palavra-passe e contacte o apoio ao cliente.',
};

const ro: ApprovalCodeTexts = {
  message: ({ brand, code, amount, payee, minutes }) =>
    `${brand}: ${code} aprobă transferul tău de ${amount} către ${payeeIn(payee, (id) => `contul tău nr. ${id}`)}. ` +
    `Expiră în ${minutesIn('ro', minutes)}. Nu îl comunica nimănui, nici măcar nouă.`,
  subject: ({ brand, amount }) => `${brand}: aprobă transferul tău de ${amount}`,
  notYou: 'Dacă nu ai cerut acest transfer, nu folosi codul: schimbă-ți parola și contactează asistența.',
};

const ru: ApprovalCodeTexts = {
  message: ({ brand, code, amount, payee, minutes }) =>
    `${brand}: ${code} — код подтверждения перевода ${amount}, получатель: ${payeeIn(payee, (id) => `ваш счёт № ${id}`)}. ` +
    `Код действует ${minutesIn('ru', minutes)}. Никому его не сообщайте, даже нам.`,
  subject: ({ brand, amount }) => `${brand}: подтвердите перевод ${amount}`,
  notYou: 'Если вы не запрашивали этот перевод, не используйте код: смените пароль и свяжитесь со службой поддержки.',
};

const ua: ApprovalCodeTexts = {
  message: ({ brand, code, amount, payee, minutes }) =>
    `${brand}: ${code} — код підтвердження переказу ${amount}, отримувач: ${payeeIn(payee, (id) => `ваш рахунок № ${id}`)}. ` +
    `Код діє ${minutesIn('ua', minutes)}. Нікому його не повідомляйте, навіть нам.`,
  subject: ({ brand, amount }) => `${brand}: підтвердьте переказ ${amount}`,
  notYou: 'Якщо ви не запитували цей переказ, не використовуйте код: змініть пароль і зверніться до служби підтримки.',
};

const APPROVAL_CODE_TEXTS: Record<Language, ApprovalCodeTexts> = { en, es, pt, ro, ru, ua };

export function approvalCodeTextsIn(language: Language): ApprovalCodeTexts {
  return APPROVAL_CODE_TEXTS[language];
}
