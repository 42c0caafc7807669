import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrandLegal } from '@app/shared/brand-legal';
import PDFDocument from 'pdfkit';
import { documentTextsOf, formatDocumentDateIn, type DocumentTexts } from './document-texts';

/**
 * PDF documents the platform issues (letters, statements) with the brand's header and regulator
 * footer on every page. DejaVu Sans is embedded (subset to the glyphs used) because the standard
 * PDF fonts cover Latin-1 only: customer names in Cyrillic or Romanian ("Constanța") need more.
 * Documents stream: pages are written as they fill, so a long statement never sits in memory whole.
 */

const require = createRequire(import.meta.url);
// Read once per process: every document embeds a subset of them.
const REGULAR_FONT = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
const BOLD_FONT = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));

export const PDF_FONT = { regular: 'body', bold: 'body-bold' } as const;
export const PDF_COLORS = { text: '#1a1a1a', muted: '#4d4d4d', rule: '#9a9a9a' } as const;

const PAGE_MARGINS = { top: 120, bottom: 90, left: 56, right: 56 };
const HEADER_TOP = 40;
const FOOTER_GAP = 24;

export interface BrandedPdfOptions {
  legal: BrandLegal;
  /** The document's title, also its PDF metadata title. */
  title: string;
  subject: string;
  /** The document's language: the page label, and the PDF's language for screen readers. */
  texts?: DocumentTexts;
}

export type PdfDocument = PDFKit.PDFDocument;

function drawPageChrome(doc: PdfDocument, options: BrandedPdfOptions, pageNumber: number): void {
  const { legal } = options;
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottomMargin = doc.page.margins.bottom;
  // Writing inside the bottom margin would make pdfkit start a new page: lift the margin meanwhile.
  doc.page.margins.bottom = 0;

  doc
    .font(PDF_FONT.bold)
    .fontSize(18)
    .fillColor(legal.accentColor)
    .text(legal.brandName, left, HEADER_TOP, {
      width: width / 2,
      lineBreak: false,
    });
  doc
    .font(PDF_FONT.regular)
    .fontSize(8)
    .fillColor(PDF_COLORS.muted)
    .text([legal.issuerName, ...legal.address].join('\n'), left + width / 2, HEADER_TOP, {
      width: width / 2,
      align: 'right',
    });
  const ruleY = PAGE_MARGINS.top - 24;
  doc
    .moveTo(left, ruleY)
    .lineTo(left + width, ruleY)
    .lineWidth(0.5)
    .strokeColor(PDF_COLORS.rule)
    .stroke();

  const footerY = doc.page.height - bottomMargin + FOOTER_GAP;
  doc
    .moveTo(left, footerY - 8)
    .lineTo(left + width, footerY - 8)
    .stroke();
  doc
    .font(PDF_FONT.regular)
    .fontSize(7)
    .fillColor(PDF_COLORS.muted)
    .text(legal.regulatorFooter, left, footerY, { width: width - 60 })
    .text(`${legal.supportEmail} · ${legal.supportPhone}`, left, doc.y + 2, { width: width - 60 })
    .text((options.texts ?? documentTextsOf('en')).pdf.page(pageNumber), left + width - 60, footerY, {
      width: 60,
      align: 'right',
      lineBreak: false,
    });

  doc.page.margins.bottom = bottomMargin;
  doc.font(PDF_FONT.regular).fontSize(10).fillColor(PDF_COLORS.text);
  doc.x = left;
  doc.y = PAGE_MARGINS.top;
}

/** A new A4 document with the brand's chrome on its first page and on every page added later. */
export function createBrandedPdf(options: BrandedPdfOptions): PdfDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margins: PAGE_MARGINS,
    autoFirstPage: false,
    info: {
      Title: options.title,
      Author: options.legal.issuerName,
      Subject: options.subject,
      Creator: options.legal.brandName,
    },
    lang: (options.texts ?? documentTextsOf('en')).locale,
    displayTitle: true,
  });
  doc.registerFont(PDF_FONT.regular, REGULAR_FONT);
  doc.registerFont(PDF_FONT.bold, BOLD_FONT);
  let pageNumber = 0;
  doc.on('pageAdded', () => {
    pageNumber += 1;
    drawPageChrome(doc, options, pageNumber);
  });
  doc.addPage();
  return doc;
}

/** The lowest y content may reach on the current page. */
export function contentBottom(doc: PdfDocument): number {
  return doc.page.height - doc.page.margins.bottom;
}

export function contentWidth(doc: PdfDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Label–value lines, the label in the muted colour, aligned in two columns. */
export function drawDetails(doc: PdfDocument, rows: readonly (readonly [string, string])[], labelWidth = 150): void {
  const left = doc.page.margins.left;
  const valueWidth = contentWidth(doc) - labelWidth;
  doc.font(PDF_FONT.regular).fontSize(10);
  for (const [label, value] of rows) {
    const height = Math.max(
      doc.heightOfString(value, { width: valueWidth }),
      doc.heightOfString(label, { width: labelWidth }),
    );
    if (doc.y + height > contentBottom(doc)) doc.addPage();
    const y = doc.y;
    doc.font(PDF_FONT.regular).fontSize(10).fillColor(PDF_COLORS.muted).text(label, left, y, { width: labelWidth });
    doc.fillColor(PDF_COLORS.text).text(value, left + labelWidth, y, { width: valueWidth });
    doc.y = y + height + 4;
  }
  doc.x = left;
}

/** "15 May 2026": documents spell the month, so no reader mistakes day and month. */
export function formatDocumentDate(date: Date): string {
  return formatDocumentDateIn(documentTextsOf('en'), date);
}
