import type { Database } from '../../db/client';
import * as repository from './blacklist.repository';

/**
 * The payout blacklist (spec 001 §3 "Blacklist user"): a customer lists e-mails it neither pays nor
 * accepts money from. Transfers ask `isBlocked` before moving money in either direction; the
 * screens that manage the list come with the security settings.
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
