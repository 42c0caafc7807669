import type { Language } from '@app/shared/constants';

/**
 * The words of the record of an accepted agreement (agreement-pdf.ts) in the customer's language.
 * The agreement's title, the names, the address of its full text and the IP address appear as
 * they are.
 */

export interface AgreementPdfTexts {
  /** The locale dates are written in. */
  locale: string;
  /** The document's language tag (BCP 47), for readers and screen readers. */
  documentLanguage: string;
  subject: (title: string, version: number) => string;
  intro: (holderName: string, issuerName: string) => string;
  labels: {
    agreement: string;
    version: string;
    fullText: string;
    acceptedBy: string;
    acceptedOn: string;
    ip: string;
  };
  issued: (issuedOn: string) => string;
}

const en: AgreementPdfTexts = {
  locale: 'en-GB',
  documentLanguage: 'en',
  subject: (title, version) => `Record of acceptance of ${title}, version ${version}`,
  intro: (holder, issuer) => `This document records that ${holder} accepted the agreement below with ${issuer}.`,
  labels: {
    agreement: 'Agreement',
    version: 'Version',
    fullText: 'Full text',
    acceptedBy: 'Accepted by',
    acceptedOn: 'Accepted on',
    ip: 'From IP address',
  },
  issued: (issuedOn) => `Issued on ${issuedOn}. The agreement's full text is at the address above.`,
};

const es: AgreementPdfTexts = {
  locale: 'es-ES',
  documentLanguage: 'es',
  subject: (title, version) => `Constancia de aceptación de ${title}, versión ${version}`,
  intro: (holder, issuer) =>
    `Este documento hace constar que ${holder} aceptó con ${issuer} el acuerdo que figura a continuación.`,
  labels: {
    agreement: 'Acuerdo',
    version: 'Versión',
    fullText: 'Texto completo',
    acceptedBy: 'Aceptado por',
    acceptedOn: 'Aceptado el',
    ip: 'Desde la dirección IP',
  },
  issued: (issuedOn) => `Emitido el ${issuedOn}. El texto completo del acuerdo está en la dirección indicada arriba.`,
};

const pt: AgreementPdfTexts = {
  locale: 'pt-PT',
  documentLanguage: 'pt',
  subject: (title, version) => `Registo de aceitação de ${title}, versão ${version}`,
  intro: (holder, issuer) => `Este documento atesta que ${holder} aceitou com ${issuer} o acordo indicado abaixo.`,
  labels: {
    agreement: 'Acordo',
    version: 'Versão',
    fullText: 'Texto integral',
    acceptedBy: 'Aceite por',
    acceptedOn: 'Aceite em',
    ip: 'A partir do endereço IP',
  },
  issued: (issuedOn) => `Emitido em ${issuedOn}. O texto integral do acordo está no endereço indicado acima.`,
};

const ro: AgreementPdfTexts = {
  locale: 'ro-RO',
  documentLanguage: 'ro',
  subject: (title, version) => `Dovada acceptării: ${title}, versiunea ${version}`,
  intro: (holder, issuer) => `Acest document atestă că ${holder} a acceptat cu ${issuer} acordul de mai jos.`,
  labels: {
    agreement: 'Acord',
    version: 'Versiune',
    fullText: 'Textul complet',
    acceptedBy: 'Acceptat de',
    acceptedOn: 'Acceptat pe',
    ip: 'De la adresa IP',
  },
  issued: (issuedOn) => `Emis pe ${issuedOn}. Textul complet al acordului se află la adresa de mai sus.`,
};

const ru: AgreementPdfTexts = {
  locale: 'ru-RU',
  documentLanguage: 'ru',
  subject: (title, version) => `Подтверждение принятия: ${title}, версия ${version}`,
  intro: (holder, issuer) =>
    `Настоящий документ подтверждает, что клиент ${holder} принял приведённое ниже соглашение с ${issuer}.`,
  labels: {
    agreement: 'Соглашение',
    version: 'Версия',
    fullText: 'Полный текст',
    acceptedBy: 'Кем принято',
    acceptedOn: 'Когда принято',
    ip: 'С IP-адреса',
  },
  issued: (issuedOn) => `Выдано ${issuedOn}. Полный текст соглашения доступен по адресу, указанному выше.`,
};

const ua: AgreementPdfTexts = {
  locale: 'uk-UA',
  documentLanguage: 'uk',
  subject: (title, version) => `Підтвердження прийняття: ${title}, версія ${version}`,
  intro: (holder, issuer) => `Цей документ підтверджує, що клієнт ${holder} прийняв наведену нижче угоду з ${issuer}.`,
  labels: {
    agreement: 'Угода',
    version: 'Версія',
    fullText: 'Повний текст',
    acceptedBy: 'Ким прийнято',
    acceptedOn: 'Коли прийнято',
    ip: 'З IP-адреси',
  },
  issued: (issuedOn) => `Видано ${issuedOn}. Повний текст угоди доступний за адресою, зазначеною вище.`,
};

const AGREEMENT_PDF_TEXTS: Record<Language, AgreementPdfTexts> = { en, es, pt, ro, ru, ua };

export function agreementPdfTextsIn(language: Language): AgreementPdfTexts {
  return AGREEMENT_PDF_TEXTS[language];
}
