import type { Language } from '@app/shared/constants';

/**
 * The words of the history's documents in the customer's language: the CSV export's header row and
 * the e-mail announcing a ready export. Column keys stay as they are: only what a person reads is
 * translated.
 */

export type CsvColumnKey =
  | 'date'
  | 'accountId'
  | 'currency'
  | 'amount'
  | 'type'
  | 'description'
  | 'counterparty'
  | 'counterpartyEmail'
  | 'status'
  | 'reference'
  | 'note'
  | 'fee'
  | 'transferId'
  | 'id';

export interface ExportMailFacts {
  brandName: string;
  rows: number;
  /** YYYY-MM-DD */
  expiresOn: string;
  link: string;
}

export interface HistoryTexts {
  csvHeaders: Record<CsvColumnKey, string>;
  exportMail: (facts: ExportMailFacts) => { subject: string; text: string };
}

/** The plural category of `count` in the language (one / few / many / other). */
function pluralOf(locale: string, count: number): Intl.LDMLPluralRule {
  return new Intl.PluralRules(locale).select(count);
}

const en: HistoryTexts = {
  csvHeaders: {
    date: 'Date (UTC)',
    accountId: 'Account',
    currency: 'Currency',
    amount: 'Amount',
    type: 'Type',
    description: 'Description',
    counterparty: 'Counterparty',
    counterpartyEmail: 'Counterparty e-mail',
    status: 'Status',
    reference: 'Reference',
    note: 'Note',
    fee: 'Fee',
    transferId: 'Transfer ID',
    id: 'Item ID',
  },
  exportMail: ({ brandName, rows, expiresOn, link }) => ({
    subject: `${brandName}: your transaction history export is ready`,
    text: [
      `Your export of ${rows} ${pluralOf('en', rows) === 'one' ? 'transaction' : 'transactions'} is ready to download until ${expiresOn}.`,
      '',
      `Sign in and open it here: ${link}`,
      '',
      'For your security the file is not attached: it can be downloaded only after signing in.',
    ].join('\n'),
  }),
};

const es: HistoryTexts = {
  csvHeaders: {
    date: 'Fecha (UTC)',
    accountId: 'Cuenta',
    currency: 'Moneda',
    amount: 'Importe',
    type: 'Tipo',
    description: 'Concepto',
    counterparty: 'Contraparte',
    counterpartyEmail: 'Correo electrónico de la contraparte',
    status: 'Estado',
    reference: 'Referencia',
    note: 'Nota',
    fee: 'Comisión',
    transferId: 'ID de la transferencia',
    id: 'ID del movimiento',
  },
  exportMail: ({ brandName, rows, expiresOn, link }) => ({
    subject: `${brandName}: su exportación del historial de transacciones está lista`,
    text: [
      `Su exportación de ${rows} ${pluralOf('es', rows) === 'one' ? 'transacción' : 'transacciones'} se puede descargar hasta el ${expiresOn}.`,
      '',
      `Inicie sesión y ábrala aquí: ${link}`,
      '',
      'Por su seguridad, el archivo no va adjunto: solo se puede descargar después de iniciar sesión.',
    ].join('\n'),
  }),
};

const ro: HistoryTexts = {
  csvHeaders: {
    date: 'Data (UTC)',
    accountId: 'Cont',
    currency: 'Moneda',
    amount: 'Suma',
    type: 'Tip',
    description: 'Descriere',
    counterparty: 'Contrapartidă',
    counterpartyEmail: 'E-mailul contrapartidei',
    status: 'Stare',
    reference: 'Referință',
    note: 'Notă',
    fee: 'Comision',
    transferId: 'ID transfer',
    id: 'ID înregistrare',
  },
  exportMail: ({ brandName, rows, expiresOn, link }) => {
    const category = pluralOf('ro', rows);
    const noun = category === 'one' ? 'tranzacție' : category === 'few' ? 'tranzacții' : 'de tranzacții';
    return {
      subject: `${brandName}: exportul istoricului tranzacțiilor este gata`,
      text: [
        `Exportul dvs. cu ${rows} ${noun} poate fi descărcat până la ${expiresOn}.`,
        '',
        `Autentificați-vă și deschideți-l aici: ${link}`,
        '',
        'Pentru siguranța dvs., fișierul nu este atașat: poate fi descărcat doar după autentificare.',
      ].join('\n'),
    };
  },
};

