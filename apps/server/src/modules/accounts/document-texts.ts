import { AccountType, accountTypeNameOf } from '@app/shared/accounts';
import { isLanguage, type Language } from '@app/shared/constants';
import { formatDocumentDate } from '../../platform/document-date';

/**
 * The words of the documents the accounts domain issues — the account-confirmation letter, the
 * monthly statement and the chrome of every branded PDF — in the customer's language (DESIGN.md
 * §7). The language is the one the request asks for: `?lang=` or its Accept-Language, as the web
 * client sends with every download (`documentLanguageOf`).
 */

export interface PdfChromeTexts {
  page: (pageNumber: number) => string;
}

export interface LetterTexts {
  title: string;
  subject: (accountId: number, issuerName: string) => string;
  salutation: string;
  confirmation: (holderName: string, issuerName: string) => string;
  holder: string;
  accountNumber: string;
  accountType: string;
  currency: string;
  openedOn: string;
  status: string;
  active: string;
  paymentDetails: string;
  sandboxNote: string;
  noBalanceNote: string;
  closing: string;
  customerServices: string;
  funding: {
    beneficiary: string;
    iban: string;
    bic: string;
    sortCode: string;
    routingNumber: string;
    institutionNumber: string;
    transitNumber: string;
    bsb: string;
    accountNumber: string;
    reference: string;
    bank: string;
  };
}

export interface StatementTexts {
  title: (month: string) => string;
  heading: (month: string) => string;
  subject: (accountId: number, month: string) => string;
  holder: string;
  accountNumber: string;
  accountType: string;
  currency: string;
  period: string;
  toDate: string;
  openingBalance: string;
  moneyIn: string;
  moneyOut: string;
  closingBalance: string;
  columns: { date: string; description: string; moneyOut: string; moneyIn: string; balance: string };
  truncated: (lines: number) => string;
  noMovements: string;
}

export interface DocumentTexts {
  language: Language;
  /** The locale dates and month names are written in. */
  locale: string;
  accountTypes: Record<AccountType, string>;
  pdf: PdfChromeTexts;
  letter: LetterTexts;
  statement: StatementTexts;
}

const en: DocumentTexts = {
  language: 'en',
  locale: 'en-GB',
  accountTypes: {
    [AccountType.PAYMENT]: 'Payment account',
    [AccountType.PREPAYMENT]: 'Prepayment account',
    [AccountType.RECEIVING]: 'Receiving account',
  },
  pdf: { page: (n) => `Page ${n}` },
  letter: {
    title: 'Account confirmation letter',
    subject: (id, issuer) => `Confirmation of account ${id} held with ${issuer}`,
    salutation: 'To whom it may concern,',
    confirmation: (holder, issuer) =>
      `We confirm that ${holder} holds the account below with ${issuer}, and that it is open at the date of this letter.`,
    holder: 'Account holder',
    accountNumber: 'Account number',
    accountType: 'Account type',
    currency: 'Currency',
    openedOn: 'Opened on',
    status: 'Status',
    active: 'Active',
    paymentDetails: 'Details for payments into this account',
    sandboxNote: 'Sandbox bank details: payments to them do not move real money.',
    noBalanceNote: 'This letter confirms that the account exists and is open. It does not state the balance.',
    closing: 'Yours faithfully,',
    customerServices: 'Customer Services',
    funding: {
      beneficiary: 'Beneficiary',
      iban: 'IBAN',
      bic: 'BIC / SWIFT',
      sortCode: 'Sort code',
      routingNumber: 'Routing number (ABA)',
      institutionNumber: 'Institution number',
      transitNumber: 'Transit number',
      bsb: 'BSB',
      accountNumber: 'Account number',
      reference: 'Payment reference',
      bank: 'Bank',
    },
  },
  statement: {
    title: (month) => `Account statement ${month}`,
    heading: (month) => `Account statement — ${month}`,
    subject: (id, month) => `Statement of account ${id} for ${month}`,
    holder: 'Account holder',
    accountNumber: 'Account number',
    accountType: 'Account type',
    currency: 'Currency',
    period: 'Period',
    toDate: '(to date)',
    openingBalance: 'Opening balance',
    moneyIn: 'Money in',
    moneyOut: 'Money out',
    closingBalance: 'Closing balance',
    columns: {
      date: 'Date',
      description: 'Description',
      moneyOut: 'Money out',
      moneyIn: 'Money in',
      balance: 'Balance',
    },
    truncated: (lines) =>
      `This statement lists the first ${lines} movements of the month; the totals above cover all of them. ` +
      'Export the history as CSV for the complete list.',
    noMovements: 'No movements in this period.',
  },
};

