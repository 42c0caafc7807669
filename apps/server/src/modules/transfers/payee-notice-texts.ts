import type { Language } from '@app/shared/constants';

/**
 * The words of the e-mail telling a payee that money arrived (transfers.jobs.ts `notifyPayee`), in
 * the payee's language. The amount, the transfer number, the note and the reference appear as
 * they are.
 */

export interface PayeeNoticeFacts {
  brand: string;
  /** "40.00 USD" */
  amount: string;
  currency: string;
  /** The payer's e-mail; null when the transfer does not name one. */
  from: string | null;
  transferId: number;
}

export interface PayeeNoticeTexts {
  subject: (facts: PayeeNoticeFacts) => string;
  received: (facts: PayeeNoticeFacts) => string;
  note: (note: string) => string;
  reference: (reference: string) => string;
  closing: (facts: PayeeNoticeFacts) => string;
}

const en: PayeeNoticeTexts = {
  subject: ({ amount, brand }) => `You received ${amount} on ${brand}`,
  received: ({ from, amount, currency }) =>
    `${from ?? 'Another customer'} sent you ${amount}. It is in your ${currency} account now.`,
  note: (note) => `Note: ${note}`,
  reference: (reference) => `Reference: ${reference}`,
  closing: ({ transferId, brand }) => `Transfer number: ${transferId}. Sign in to ${brand} to see it in your history.`,
};

const es: PayeeNoticeTexts = {
  subject: ({ amount, brand }) => `Has recibido ${amount} en ${brand}`,
  received: ({ from, amount, currency }) =>
    `${from ?? 'Otro cliente'} te ha enviado ${amount}. Ya está en tu cuenta en ${currency}.`,
  note: (note) => `Nota: ${note}`,
  reference: (reference) => `Referencia: ${reference}`,
  closing: ({ transferId, brand }) =>
    `Número de transferencia: ${transferId}. Inicia sesión en ${brand} para verla en tu historial.`,
};

const pt: PayeeNoticeTexts = {
  subject: ({ amount, brand }) => `${brand}: recebeu ${amount}`,
  received: ({ from, amount, currency }) =>
    `${from ?? 'Outro cliente'} enviou-lhe ${amount}. O valor já está na sua conta em ${currency}.`,
  note: (note) => `Nota: ${note}`,
  reference: (reference) => `Referência: ${reference}`,
  closing: ({ transferId, brand }) =>
    `Número da transferência: ${transferId}. Inicie sessão em ${brand} para a ver no seu histórico.`,
};

const ro: PayeeNoticeTexts = {
  subject: ({ amount, brand }) => `Ai primit ${amount} în ${brand}`,
  received: ({ from, amount, currency }) =>
    `${from ?? 'Un alt client'} ți-a trimis ${amount}. Suma este acum în contul tău în ${currency}.`,
  note: (note) => `Notă: ${note}`,
  reference: (reference) => `Referință: ${reference}`,
  closing: ({ transferId, brand }) =>
    `Numărul transferului: ${transferId}. Autentifică-te în ${brand} ca să îl vezi în istoric.`,
};

const ru: PayeeNoticeTexts = {
  subject: ({ amount, brand }) => `Вы получили ${amount} в ${brand}`,
  received: ({ from, amount, currency }) =>
    `Вам поступил перевод ${amount} от ${from ?? 'другого клиента'}. Деньги уже на вашем счёте в ${currency}.`,
  note: (note) => `Сообщение: ${note}`,
  reference: (reference) => `Назначение: ${reference}`,
  closing: ({ transferId, brand }) =>
    `Номер перевода: ${transferId}. Войдите в ${brand}, чтобы увидеть его в истории операций.`,
};

const ua: PayeeNoticeTexts = {
  subject: ({ amount, brand }) => `Ви отримали ${amount} у ${brand}`,
  received: ({ from, amount, currency }) =>
    `Вам надійшов переказ ${amount} від ${from ?? 'іншого клієнта'}. Гроші вже на вашому рахунку в ${currency}.`,
  note: (note) => `Повідомлення: ${note}`,
  reference: (reference) => `Призначення: ${reference}`,
  closing: ({ transferId, brand }) =>
    `Номер переказу: ${transferId}. Увійдіть у ${brand}, щоб побачити його в історії операцій.`,
};

const PAYEE_NOTICE_TEXTS: Record<Language, PayeeNoticeTexts> = { en, es, pt, ro, ru, ua };

export function payeeNoticeTextsIn(language: Language): PayeeNoticeTexts {
  return PAYEE_NOTICE_TEXTS[language];
}
