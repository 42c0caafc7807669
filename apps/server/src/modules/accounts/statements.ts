import { statementPath, type StatementExport } from '@app/shared/api/accounts';
import type { BrandLegal } from '@app/shared/brand-legal';
import { formatAmount } from '@app/shared/money';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import * as accountsService from './accounts.service';
import {
  contentBottom,
  contentWidth,
  createBrandedPdf,
  drawDetails,
  PDF_COLORS,
  PDF_FONT,
  type PdfDocument,
} from './branded-pdf';
import {
  accountTypeNameIn,
  documentTextsOf,
  formatDocumentDateIn,
  formatDocumentMonthIn,
  type DocumentTexts,
  type StatementTexts,
} from './document-texts';
import * as repository from './statements.repository';

/**
 * Monthly statements (spec 001 §7): one per calendar month (UTC) from the month the account was
 * opened to the current one. The PDF shows the opening balance, every movement with the running
 * balance, and the closing balance, all computed from the postings; the current month's covers
 * the month so far.
 */

/** A statement longer than this lists its first lines and says so; totals stay exact. */
export const STATEMENT_MAX_LINES = 20_000;
const STATEMENT_PAGE_ROWS = 500;
const MAX_DESCRIPTION_LENGTH = 160;

export interface StatementMonth {
  year: number;
  month: number;
}

function monthIndexOf(date: Date): number {
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

function monthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month - 1, 1));
}