const es: DocumentTexts = {
  language: 'es',
  locale: 'es-ES',
  accountTypes: {
    [AccountType.PAYMENT]: 'Cuenta de pagos',
    [AccountType.PREPAYMENT]: 'Cuenta de prepago',
    [AccountType.RECEIVING]: 'Cuenta de cobros',
  },
  pdf: { page: (n) => `Página ${n}` },
  letter: {
    title: 'Carta de confirmación de la cuenta',
    subject: (id, issuer) => `Confirmación de la cuenta ${id} abierta en ${issuer}`,
    salutation: 'A quien corresponda:',
    confirmation: (holder, issuer) =>
      `Confirmamos que ${holder} es titular de la cuenta indicada a continuación en ${issuer} y que está abierta en la fecha de esta carta.`,
    holder: 'Titular de la cuenta',
    accountNumber: 'Número de cuenta',
    accountType: 'Tipo de cuenta',
    currency: 'Moneda',
    openedOn: 'Fecha de apertura',
    status: 'Estado',
    active: 'Activa',
    paymentDetails: 'Datos para realizar pagos a esta cuenta',
    sandboxNote: 'Datos bancarios de prueba (sandbox): los pagos a ellos no mueven dinero real.',
    noBalanceNote: 'Esta carta confirma que la cuenta existe y está abierta. No indica el saldo.',
    closing: 'Atentamente,',
    customerServices: 'Atención al cliente',
    funding: {
      beneficiary: 'Beneficiario',
      iban: 'IBAN',
      bic: 'BIC / SWIFT',
      sortCode: 'Sort code',
      routingNumber: 'Número de ruta (ABA)',
      institutionNumber: 'Número de institución',
      transitNumber: 'Número de tránsito',
      bsb: 'BSB',
      accountNumber: 'Número de cuenta',
      reference: 'Referencia del pago',
      bank: 'Banco',
    },
  },
  statement: {
    title: (month) => `Extracto de cuenta ${month}`,
    heading: (month) => `Extracto de cuenta — ${month}`,
    subject: (id, month) => `Extracto de la cuenta ${id} de ${month}`,
    holder: 'Titular de la cuenta',
    accountNumber: 'Número de cuenta',
    accountType: 'Tipo de cuenta',
    currency: 'Moneda',
    period: 'Periodo',
    toDate: '(hasta hoy)',
    openingBalance: 'Saldo inicial',
    moneyIn: 'Entradas',
    moneyOut: 'Salidas',
    closingBalance: 'Saldo final',
    columns: { date: 'Fecha', description: 'Concepto', moneyOut: 'Salidas', moneyIn: 'Entradas', balance: 'Saldo' },
    truncated: (lines) =>
      `Este extracto muestra los primeros ${lines} movimientos del mes; los totales de arriba los incluyen todos. ` +
      'Exporte el historial en CSV para ver la lista completa.',
    noMovements: 'No hay movimientos en este periodo.',
  },
};

