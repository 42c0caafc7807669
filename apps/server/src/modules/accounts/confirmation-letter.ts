import type { PaymentInstruction } from '@app/shared/api/accounts';
import type { BrandLegal } from '@app/shared/brand-legal';
import { createBrandedPdf, drawDetails, PDF_COLORS, PDF_FONT, type PdfDocument } from './branded-pdf';
import { accountTypeNameIn, formatDocumentDateIn, type DocumentTexts, type LetterTexts } from './document-texts';
import type { CustomerAccount } from './accounts.service';

/**
 * The account-confirmation letter (spec 000 §1: each brand has its issuer name, address and
 * regulator footer): a signed-off statement that the customer holds the account, with the details
 * to pay into it. It states no balance, so it can be handed to a landlord or an employer.
 */

export interface ConfirmationLetterInput {
  legal: BrandLegal;
  holderName: string;
  account: CustomerAccount;
  /** The account's funding details, when it has any. */
  instruction: PaymentInstruction | undefined;
  issuedAt: Date;
  texts: DocumentTexts;
}

function fundingRows(instruction: PaymentInstruction, labels: LetterTexts['funding']): [string, string][] {
  const rows: [string, string | undefined][] = [
    [labels.beneficiary, instruction.beneficiaryName],
    [labels.iban, instruction.iban],
    [labels.bic, instruction.bic],
    [labels.sortCode, instruction.sortCode],
    [labels.routingNumber, instruction.routingNumber],
    [labels.institutionNumber, instruction.institutionNumber],
    [labels.transitNumber, instruction.transitNumber],
    [labels.bsb, instruction.bsbCode],
    [labels.accountNumber, instruction.accountNumber],
    [labels.reference, instruction.reference],
    [labels.bank, `${instruction.bankName}, ${instruction.bankAddress}`],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== undefined);
}

export function renderConfirmationLetter(input: ConfirmationLetterInput): PdfDocument {
  const { legal, account, texts } = input;
  const words = texts.letter;
  const date = (value: Date) => formatDocumentDateIn(texts, value);
  const doc = createBrandedPdf({
    legal,
    title: words.title,
    subject: words.subject(account.accountId, legal.issuerName),
    texts,
  });
  const left = doc.page.margins.left;

  doc.font(PDF_FONT.regular).fontSize(10).fillColor(PDF_COLORS.text).text(date(input.issuedAt), left);
  doc.moveDown(1.5);
  doc.font(PDF_FONT.bold).fontSize(16).text(words.title);
  doc.moveDown();
  doc.font(PDF_FONT.regular).fontSize(10).text(words.salutation);
  doc.moveDown(0.5);
  doc.text(words.confirmation(input.holderName, legal.issuerName));
  doc.moveDown();
  drawDetails(doc, [
    [words.holder, input.holderName],
    [words.accountNumber, String(account.accountId)],
    [words.accountType, accountTypeNameIn(texts, account.typeId)],
    [words.currency, account.currency],
    [words.openedOn, date(account.createdAt)],
    [words.status, words.active],
  ]);

  if (input.instruction !== undefined) {
    doc.moveDown();
    doc.font(PDF_FONT.bold).fontSize(12).text(words.paymentDetails);
    doc.moveDown(0.5);
    drawDetails(doc, fundingRows(input.instruction, words.funding));
    if (input.instruction.isSandbox) {
      doc.moveDown(0.5);
      doc.font(PDF_FONT.regular).fontSize(9).fillColor(PDF_COLORS.muted).text(words.sandboxNote);
    }
  }

  doc.moveDown();
  doc.font(PDF_FONT.regular).fontSize(10).fillColor(PDF_COLORS.text).text(words.noBalanceNote);
  doc.moveDown(2);
  doc.text(words.closing);
  doc.moveDown(0.5);
  doc.font(PDF_FONT.bold).text(legal.issuerName);
  doc.font(PDF_FONT.regular).text(words.customerServices);
  doc.end();
  return doc;
}
