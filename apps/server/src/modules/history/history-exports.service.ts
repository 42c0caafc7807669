import { randomUUID } from 'node:crypto';
import {
  HISTORY_EXPORT_MAX_ROWS,
  historyExportPath,
  type HistoryExport,
  type HistoryFilter,
  type HistoryItem,
} from '@app/shared/api/history';
import type { Language } from '@app/shared/constants';
import type { Database } from '../../db/client';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { MailSender } from '../../platform/messaging/messages';
import { customerInfo } from '../customers/customers.service';
import * as exportsRepository from './history-exports.repository';
import * as repository from './history.repository';
import { historyItemOf, historyScopeOf } from './history.service';
import { historyTextsOf, type CsvColumnKey, type HistoryTexts } from './history-texts';

/**
 * CSV exports of the history (spec 001 §7): started for a filter, counted by a job, then
 * downloaded — streamed from the ledger in keyset pages, never built in memory — or announced by
 * e-mail. An export is the customer's: any user acting for that customer may use it, nobody else.
 */

export const PREPARE_HISTORY_EXPORT_QUEUE = 'history.prepareExport';
export const HISTORY_EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Rows read from the database per round trip while streaming. */
export const EXPORT_PAGE_ROWS = 500;

function exportViewOf(row: exportsRepository.HistoryExportRow, now: Date): HistoryExport {
  return {
    exportId: row.id,
    status: now.getTime() >= row.expiresAt.getTime() ? 'expired' : row.status,
    filter: row.filter,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    rowCount: row.rowCount ?? undefined,
    isTruncated: row.isTruncated ?? undefined,
    url: historyExportPath(row.id),
  };
}

async function requireExport(
  db: Database,
  params: { customerId: number; exportId: string },
): Promise<exportsRepository.HistoryExportRow> {
  const row = await exportsRepository.findCustomerExport(db, params);
  if (row === null) throw errors.noAccess('This export is not available.');
  return row;
}

/** historyExportStart: checks the filter (ENOA for another's account), snapshots the ledger, queues the count. */
export async function startExport(
  db: Database,
  params: { customerId: number; userId: number; filter: HistoryFilter; now?: Date },
): Promise<HistoryExport> {
  const now = params.now ?? new Date();
  await historyScopeOf(db, { customerId: params.customerId, filter: params.filter });
  const row = await db.transaction(async (tx) => {
    const snapshot = await repository.findSnapshotIds(tx);
    const inserted = await exportsRepository.insertHistoryExport(tx, {
      id: randomUUID(),
      customerId: params.customerId,
      userId: params.userId,
      filter: params.filter,
      lastTransactionId: snapshot.lastTransactionId,
      lastHoldId: snapshot.lastHoldId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + HISTORY_EXPORT_TTL_MS),
    });
    await enqueueJob(tx, {
      queue: PREPARE_HISTORY_EXPORT_QUEUE,
      payload: { exportId: inserted.id },
      singletonKey: `export:${inserted.id}`,
    });
    return inserted;
  });
  return exportViewOf(row, now);
}

export async function exportStatus(
  db: Database,
  params: { customerId: number; exportId: string; now?: Date },
): Promise<HistoryExport> {
  return exportViewOf(await requireExport(db, params), params.now ?? new Date());
}

function snapshotQuery(
  row: exportsRepository.HistoryExportRow,
  query: repository.HistoryQuery,
): repository.HistoryQuery {
  return { ...query, snapshot: { lastTransactionId: row.lastTransactionId, lastHoldId: row.lastHoldId } };
}

/** The job: counts the rows (bounded) and marks the export ready. Running it twice changes nothing. */
export async function prepareExport(db: Database, params: { exportId: string; now: Date }): Promise<void> {
  const row = await exportsRepository.findExport(db, params);
  if (row === null || row.status !== 'preparing') return;
  const scope = await historyScopeOf(db, { customerId: row.customerId, filter: row.filter });
  const count = await repository.countHistoryRows(db, snapshotQuery(row, scope.query), HISTORY_EXPORT_MAX_ROWS);
  await exportsRepository.markExportReady(db, {
    exportId: row.id,
    rowCount: Math.min(count, HISTORY_EXPORT_MAX_ROWS),
    isTruncated: count > HISTORY_EXPORT_MAX_ROWS,
    now: params.now,
  });
}

/** A ready, unexpired export of the customer; otherwise the reason it cannot be used. */
async function requireReadyExport(
  db: Database,
  params: { customerId: number; exportId: string; now: Date },
): Promise<exportsRepository.HistoryExportRow> {
  const row = await requireExport(db, params);
  const view = exportViewOf(row, params.now);
  if (view.status === 'expired') throw errors.invalidParams('This export has expired. Please start a new one.');
  if (view.status === 'preparing') throw errors.invalidParams('This export is still being prepared.');
  return row;
}