const ro: DocumentTexts = {
  language: 'ro',
  locale: 'ro-RO',
  accountTypes: {
    [AccountType.PAYMENT]: 'Cont de plăți',
    [AccountType.PREPAYMENT]: 'Cont preplătit',
    [AccountType.RECEIVING]: 'Cont de încasări',
  },
  pdf: { page: (n) => `Pagina ${n}` },
  letter: {
    title: 'Scrisoare de confirmare a contului',
    subject: (id, issuer) => `Confirmarea contului ${id} deschis la ${issuer}`,
    salutation: 'În atenția celor interesați,',
    confirmation: (holder, issuer) =>
      `Confirmăm că ${holder} este titularul contului de mai jos la ${issuer} și că acesta este deschis la data prezentei scrisori.`,
    holder: 'Titularul contului',
    accountNumber: 'Numărul contului',
    accountType: 'Tipul contului',
    currency: 'Moneda',
    openedOn: 'Data deschiderii',
    status: 'Stare',
    active: 'Activ',
    paymentDetails: 'Date pentru plăți în acest cont',
    sandboxNote: 'Date bancare de test (sandbox): plățile către ele nu mută bani reali.',
    noBalanceNote: 'Această scrisoare confirmă că acest cont există și este deschis. Nu menționează soldul.',
    closing: 'Cu stimă,',
    customerServices: 'Serviciul Clienți',
    funding: {
      beneficiary: 'Beneficiar',
      iban: 'IBAN',
      bic: 'BIC / SWIFT',
      sortCode: 'Sort code',
      routingNumber: 'Cod de rutare (ABA)',
      institutionNumber: 'Numărul instituției',
      transitNumber: 'Număr de tranzit',
      bsb: 'BSB',
      accountNumber: 'Numărul contului',
      reference: 'Referința plății',
      bank: 'Banca',
    },
  },
  statement: {
    title: (month) => `Extras de cont ${month}`,
    heading: (month) => `Extras de cont — ${month}`,
    subject: (id, month) => `Extrasul contului ${id} pentru ${month}`,
    holder: 'Titularul contului',
    accountNumber: 'Numărul contului',
    accountType: 'Tipul contului',
    currency: 'Moneda',
    period: 'Perioada',
    toDate: '(până azi)',
    openingBalance: 'Sold inițial',
    moneyIn: 'Intrări',
    moneyOut: 'Ieșiri',
    closingBalance: 'Sold final',
    columns: { date: 'Data', description: 'Descriere', moneyOut: 'Ieșiri', moneyIn: 'Intrări', balance: 'Sold' },
    truncated: (lines) =>
      `Acest extras listează primele ${lines} mișcări ale lunii; totalurile de mai sus le cuprind pe toate. ` +
      'Exportați istoricul în CSV pentru lista completă.',
    noMovements: 'Nicio mișcare în această perioadă.',
  },
};

const ru: DocumentTexts = {
  language: 'ru',
  locale: 'ru-RU',
  accountTypes: {
    [AccountType.PAYMENT]: 'Платёжный счёт',
    [AccountType.PREPAYMENT]: 'Счёт предоплаты',
    [AccountType.RECEIVING]: 'Счёт для поступлений',
  },
  pdf: { page: (n) => `Страница ${n}` },
  letter: {
    title: 'Письмо-подтверждение счёта',
    subject: (id, issuer) => `Подтверждение счёта ${id} в ${issuer}`,
    salutation: 'Для предъявления по месту требования.',
    confirmation: (holder, issuer) =>
      `Настоящим подтверждаем, что ${holder} является владельцем указанного ниже счёта в ${issuer} и что на дату этого письма счёт открыт.`,
    holder: 'Владелец счёта',
    accountNumber: 'Номер счёта',
    accountType: 'Тип счёта',
    currency: 'Валюта',
    openedOn: 'Дата открытия',
    status: 'Статус',
    active: 'Активен',
    paymentDetails: 'Реквизиты для зачисления на этот счёт',
    sandboxNote: 'Тестовые (sandbox) банковские реквизиты: платежи на них не переводят реальные деньги.',
    noBalanceNote: 'Это письмо подтверждает, что счёт существует и открыт. Остаток по счёту в нём не указан.',
    closing: 'С уважением,',
    customerServices: 'Служба поддержки клиентов',
    funding: {
      beneficiary: 'Получатель',
      iban: 'IBAN',
      bic: 'BIC / SWIFT',
      sortCode: 'Sort code',
      routingNumber: 'Маршрутный номер (ABA)',
      institutionNumber: 'Номер учреждения',
      transitNumber: 'Транзитный номер',
      bsb: 'BSB',
      accountNumber: 'Номер счёта',
      reference: 'Назначение платежа',
      bank: 'Банк',
    },
  },
  statement: {
    title: (month) => `Выписка по счёту, ${month}`,
    heading: (month) => `Выписка по счёту — ${month}`,
    subject: (id, month) => `Выписка по счёту ${id} за ${month}`,
    holder: 'Владелец счёта',
    accountNumber: 'Номер счёта',
    accountType: 'Тип счёта',
    currency: 'Валюта',
    period: 'Период',
    toDate: '(на сегодня)',
    openingBalance: 'Входящий остаток',
    moneyIn: 'Поступления',
    moneyOut: 'Списания',
    closingBalance: 'Исходящий остаток',
    columns: {
      date: 'Дата',
      description: 'Описание',
      moneyOut: 'Списания',
      moneyIn: 'Поступления',
      balance: 'Остаток',
    },
    truncated: (lines) =>
      `В выписке показаны первые ${lines} операций месяца; итоги выше учитывают их все. ` +
      'Полный список можно выгрузить из истории в CSV.',
    noMovements: 'За этот период операций нет.',
  },
};

