import assert from 'node:assert/strict';
import {
  MAX_TRANSFER_TEMPLATES,
  PREAPPROVED_PAYMENTS_PAGE_SIZE,
  RECENT_TRANSFER_TYPES,
  type PreapprovedPayment,
  type RecentTransfer,
  type RecentTransferType,
  type TransferDetails,
  type TransferKind,
  type TransferTemplate,
} from '@app/shared/api/transfers';
import { CLOSED_ACCOUNT_STATUS, RECENT_P2P_TRANSFERS } from '@app/shared/constants';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import * as accountsService from '../accounts/accounts.service';
import * as standingOrdersRepository from './standing-orders.repository';
import { findPayee, isBlockedBetween, loginOf } from './transfer-plans';
import { preapprovedPaymentOf, recentTransferOf, templateOf, transferDetailsOf } from './transfer-views';
import * as repository from './transfers.repository';
import type { Actor } from './transfer-settings';

/**
 * What the customer reads about transfers (spec 001 §3, §7, §9): the payee check, recent transfers
 * and their details, templates, and pre-approved payments. Every id is checked against the acting
 * customer: another customer's transfer, template or order answers ENOA.
 */

/* Payees, recent transfers, details */

/** checkPayee (spec 001 §3 "Payee check"). */
export async function checkPayee(
  db: Database,
  actor: Actor,
  params: { email: string },
): Promise<{ exist: boolean; outBlacklist: boolean }> {
  const payee = await findPayee(db, { email: params.email });
  const payerEmail = await loginOf(db, { userId: actor.session.userId });
  const outBlacklist = await isBlockedBetween(db, {
    payerCustomerId: actor.customerId,
    payerEmail,
    payee,
    payeeEmail: payee?.email ?? params.email,
  });
  return { exist: payee !== null, outBlacklist };
}

/** Whether a recent transfer can still be repeated: its accounts open, and no blacklist in between. */
async function isRecentDisabled(
  db: Database,
  params: { transfer: repository.TransferRow; customerId: number; payerEmail: string | null },
): Promise<boolean> {
  const { transfer } = params;
  const source = await accountsService
    .requireCustomerAccount(db, {
      customerId: params.customerId,
      accountId: transfer.fromAccountId,
    })
    .catch(() => null);
  if (source === null || source.statusId === CLOSED_ACCOUNT_STATUS) return true;
  if (transfer.kind === 'account') {
    const destination = await accountsService
      .requireCustomerAccount(db, { customerId: params.customerId, accountId: transfer.toAccountId })
      .catch(() => null);
    return destination === null || destination.statusId === CLOSED_ACCOUNT_STATUS;
  }
  if (transfer.toEmail === null) return true;
  const payee = await findPayee(db, { email: transfer.toEmail });
  if (payee === null) return true;
  return isBlockedBetween(db, {
    payerCustomerId: params.customerId,
    payerEmail: params.payerEmail,
    payee,
    payeeEmail: transfer.toEmail,
  });
}

const KIND_OF_RECENT_TYPE: Partial<Record<RecentTransferType, TransferKind>> = { p2p: 'p2p', account: 'account' };

async function recentViews(db: Database, actor: Actor, rows: repository.TransferRow[]): Promise<RecentTransfer[]> {
  const payerEmail = await loginOf(db, { userId: actor.session.userId });
  const views: RecentTransfer[] = [];
  for (const row of rows) {
    views.push(
      recentTransferOf(row, await isRecentDisabled(db, { transfer: row, customerId: actor.customerId, payerEmail })),
    );
  }
  return views;
}

/** transferRecentList: the latest outgoing transfers, of one type or all. */
export async function recentTransfers(
  db: Database,
  actor: Actor,
  params: { type?: RecentTransferType; pageSize: number },
): Promise<RecentTransfer[]> {
  assert.ok(params.type === undefined || RECENT_TRANSFER_TYPES.includes(params.type));
  if (params.type !== undefined && KIND_OF_RECENT_TYPE[params.type] === undefined) return [];
  const rows = await repository.listRecentTransfers(db, {
    customerId: actor.customerId,
    kind: params.type === undefined ? undefined : KIND_OF_RECENT_TYPE[params.type],
    limit: params.pageSize,
  });
  return recentViews(db, actor, rows);
}

/** How far back the last payees are looked for. */
const RECENT_PAYEES_SCAN_LIMIT = 200;

/** transferP2PRecentList: the last three payees, the latest transfer to each. */
export async function recentP2PPayees(db: Database, actor: Actor): Promise<RecentTransfer[]> {
  const rows = await repository.listLatestPerPayee(db, {
    customerId: actor.customerId,
    limit: RECENT_P2P_TRANSFERS,
    scanLimit: RECENT_PAYEES_SCAN_LIMIT,
  });
  return recentViews(db, actor, rows);
}

/** transferRecentDetails: a transfer the customer sent or received; ENOA for anyone else's. */
export async function transferDetails(
  db: Database,
  actor: Pick<Actor, 'customerId'>,
  params: { transferId: number },
): Promise<TransferDetails> {
  const row = await repository.findTransferOfCustomer(db, {
    transferId: params.transferId,
    customerId: actor.customerId,
  });
  // A received transfer is the payee's only once it arrived: a held one may still be cancelled.
  if (row === null || (row.payerCustomerId !== actor.customerId && row.status !== 'completed')) {
    throw errors.noAccess('This transfer is not available.');
  }
  return transferDetailsOf(row, { customerId: actor.customerId });
}

/* Templates */

export async function listTemplates(db: Database, actor: Pick<Actor, 'customerId'>): Promise<TransferTemplate[]> {
  return (await repository.listTemplates(db, { customerId: actor.customerId, limit: MAX_TRANSFER_TEMPLATES })).map(
    templateOf,
  );
}

export async function deleteTemplate(
  db: Database,
  actor: Pick<Actor, 'customerId'>,
  params: { templateId: number },
): Promise<void> {
  if (!(await repository.deleteTemplate(db, { customerId: actor.customerId, templateId: params.templateId }))) {
    throw errors.noAccess('This template is not available.');
  }
}

/* Pre-approved payments */

export async function listPreapprovedPayments(
  db: Database,
  actor: Pick<Actor, 'customerId'>,
  params: { email?: string; type?: TransferKind; fromAmount?: string; toAmount?: string; pageNumber: number },
): Promise<{ subscriptions: PreapprovedPayment[]; total: number }> {
  const filter: standingOrdersRepository.StandingOrderFilter = {
    customerId: actor.customerId,
    email: params.email,
    kind: params.type,
    fromAmount: params.fromAmount,
    toAmount: params.toAmount,
  };
  const rows = await standingOrdersRepository.listStandingOrders(db, {
    filter,
    limit: PREAPPROVED_PAYMENTS_PAGE_SIZE,
    offset: (params.pageNumber - 1) * PREAPPROVED_PAYMENTS_PAGE_SIZE,
  });
  const total = await standingOrdersRepository.countStandingOrders(db, { filter });
  return { subscriptions: rows.map(preapprovedPaymentOf), total };
}
