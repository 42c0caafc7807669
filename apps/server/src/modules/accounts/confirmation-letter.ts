import type { PaymentInstruction } from '@app/shared/api/accounts';
import { accountTypeNameOf } from '@app/shared/accounts';
import type { BrandLegal } from '@app/shared/brand-legal';
import {
  createBrandedPdf,
  drawDetails,
  formatDocumentDate,
  PDF_COLORS,
  PDF_FONT,
  type PdfDocument,
} from './branded-pdf';
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
}

function fundingRows(instruction: PaymentInstruction): [string, string][] {
  const rows: [string, string | undefined][] = [
    ['Beneficiary', instruction.beneficiaryName],
    ['IBAN', instruction.iban],
    ['BIC / SWIFT', instruction.bic],
    ['Sort code', instruction.sortCode],
    ['Routing number (ABA)', instruction.routingNumber],
    ['Institution number', instruction.institutionNumber],
    ['Transit number', instruction.transitNumber],
    ['BSB', instruction.bsbCode],
    ['Account number', instruction.accountNumber],
    ['Payment reference', instruction.reference],
    ['Bank', `${instruction.bankName}, ${instruction.bankAddress}`],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== undefined);
}

export function renderConfirmationLetter(input: ConfirmationLetterInput): PdfDocument {
  const { legal, account } = input;
  const doc = createBrandedPdf({
    legal,
    title: 'Account confirmation letter',
    subject: `Confirmation of account ${account.accountId} held with ${legal.issuerName}`,
  });
  const left = doc.page.margins.left;

  doc.font(PDF_FONT.regular).fontSize(10).fillColor(PDF_COLORS.text).text(formatDocumentDate(input.issuedAt), left);
  doc.moveDown(1.5);
  doc.font(PDF_FONT.bold).fontSize(16).text('Account confirmation letter');
  doc.moveDown();
  doc.font(PDF_FONT.regular).fontSize(10).text('To whom it may concern,');
  doc.moveDown(0.5);
  doc.text(
    `We confirm that ${input.holderName} holds the account below with ${legal.issuerName}, ` +
      `and that it is open at the date of this letter.`,
  );
  doc.moveDown();
  drawDetails(doc, [
    ['Account holder', input.holderName],
    ['Account number', String(account.accountId)],
    ['Account type', accountTypeNameOf(account.typeId)],
    ['Currency', account.currency],
    ['Opened on', formatDocumentDate(account.createdAt)],
    ['Status', 'Active'],
  ]);

  if (input.instruction !== undefined) {
    doc.moveDown();
    doc.font(PDF_FONT.bold).fontSize(12).text('Details for payments into this account');
    doc.moveDown(0.5);
    drawDetails(doc, fundingRows(input.instruction));
    if (input.instruction.isSandbox) {
      doc.moveDown(0.5);
      doc
        .font(PDF_FONT.regular)
        .fontSize(9)
        .fillColor(PDF_COLORS.muted)
        .text('Sandbox bank details: payments to them do not move real money.');
    }
  }

  doc.moveDown();
  doc
    .font(PDF_FONT.regular)
    .fontSize(10)
    .fillColor(PDF_COLORS.text)
    .text('This letter confirms that the account exists and is open. It does not state the balance.');
  doc.moveDown(2);
  doc.text('Yours faithfully,');
  doc.moveDown(0.5);
  doc.font(PDF_FONT.bold).text(legal.issuerName);
  doc.font(PDF_FONT.regular).text('Customer Services');
  doc.end();
  return doc;
}