const ua: DocumentTexts = {
  language: 'ua',
  locale: 'uk-UA',
  accountTypes: {
    [AccountType.PAYMENT]: 'Платіжний рахунок',
    [AccountType.PREPAYMENT]: 'Рахунок передоплати',
    [AccountType.RECEIVING]: 'Рахунок для надходжень',
  },
  pdf: { page: (n) => `Сторінка ${n}` },
  letter: {
    title: 'Лист-підтвердження рахунку',
    subject: (id, issuer) => `Підтвердження рахунку ${id} в ${issuer}`,
    salutation: 'Для пред’явлення за місцем вимоги.',
    confirmation: (holder, issuer) =>
      `Цим підтверджуємо, що ${holder} є власником зазначеного нижче рахунку в ${issuer} і що на дату цього листа рахунок відкритий.`,
    holder: 'Власник рахунку',
    accountNumber: 'Номер рахунку',
    accountType: 'Тип рахунку',
    currency: 'Валюта',
    openedOn: 'Дата відкриття',
    status: 'Статус',
    active: 'Активний',
    paymentDetails: 'Реквізити для зарахування на цей рахунок',
    sandboxNote: 'Тестові (sandbox) банківські реквізити: платежі на них не переказують справжні гроші.',
    noBalanceNote: 'Цей лист підтверджує, що рахунок існує і відкритий. Залишок на рахунку в ньому не вказано.',
    closing: 'З повагою,',
    customerServices: 'Служба підтримки клієнтів',
    funding: {
      beneficiary: 'Отримувач',
      iban: 'IBAN',
      bic: 'BIC / SWIFT',
      sortCode: 'Sort code',
      routingNumber: 'Маршрутний номер (ABA)',
      institutionNumber: 'Номер установи',
      transitNumber: 'Транзитний номер',
      bsb: 'BSB',
      accountNumber: 'Номер рахунку',
      reference: 'Призначення платежу',
      bank: 'Банк',
    },
  },
  statement: {
    title: (month) => `Виписка за рахунком, ${month}`,
    heading: (month) => `Виписка за рахунком — ${month}`,
    subject: (id, month) => `Виписка за рахунком ${id} за ${month}`,
    holder: 'Власник рахунку',
    accountNumber: 'Номер рахунку',
    accountType: 'Тип рахунку',
    currency: 'Валюта',
    period: 'Період',
    toDate: '(на сьогодні)',
    openingBalance: 'Вхідний залишок',
    moneyIn: 'Надходження',
    moneyOut: 'Списання',
    closingBalance: 'Вихідний залишок',
    columns: { date: 'Дата', description: 'Опис', moneyOut: 'Списання', moneyIn: 'Надходження', balance: 'Залишок' },
    truncated: (lines) =>
      `У виписці показано перші ${lines} операцій місяця; підсумки вище враховують їх усі. ` +
      'Повний список можна вивантажити з історії у CSV.',
    noMovements: 'За цей період операцій немає.',
  },
};

