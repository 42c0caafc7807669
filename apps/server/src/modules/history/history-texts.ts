import type { HistoryItemStatus, TransactionType } from '@app/shared/api/history';
import type { Language } from '@app/shared/constants';

/**
 * The words of the history's documents in the customer's language: the CSV export's header row,
 * its type and status cells, and the e-mail announcing a ready export. Column keys stay as they
 * are: only what a person reads is translated. Type and status names are the web app's
 * (locales/<language>/history.json `types`, `statuses`), so the file says what the screen says.
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
  typeNames: Record<TransactionType, string>;
  statusNames: Record<HistoryItemStatus, string>;
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
  // The English file keeps the API's type names and the status codes it has always had:
  // spreadsheets and scripts built on it match these values.
  // The web's words (locales/en/history.json), so the file reads as the screen does.
  typeNames: {
    incomingBank: 'Bank transfer in',
    ownAccounts: 'Between your accounts',
    p2p: 'Transfer with a customer',
    wire: 'Wire transfer',
    eft: 'EFT transfer',
    oct: 'Card payout',
    cryptoEft: 'Crypto transfer',
    instantPayment: 'Instant payment',
    massPayout: 'Mass payout',
    globalPayout: 'Global payout',
    card: 'Card payment',
    invoice: 'Invoice',
    exchange: 'Currency exchange',
    fee: 'Fee',
    reversal: 'Reversal',
    other: 'Other',
  },
  statusNames: { completed: 'Completed', processing: 'Processing', rejected: 'Rejected' },
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
  typeNames: {
    incomingBank: 'Transferencia bancaria recibida',
    ownAccounts: 'Entre sus cuentas',
    p2p: 'Transferencia con un cliente',
    wire: 'Transferencia internacional',
    eft: 'Transferencia EFT',
    oct: 'Pago a tarjeta',
    cryptoEft: 'Transferencia de criptomonedas',
    instantPayment: 'Pago inmediato',
    massPayout: 'Pago masivo',
    globalPayout: 'Pago global',
    card: 'Pago con tarjeta',
    invoice: 'Factura',
    exchange: 'Cambio de divisa',
    fee: 'Comisión',
    reversal: 'Anulación',
    other: 'Otros',
  },
  statusNames: { completed: 'Completada', processing: 'En proceso', rejected: 'Rechazada' },
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
  typeNames: {
    incomingBank: 'Transfer bancar primit',
    ownAccounts: 'Între conturile dvs.',
    p2p: 'Transfer cu un client',
    wire: 'Transfer internațional',
    eft: 'Transfer EFT',
    oct: 'Plată pe card',
    cryptoEft: 'Transfer de criptomonede',
    instantPayment: 'Plată instant',
    massPayout: 'Plată în masă',
    globalPayout: 'Plată globală',
    card: 'Plată cu cardul',
    invoice: 'Factură',
    exchange: 'Schimb valutar',
    fee: 'Comision',
    reversal: 'Stornare',
    other: 'Altele',
  },
  statusNames: { completed: 'Finalizată', processing: 'În procesare', rejected: 'Respinsă' },
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
  typeNames: {
    incomingBank: 'Входящий банковский перевод',
    ownAccounts: 'Между вашими счетами',
    p2p: 'Перевод с клиентом',
    wire: 'Международный перевод',
    eft: 'Перевод EFT',
    oct: 'Выплата на карту',
    cryptoEft: 'Криптоперевод',
    instantPayment: 'Мгновенный платёж',
    massPayout: 'Массовая выплата',
    globalPayout: 'Глобальная выплата',
    card: 'Оплата картой',
    invoice: 'Счёт на оплату',
    exchange: 'Обмен валюты',
    fee: 'Комиссия',
    reversal: 'Сторно',
    other: 'Другое',
  },
  statusNames: { completed: 'Выполнена', processing: 'В обработке', rejected: 'Отклонена' },
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
  typeNames: {
    incomingBank: 'Вхідний банківський переказ',
    ownAccounts: 'Між вашими рахунками',
    p2p: 'Переказ із клієнтом',
    wire: 'Міжнародний переказ',
    eft: 'Переказ EFT',
    oct: 'Виплата на картку',
    cryptoEft: 'Криптопереказ',
    instantPayment: 'Миттєвий платіж',
    massPayout: 'Масова виплата',
    globalPayout: 'Глобальна виплата',
    card: 'Оплата карткою',
    invoice: 'Рахунок на оплату',
    exchange: 'Обмін валюти',
    fee: 'Комісія',
    reversal: 'Сторно',
    other: 'Інше',
  },
  statusNames: { completed: 'Виконано', processing: 'В обробці', rejected: 'Відхилено' },
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
  typeNames: {
    incomingBank: 'Transferência bancária recebida',
    ownAccounts: 'Entre as suas contas',
    p2p: 'Transferência com um cliente',
    wire: 'Transferência internacional',
    eft: 'Transferência EFT',
    oct: 'Pagamento para cartão',
    cryptoEft: 'Transferência de criptomoedas',
    instantPayment: 'Pagamento imediato',
    massPayout: 'Pagamento em massa',
    globalPayout: 'Pagamento global',
    card: 'Pagamento com cartão',
    invoice: 'Fatura',
    exchange: 'Câmbio',
    fee: 'Comissão',
    reversal: 'Estorno',
    other: 'Outros',
  },
  statusNames: { completed: 'Concluída', processing: 'Em processamento', rejected: 'Rejeitada' },
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