/** The CSV's columns in order; their headers are in the customer's language (history-texts.ts). */
export const CSV_COLUMN_KEYS = [
  'date',
  'accountId',
  'currency',
  'amount',
  'type',
  'description',
  'counterparty',
  'counterpartyEmail',
  'status',
  'reference',
  'note',
  'fee',
  'transferId',
  'id',
] as const satisfies readonly CsvColumnKey[];

/** The columns with their headers in `language`, as csv-stringify takes them. */
export function csvColumnsIn(language: Language): { key: CsvColumnKey; header: string }[] {
  const { csvHeaders } = historyTextsOf(language);
  return CSV_COLUMN_KEYS.map((key) => ({ key, header: csvHeaders[key] }));
}

export type CsvRecord = Record<CsvColumnKey, string>;

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe
 * (OWASP "CSV injection"): a payer's name is typed by a stranger. Amounts are ours and stay exact.
 */
function inertText(value: string | undefined): string {
  if (value === undefined) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV row; the type and status a person reads are in the file's language, amounts are exact. */
function csvRecordOf(item: HistoryItem, texts: Pick<HistoryTexts, 'typeNames' | 'statusNames'>): CsvRecord {
  return {
    date: item.date,
    accountId: String(item.accountId),
    currency: item.currency,
    amount: item.amount,
    type: texts.typeNames[item.type],
    description: inertText(item.description),
    counterparty: inertText(item.counterparty),
    counterpartyEmail: inertText(item.counterpartyEmail),
    status: texts.statusNames[item.status],
    reference: inertText(item.reference),
    note: inertText(item.note),
    fee: item.fee ?? '',
    transferId: item.transferId === undefined ? '' : String(item.transferId),
    id: item.id,
  };
}

/**
 * Opens a ready export for download: checks happen here, before any byte is sent, so a refusal is
 * a proper error answer; the returned rows are then read page by page as the stream drains.
 */
export async function openExportDownload(
  db: Database,
  params: {
    customerId: number;
    exportId: string;
    /** The language of the download request, as for `csvColumnsIn`: type and status cells are in it. */
    language: Language;
    now?: Date;
  },
): Promise<{ exportId: string; records: AsyncGenerator<CsvRecord> }> {
  const row = await requireReadyExport(db, { ...params, now: params.now ?? new Date() });
  const texts = historyTextsOf(params.language);
  const scope = await historyScopeOf(db, { customerId: row.customerId, filter: row.filter });
  const query = snapshotQuery(row, scope.query);
  async function* records(): AsyncGenerator<CsvRecord> {
    let after: repository.HistoryCursor | undefined;
    let emitted = 0;
    while (emitted < HISTORY_EXPORT_MAX_ROWS) {
      const limit = Math.min(EXPORT_PAGE_ROWS, HISTORY_EXPORT_MAX_ROWS - emitted);
      const rows = await repository.findHistoryRows(db, { ...query, after }, { offset: 0, limit });
      for (const historyRow of rows) yield csvRecordOf(historyItemOf(historyRow, scope), texts);
      emitted += rows.length;
      const last = rows.at(-1);
      if (rows.length < limit || last === undefined) return;
      after = { at: last.createdAt, source: last.source, id: last.id };
    }
  }
  return { exportId: row.id, records: records() };
}

/** historyExportSend: e-mails the signed-in user where to download a ready export, in their language. */
export async function sendExport(
  db: Database,
  params: {
    customerId: number;
    session: Session;
    exportId: string;
    mail: MailSender;
    /** The web app's origin, for the link: https://app.example */
    webOrigin: string;
    brandName: string;
    /** The language of the request: the mail goes out in it. */
    language: Language;
    now?: Date;
  },
): Promise<string> {
  const row = await requireReadyExport(db, { ...params, now: params.now ?? new Date() });
  const customer = await customerInfo(db, {
    session: params.session,
    customerId: params.customerId,
    oldWebUrl: undefined,
  });
  const link = `${params.webOrigin}/history?exportId=${encodeURIComponent(row.id)}`;
  const mail = historyTextsOf(params.language).exportMail({
    brandName: params.brandName,
    rows: row.rowCount ?? 0,
    expiresOn: row.expiresAt.toISOString().slice(0, 10),
    link,
  });
  await params.mail.send({ to: customer.login, subject: mail.subject, text: mail.text });
  return customer.login;
}
