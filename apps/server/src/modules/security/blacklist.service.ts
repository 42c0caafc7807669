import { MAX_BLACKLIST_ENTRIES, type BlacklistEntry } from '@app/shared/api/security';
import type { Database } from '../../db/client';
import { errors } from '../../platform/errors';
import * as repository from './blacklist.repository';
import { recordSecurityChange } from './security-notice';

/**
 * The payout blacklist (spec 001 §3 "Blacklist user"): a customer lists e-mails it neither pays nor
 * accepts money from. Transfers ask `isBlocked` before moving money in either direction; the
 * security settings manage the list, recording every change in the audit log.
 */

/** Block types: 1 blocks transfers both ways (the only one so far). */
export const BlockType = { TRANSFERS: 1 } as const;
export type BlockType = (typeof BlockType)[keyof typeof BlockType];

/**
 * Whether money may not move between a customer (known by its id and the e-mails it acts under)
 * and a counterparty e-mail (and its customer, when it has one): true when the customer listed the
 * e-mail, or the counterparty listed one of the customer's e-mails.
 */
export function isBlocked(
  db: Database,
  params: { customerId: number; ownEmails: string[]; counterpartyEmail: string; counterpartyCustomerId: number | null },
): Promise<boolean> {
  return repository.existsBlockBetween(db, {
    customerId: params.customerId,
    counterpartyEmail: params.counterpartyEmail.toLowerCase(),
    counterpartyCustomerId: params.counterpartyCustomerId,
    ownEmails: params.ownEmails.map((email) => email.toLowerCase()),
  });
}

export async function blockEmail(
  db: Database,
  params: { customerId: number; email: string; blockType?: BlockType },
): Promise<void> {
  await repository.upsertEntry(db, {
    customerId: params.customerId,
    email: params.email.toLowerCase(),
    blockType: params.blockType ?? BlockType.TRANSFERS,
  });
}

/** Returns whether the e-mail was listed. */
export function unblockEmail(db: Database, params: { customerId: number; email: string }): Promise<boolean> {
  return repository.deleteEntry(db, { customerId: params.customerId, email: params.email.toLowerCase() });
}

/* Managing the list (spec 001 §3 "Blacklist user", §7 "Security settings") */

export interface BlacklistActor {
  userId: number;
  customerId: number;
  ip: string;
}

function entryOf(row: repository.BlacklistRow): BlacklistEntry {
  return { email: row.email, blockType: row.blockType, created: row.createdAt.toISOString() };
}

export async function listBlacklist(
  db: Database,
  params: { customerId: number; email?: string; blockType?: number; pageNumber: number; pageSize: number },
): Promise<{ list: BlacklistEntry[]; total: number }> {
  const { rows, total } = await repository.listEntries(db, {
    customerId: params.customerId,
    emailContains: params.email?.toLowerCase(),
    blockType: params.blockType,
    limit: params.pageSize,
    offset: (params.pageNumber - 1) * params.pageSize,
  });
  return { list: rows.map(entryOf), total };
}

export async function addToBlacklist(
  db: Database,
  actor: BlacklistActor,
  params: { email: string; blockType: BlockType },
): Promise<BlacklistEntry> {
  const email = params.email.toLowerCase();
  return db.transaction(async (tx) => {
    const existing = await repository.findEntry(tx, { customerId: actor.customerId, email });
    if (existing === null && (await repository.countEntries(tx, actor)) >= MAX_BLACKLIST_ENTRIES) {
      throw errors.validation([
        { field: 'form', message: `The blacklist holds at most ${MAX_BLACKLIST_ENTRIES} e-mails. Remove one first.` },
      ]);
    }
    const row = await repository.upsertEntry(tx, { customerId: actor.customerId, email, blockType: params.blockType });
    await recordSecurityChange(tx, {
      actorUserId: actor.userId,
      customerId: actor.customerId,
      action: 'security.blacklistChanged',
      details: { change: existing === null ? 'added' : 'updated', email, blockType: params.blockType },
      ip: actor.ip,
    });
    return entryOf(row);
  });
}

export async function removeFromBlacklist(
  db: Database,
  actor: BlacklistActor,
  params: { email: string },
): Promise<void> {
  const email = params.email.toLowerCase();
  await db.transaction(async (tx) => {
    const isRemoved = await repository.deleteEntry(tx, { customerId: actor.customerId, email });
    if (!isRemoved) throw errors.validation([{ field: 'email', message: 'This e-mail is not on your blacklist.' }]);
    await recordSecurityChange(tx, {
      actorUserId: actor.userId,
      customerId: actor.customerId,
      action: 'security.blacklistChanged',
      details: { change: 'deleted', email },
      ip: actor.ip,
    });
  });
}
