import type { Database } from '../db/client';
import { auditLog } from '../db/schema/platform';

/**
 * The audit log of security events and approvals (DESIGN.md §6). Write it with the same handle as
 * the change it records, inside that transaction, so an entry exists exactly when the change does.
 * Details describe the event (ids, old and new modes, the reason); never secrets, codes or card data.
 */
export interface AuditEntry {
  /** null for events without a signed-in actor (a failed sign-in, a system job). */
  actorUserId: number | null;
  customerId: number | null;
  /** Dotted, domain first: 'auth.signIn', 'security.twoFactorChanged', 'approvals.approved'. */
  action: string;
  details?: Record<string, unknown>;
  ip: string | null;
}

const ACTION_PATTERN = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/;
const MAX_ACTION_LENGTH = 100;
const MAX_DETAILS_BYTES = 4_096;

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  if (entry.action.length > MAX_ACTION_LENGTH || !ACTION_PATTERN.test(entry.action)) {
    throw new Error(`Audit action "${entry.action}" must be dotted lowerCamelCase, domain first`);
  }
  if (entry.details !== undefined && Buffer.byteLength(JSON.stringify(entry.details)) > MAX_DETAILS_BYTES) {
    throw new Error(`Audit details of ${entry.action} exceed ${MAX_DETAILS_BYTES} bytes`);
  }
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    customerId: entry.customerId,
    action: entry.action,
    details: entry.details ?? null,
    ip: entry.ip,
  });
}