const ru: HistoryTexts = {
  csvHeaders: {
    date: 'Дата (UTC)',
    accountId: 'Счёт',
    currency: 'Валюта',
    amount: 'Сумма',
    type: 'Тип',
    description: 'Описание',
    counterparty: 'Контрагент',
    counterpartyEmail: 'E-mail контрагента',
    status: 'Статус',
    reference: 'Референс',
    note: 'Примечание',
    fee: 'Комиссия',
    transferId: 'ID перевода',
    id: 'ID записи',
  },
  exportMail: ({ brandName, rows, expiresOn, link }) => {
    const category = pluralOf('ru', rows);
    const noun = category === 'one' ? 'операции' : 'операций';
    return {
      subject: `${brandName}: выгрузка истории операций готова`,
      text: [
        `Выгрузку из ${rows} ${noun} можно скачать до ${expiresOn}.`,
        '',
        `Войдите и откройте её здесь: ${link}`,
        '',
        'В целях безопасности файл не приложен: скачать его можно только после входа.',
      ].join('\n'),
    };
  },
};

const ua: HistoryTexts = {
  csvHeaders: {
    date: 'Дата (UTC)',
    accountId: 'Рахунок',
    currency: 'Валюта',
    amount: 'Сума',
    type: 'Тип',
    description: 'Опис',
    counterparty: 'Контрагент',
    counterpartyEmail: 'E-mail контрагента',
    status: 'Статус',
    reference: 'Референс',
    note: 'Примітка',
    fee: 'Комісія',
    transferId: 'ID переказу',
    id: 'ID запису',
  },
  exportMail: ({ brandName, rows, expiresOn, link }) => {
    const category = pluralOf('uk', rows);
    const noun = category === 'one' ? 'операції' : 'операцій';
    return {
      subject: `${brandName}: вивантаження історії операцій готове`,
      text: [
        `Вивантаження з ${rows} ${noun} можна завантажити до ${expiresOn}.`,
        '',
        `Увійдіть і відкрийте його тут: ${link}`,
        '',
        'З міркувань безпеки файл не додано: завантажити його можна лише після входу.',
      ].join('\n'),
    };
  },
};

const pt: HistoryTexts = {
  csvHeaders: {
    date: 'Data (UTC)',
    accountId: 'Conta',
    currency: 'Moeda',
    amount: 'Montante',
    type: 'Tipo',
    description: 'Descrição',
    counterparty: 'Contraparte',
    counterpartyEmail: 'E-mail da contraparte',
    status: 'Estado',
    reference: 'Referência',
    note: 'Nota',
    fee: 'Comissão',
    transferId: 'ID da transferência',
    id: 'ID do movimento',
  },
  exportMail: ({ brandName, rows, expiresOn, link }) => ({
    subject: `${brandName}: a exportação do seu histórico de transações está pronta`,
    text: [
      `A sua exportação de ${rows} ${pluralOf('pt-PT', rows) === 'one' ? 'transação' : 'transações'} pode ser descarregada até ${expiresOn}.`,
      '',
      `Inicie sessão e abra-a aqui: ${link}`,
      '',
      'Para sua segurança, o ficheiro não vai em anexo: só pode ser descarregado depois de iniciar sessão.',
    ].join('\n'),
  }),
};

const HISTORY_TEXTS: Record<Language, HistoryTexts> = { en, es, ro, ru, ua, pt };

export function historyTextsOf(language: Language): HistoryTexts {
  return HISTORY_TEXTS[language];
}