const pt: DocumentTexts = {
  language: 'pt',
  locale: 'pt-PT',
  accountTypes: {
    [AccountType.PAYMENT]: 'Conta de pagamentos',
    [AccountType.PREPAYMENT]: 'Conta pré-paga',
    [AccountType.RECEIVING]: 'Conta de recebimentos',
  },
  pdf: { page: (n) => `Página ${n}` },
  letter: {
    title: 'Carta de confirmação da conta',
    subject: (id, issuer) => `Confirmação da conta ${id} detida junto de ${issuer}`,
    salutation: 'A quem possa interessar,',
    confirmation: (holder, issuer) =>
      `Confirmamos que ${holder} é titular da conta abaixo junto de ${issuer} e que a mesma se encontra aberta na data desta carta.`,
    holder: 'Titular da conta',
    accountNumber: 'Número da conta',
    accountType: 'Tipo de conta',
    currency: 'Moeda',
    openedOn: 'Data de abertura',
    status: 'Estado',
    active: 'Ativa',
    paymentDetails: 'Dados para pagamentos para esta conta',
    sandboxNote: 'Dados bancários de teste (sandbox): os pagamentos para eles não movimentam dinheiro real.',
    noBalanceNote: 'Esta carta confirma que a conta existe e está aberta. Não indica o saldo.',
    closing: 'Com os melhores cumprimentos,',
    customerServices: 'Apoio ao Cliente',
    funding: {
      beneficiary: 'Beneficiário',
      iban: 'IBAN',
      bic: 'BIC / SWIFT',
      sortCode: 'Sort code',
      routingNumber: 'Número de encaminhamento (ABA)',
      institutionNumber: 'Número da instituição',
      transitNumber: 'Número de trânsito',
      bsb: 'BSB',
      accountNumber: 'Número da conta',
      reference: 'Referência do pagamento',
      bank: 'Banco',
    },
  },
  statement: {
    title: (month) => `Extrato de conta ${month}`,
    heading: (month) => `Extrato de conta — ${month}`,
    subject: (id, month) => `Extrato da conta ${id} de ${month}`,
    holder: 'Titular da conta',
    accountNumber: 'Número da conta',
    accountType: 'Tipo de conta',
    currency: 'Moeda',
    period: 'Período',
    toDate: '(até hoje)',
    openingBalance: 'Saldo inicial',
    moneyIn: 'Entradas',
    moneyOut: 'Saídas',
    closingBalance: 'Saldo final',
    columns: { date: 'Data', description: 'Descrição', moneyOut: 'Saídas', moneyIn: 'Entradas', balance: 'Saldo' },
    truncated: (lines) =>
      `Este extrato lista os primeiros ${lines} movimentos do mês; os totais acima incluem todos. ` +
      'Exporte o histórico em CSV para a lista completa.',
    noMovements: 'Sem movimentos neste período.',
  },
};

const DOCUMENT_TEXTS: Record<Language, DocumentTexts> = { en, es, ro, ru, ua, pt };

export function documentTextsOf(language: Language): DocumentTexts {
  return DOCUMENT_TEXTS[language];
}

/** The account type's name in the document's language; card products keep their product names. */
export function accountTypeNameIn(texts: DocumentTexts, typeId: number): string {
  return typeId in texts.accountTypes ? texts.accountTypes[typeId as AccountType] : accountTypeNameOf(typeId);
}

export function formatDocumentDateIn(texts: Pick<DocumentTexts, 'locale'>, date: Date): string {
  return formatDocumentDate(texts.locale, date);
}

/** "May 2026", "mai 2026". */
export function formatDocumentMonthIn(texts: Pick<DocumentTexts, 'locale'>, date: Date): string {
  return new Intl.DateTimeFormat(texts.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A language tag as the web and browsers send it ("ro", "ro-RO", "uk", "uk-UA") → ours, or undefined. */
function languageOfTag(tag: string | undefined): Language | undefined {
  const lower = tag?.trim().toLowerCase();
  if (lower === undefined || lower === '') return undefined;
  const primary = lower.split('-')[0];
  if (primary === 'uk') return 'ua';
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The language a download is written in: `?lang=` when it names one of ours, else the first of
 * the Accept-Language entries that does (by their order, q-values aside: browsers list them by
 * preference), else English.
 */
export function documentLanguageOf(request: {
  query: unknown;
  headers: { 'accept-language'?: string | string[] };
}): Language {
  const query = request.query;
  if (typeof query === 'object' && query !== null && 'lang' in query) {
    const fromQuery = languageOfTag(typeof query.lang === 'string' ? query.lang : undefined);
    if (fromQuery !== undefined) return fromQuery;
  }
  const header = request.headers['accept-language'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').slice(0, 20);
  for (const entry of entries) {
    const language = languageOfTag(entry.split(';')[0]);
    if (language !== undefined) return language;
  }
  return 'en';
}
