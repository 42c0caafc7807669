import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrandLegal } from '@app/shared/brand-legal';
import type { Language } from '@app/shared/constants';
import PDFDocument from 'pdfkit';
import { agreementPdfTextsIn, type AgreementPdfTexts } from './agreement-pdf-texts';
import { formatDocumentDate } from '../../platform/document-date';

/**
 * The record of an accepted agreement as a PDF, in the customer's language (agreement-pdf-texts.ts)
 * and the layout of the platform's other documents (brand name and issuer address at the top, the
 * regulator footer at the bottom). DejaVu Sans is embedded because the standard PDF fonts cover
 * Latin-1 only, and names (and Cyrillic) need more.
 */

const require = createRequire(import.meta.url);
const REGULAR_FONT = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
const BOLD_FONT = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));
const FONT = { regular: 'body', bold: 'body-bold' } as const;
const COLORS = { text: '#1a1a1a', muted: '#4d4d4d', rule: '#9a9a9a' } as const;
const MARGINS = { top: 120, bottom: 90, left: 56, right: 56 };
const LABEL_WIDTH = 150;

export interface AgreementRecord {
  title: string;
  version: number;
  url: string;
  acceptedAt: Date;
  ip: string | null;
}

function documentDate(texts: AgreementPdfTexts, date: Date): string {
  return formatDocumentDate(texts.locale, date);
}

function drawChrome(doc: PDFKit.PDFDocument, legal: BrandLegal): void {
  const left = MARGINS.left;
  const width = doc.page.width - MARGINS.left - MARGINS.right;
  // Writing inside the bottom margin would start a new page: lift the margin meanwhile.
  doc.page.margins.bottom = 0;
  doc
    .font(FONT.bold)
    .fontSize(18)
    .fillColor(legal.accentColor)
    .text(legal.brandName, left, 40, { width: width / 2 });
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text([legal.issuerName, ...legal.address].join('\n'), left + width / 2, 40, { width: width / 2, align: 'right' });
  doc
    .moveTo(left, MARGINS.top - 24)
    .lineTo(left + width, MARGINS.top - 24)
    .strokeColor(COLORS.rule)
    .lineWidth(0.5)
    .stroke();
  doc
    .font(FONT.regular)
    .fontSize(7)
    .fillColor(COLORS.muted)
    .text(legal.regulatorFooter, left, doc.page.height - MARGINS.bottom + 24, { width });
  doc.page.margins.bottom = MARGINS.bottom;
  doc.x = left;
  doc.y = MARGINS.top;
}

export function renderAgreementRecord(
  legal: BrandLegal,
  record: AgreementRecord,
  holderName: string,
  issuedAt: Date,
  language: Language,
): PDFKit.PDFDocument {
  const texts = agreementPdfTextsIn(language);
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGINS,
    autoFirstPage: false,
    info: {
      Title: record.title,
      Author: legal.issuerName,
      Subject: texts.subject(record.title, record.version),
      Creator: legal.brandName,
    },
    lang: texts.documentLanguage,
    displayTitle: true,
  });
  doc.registerFont(FONT.regular, REGULAR_FONT);
  doc.registerFont(FONT.bold, BOLD_FONT);
  doc.on('pageAdded', () => drawChrome(doc, legal));
  doc.addPage();

  const left = MARGINS.left;
  const valueWidth = doc.page.width - MARGINS.left - MARGINS.right - LABEL_WIDTH;
  doc.font(FONT.bold).fontSize(16).fillColor(COLORS.text).text(record.title, left);
  doc.moveDown();
  doc.font(FONT.regular).fontSize(10).text(texts.intro(holderName, legal.issuerName));
  doc.moveDown();
  const { labels } = texts;
  const rows: [string, string][] = [
    [labels.agreement, record.title],
    [labels.version, String(record.version)],
    [labels.fullText, record.url],
    [labels.acceptedBy, holderName],
    [
      labels.acceptedOn,
      `${documentDate(texts, record.acceptedAt)}, ${record.acceptedAt.toISOString().slice(11, 16)} UTC`,
    ],
  ];
  if (record.ip !== null) rows.push([labels.ip, record.ip]);
  for (const [label, value] of rows) {
    const y = doc.y;
    const height = Math.max(
      doc.heightOfString(value, { width: valueWidth }),
      doc.heightOfString(label, { width: LABEL_WIDTH }),
    );
    doc.font(FONT.regular).fontSize(10).fillColor(COLORS.muted).text(label, left, y, { width: LABEL_WIDTH });
    doc.fillColor(COLORS.text).text(value, left + LABEL_WIDTH, y, { width: valueWidth });
    doc.y = y + height + 4;
  }
  doc.x = left;
  doc.moveDown();
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text(texts.issued(documentDate(texts, issuedAt)));
  doc.end();
  return doc;
}
