import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@app/shared/api/security-settings';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recoveryCodes } from '../../db/schema/security-factors';
import { sha256Hex } from './auth-secrets';

/**
 * Recovery codes of the authenticator app: ten single-use codes shown once when the app is set up,
 * each accepted at sign-in in place of a TOTP. A new set replaces the old one whole. Stored as
 * SHA-256 of the user id and the code: about 50 random bits each, so a slow hash adds nothing.
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP_LENGTH = 5;

function newRecoveryCode(): string {
  const group = () => {
    let text = '';
    for (let index = 0; index < GROUP_LENGTH; index += 1) text += ALPHABET.charAt(randomInt(0, ALPHABET.length));
    return text;
  };
  return `${group()}-${group()}`;
}

function hashOf(userId: number, code: string): string {
  return sha256Hex(`recovery:${userId}:${code}`);
}

/** As typed: case and spaces do not matter, the dash is optional. */
export function normaliseRecoveryCode(typed: string): string | null {
  const compact = typed.trim().toLowerCase().replace(/[\s-]/g, '');
  if (compact.length !== GROUP_LENGTH * 2) return null;
  const code = `${compact.slice(0, GROUP_LENGTH)}-${compact.slice(GROUP_LENGTH)}`;
  return RECOVERY_CODE_PATTERN.test(code) ? code : null;
}

/** A fresh set for the user, in the caller's transaction; the old codes stop working. Returns the codes. */
export async function replaceRecoveryCodes(tx: Database, params: { userId: number }): Promise<string[]> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, params.userId));
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await tx
    .insert(recoveryCodes)
    .values([...codes].map((code) => ({ userId: params.userId, codeHash: hashOf(params.userId, code) })));
  return [...codes];
}

export async function removeRecoveryCodes(tx: Database, params: { userId: number }): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, params.userId));
}

/** Uses one code: true exactly once per code, also under concurrent use. */
export async function consumeRecoveryCode(db: Database, params: { userId: number; code: string }): Promise<boolean> {
  const code = normaliseRecoveryCode(params.code);
  if (code === null) return false;
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, params.userId),
        eq(recoveryCodes.codeHash, hashOf(params.userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Database, params: { userId: number }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, params.userId), isNull(recoveryCodes.usedAt)));
  return row?.count ?? 0;
}