/** Every month from the account's opening to `now`'s, newest first. */
export function statementMonthsOf(openedAt: Date, now: Date): StatementMonth[] {
  const months: StatementMonth[] = [];
  for (let index = monthIndexOf(now); index >= monthIndexOf(openedAt); index -= 1) {
    months.push({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  }
  return months;
}

/** statementExportList: the account's months, a page of them. ENOA for another customer's account. */
export async function listStatements(
  db: Database,
  params: { customerId: number; accountId: number; pageNumber: number; pageSize: number; now?: Date },
): Promise<{ total: number; exports: StatementExport[] }> {
  const account = await accountsService.requireCustomerAccount(db, params);
  const months = statementMonthsOf(account.createdAt, params.now ?? new Date());
  const start = (params.pageNumber - 1) * params.pageSize;
  return {
    total: months.length,
    exports: months.slice(start, start + params.pageSize).map(({ year, month }) => ({
      accountId: account.accountId,
      dateFrom: monthStart(year, month).toISOString().slice(0, 10),
      year,
      month,
      url: statementPath(account.accountId, year, month),
    })),
  };
}

export interface StatementInput {
  legal: BrandLegal;
  holderName: string;
  customerId: number;
  accountId: number;
  year: number;
  month: number;
  now?: Date;
  /** The customer's language; English when absent. */
  texts?: DocumentTexts;
}

const COLUMNS = { date: 62, description: 181, out: 75, in: 75, balance: 90 } as const;

function drawTableHeader(doc: PdfDocument, columns: StatementTexts['columns']): void {
  const left = doc.page.margins.left;
  const y = doc.y;
  doc.font(PDF_FONT.bold).fontSize(8).fillColor(PDF_COLORS.muted);
  let x = left;
  const headers: [string, number, 'left' | 'right'][] = [
    [columns.date, COLUMNS.date, 'left'],
    [columns.description, COLUMNS.description, 'left'],
    [columns.moneyOut, COLUMNS.out, 'right'],
    [columns.moneyIn, COLUMNS.in, 'right'],
    [columns.balance, COLUMNS.balance, 'right'],
  ];
  for (const [label, width, align] of headers) {
    doc.text(label, x, y, { width: width - 6, align, lineBreak: false });
    x += width;
  }
  doc.y = y + 14;
  doc
    .moveTo(left, doc.y - 3)
    .lineTo(left + contentWidth(doc), doc.y - 3)
    .lineWidth(0.5)
    .strokeColor(PDF_COLORS.rule)
    .stroke();
  doc.font(PDF_FONT.regular).fontSize(8).fillColor(PDF_COLORS.text);
}

function drawMovement(
  doc: PdfDocument,
  columns: StatementTexts['columns'],
  line: { date: string; description: string; out: string; in: string; balance: string },
): void {
  doc.font(PDF_FONT.regular).fontSize(8);
  const height = doc.heightOfString(line.description, { width: COLUMNS.description - 6 }) + 4;
  if (doc.y + height > contentBottom(doc)) {
    doc.addPage();
    drawTableHeader(doc, columns);
  }
  const left = doc.page.margins.left;
  const y = doc.y;
  doc.fillColor(PDF_COLORS.text);
  doc.text(line.date, left, y, { width: COLUMNS.date - 6, lineBreak: false });
  doc.text(line.description, left + COLUMNS.date, y, { width: COLUMNS.description - 6 });
  let x = left + COLUMNS.date + COLUMNS.description;
  for (const [value, width] of [
    [line.out, COLUMNS.out],
    [line.in, COLUMNS.in],
    [line.balance, COLUMNS.balance],
  ] as const) {
    doc.text(value, x, y, { width: width - 6, align: 'right', lineBreak: false });
    x += width;
  }
  doc.y = y + height;
}

/**
 * Checks the request, reads the opening balance and the period's totals, then returns the PDF as
 * a stream that reads the movements page by page while it is sent. Refusals come before the
 * first byte: ENOA for another customer's account, VF for a month without a statement.
 */
export async function openStatement(
  db: Database,
  input: StatementInput,
): Promise<{ doc: PdfDocument; fileName: string; write: () => Promise<void> }> {
  const now = input.now ?? new Date();
  const account = await accountsService.requireCustomerAccount(db, input);
  const requested = input.year * 12 + (input.month - 1);
  if (requested < monthIndexOf(account.createdAt) || requested > monthIndexOf(now)) {
    throw errors.validation([{ field: 'month', message: 'There is no statement for this month.' }]);
  }
  const from = monthStart(input.year, input.month);
  const monthEnd = monthStart(input.year, input.month + 1);
  const to = monthEnd.getTime() < now.getTime() ? monthEnd : now;
  const { currency } = account;
  const openingMinor = await repository.sumPostingsBefore(db, {
    ledgerAccountId: account.ledgerAccountId,
    before: from,
  });
  const totals = await repository.sumPostingsInPeriod(db, { ledgerAccountId: account.ledgerAccountId, from, to });
  const closingMinor = openingMinor + totals.inMinor - totals.outMinor;
  const money = (minor: bigint) => `${formatAmount(minor, currency)} ${currency}`;
  const texts = input.texts ?? documentTextsOf('en');
  const words = texts.statement;
  const { columns } = words;
  const monthLabel = formatDocumentMonthIn(texts, from);
  const fileName = `statement-${account.accountId}-${input.year}-${String(input.month).padStart(2, '0')}.pdf`;

  const doc = createBrandedPdf({
    legal: input.legal,
    title: words.title(monthLabel),
    subject: words.subject(account.accountId, monthLabel),
    texts,
  });
  doc.font(PDF_FONT.bold).fontSize(16).fillColor(PDF_COLORS.text).text(words.heading(monthLabel));
  doc.moveDown(0.8);
  const periodEnd = formatDocumentDateIn(texts, new Date(to.getTime() - 1));
  drawDetails(doc, [
    [words.holder, input.holderName],
    [words.accountNumber, String(account.accountId)],
    [words.accountType, accountTypeNameIn(texts, account.typeId)],
    [words.currency, currency],
    [words.period, `${formatDocumentDateIn(texts, from)} – ${periodEnd}${to === now ? ` ${words.toDate}` : ''}`],
    [words.openingBalance, money(openingMinor)],
    [words.moneyIn, money(totals.inMinor)],
    [words.moneyOut, money(totals.outMinor)],
    [words.closingBalance, money(closingMinor)],
  ]);
  doc.moveDown();

  async function write(): Promise<void> {
    drawTableHeader(doc, columns);
    let balanceMinor = openingMinor;
    drawMovement(doc, columns, {
      date: '',
      description: words.openingBalance,
      out: '',
      in: '',
      balance: formatAmount(balanceMinor, currency),
    });
    let after: { at: string; id: string } | undefined;
    let lines = 0;
    let isTruncated = false;
    for (;;) {
      const rows = await repository.findPostingsInPeriod(db, {
        ledgerAccountId: account.ledgerAccountId,
        from,
        to,
        after,
        limit: STATEMENT_PAGE_ROWS,
      });
      for (const row of rows) {
        if (lines >= STATEMENT_MAX_LINES) {
          isTruncated = true;
          break;
        }
        const amountMinor = BigInt(row.amountMinor);
        balanceMinor += amountMinor;
        lines += 1;
        drawMovement(doc, columns, {
          date: row.createdAt.slice(0, 10),
          description: row.description.slice(0, MAX_DESCRIPTION_LENGTH),
          out: amountMinor < 0n ? formatAmount(-amountMinor, currency) : '',
          in: amountMinor > 0n ? formatAmount(amountMinor, currency) : '',
          balance: formatAmount(balanceMinor, currency),
        });
      }
      const last = rows.at(-1);
      if (isTruncated || rows.length < STATEMENT_PAGE_ROWS || last === undefined) break;
      after = { at: last.createdAt, id: last.id };
    }
    doc.x = doc.page.margins.left;
    doc.moveDown();
    if (isTruncated) {
      doc.font(PDF_FONT.regular).fontSize(9).fillColor(PDF_COLORS.muted).text(words.truncated(STATEMENT_MAX_LINES));
      doc.moveDown();
    }
    doc
      .font(PDF_FONT.bold)
      .fontSize(10)
      .fillColor(PDF_COLORS.text)
      .text(`${words.closingBalance}: ${money(closingMinor)}`);
    if (lines === 0) {
      doc.font(PDF_FONT.regular).fontSize(9).fillColor(PDF_COLORS.muted).text(words.noMovements);
    }
    doc.end();
  }

  return { doc, fileName, write };
}
