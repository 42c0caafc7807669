import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  activationCodes,
  emailConfirmations,
  passwordResets,
  registrationProfiles,
  type ActivationPurpose,
} from '../../db/schema/registration';

/**
 * Queries of the registration domain: what people told us at sign-up, activation codes, password
 * resets and e-mail confirmations. Users, customers, terms and sessions belong to the customers and
 * auth domains: registration reaches them through customers.service.ts and auth.service.ts.
 */

export type RegistrationProfileRow = typeof registrationProfiles.$inferSelect;
export type ActivationCodeRow = typeof activationCodes.$inferSelect;
export type PasswordResetRow = typeof passwordResets.$inferSelect;

/** Inserts the profile unless its phone number is taken; false when it is. */
export async function insertRegistrationProfile(
  db: Database,
  profile: typeof registrationProfiles.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(registrationProfiles)
    .values(profile)
    .onConflictDoNothing()
    .returning({ userId: registrationProfiles.userId });
  return rows.length > 0;
}

/** The registration languages of many users; users without a profile are left out. */
export async function findRegistrationLanguages(
  db: Database,
  params: { userIds: number[] },
): Promise<Map<number, RegistrationProfileRow['language']>> {
  if (params.userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: registrationProfiles.userId, language: registrationProfiles.language })
    .from(registrationProfiles)
    .where(inArray(registrationProfiles.userId, params.userIds));
  return new Map(rows.map((row) => [row.userId, row.language]));
}

export async function findRegistrationProfile(
  db: Database,
  params: { userId: number },
): Promise<RegistrationProfileRow | null> {
  const [row] = await db
    .select()
    .from(registrationProfiles)
    .where(eq(registrationProfiles.userId, params.userId))
    .limit(1);
  return row ?? null;
}

export async function isPhoneRegistered(db: Database, params: { phone: string }): Promise<boolean> {
  const rows = await db
    .select({ userId: registrationProfiles.userId })
    .from(registrationProfiles)
    .where(eq(registrationProfiles.phone, params.phone))
    .limit(1);
  return rows.length > 0;
}

export async function markProfileActivated(db: Database, params: { userId: number }): Promise<void> {
  await db
    .update(registrationProfiles)
    .set({ activatedAt: sql`now()` })
    .where(eq(registrationProfiles.userId, params.userId));
}

/**
 * Stores a fresh code and link for the user, replacing any earlier one: only the latest mail works,
 * its wrong tries start from zero, and the send count keeps growing for the re-send limits.
 */
export async function replaceActivationCode(
  db: Database,
  params: { userId: number; purpose: ActivationPurpose; codeHash: string; linkTokenHash: string; ttlHours: number },
): Promise<ActivationCodeRow> {
  const expiresAt = sql`now() + make_interval(hours => ${params.ttlHours})`;
  const [row] = await db
    .insert(activationCodes)
    .values({
      userId: params.userId,
      purpose: params.purpose,
      codeHash: params.codeHash,
      linkTokenHash: params.linkTokenHash,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: activationCodes.userId,
      set: {
        purpose: params.purpose,
        codeHash: params.codeHash,
        linkTokenHash: params.linkTokenHash,
        failedAttempts: 0,
        sendCount: sql`${activationCodes.sendCount} + 1`,
        lastSentAt: sql`now()`,
        expiresAt,
        usedAt: null,
      },
    })
    .returning();
  if (row === undefined) throw new Error('upsert into activation_codes returned no row');
  return row;
}

export interface LockedActivationCode extends ActivationCodeRow {
  isExpired: boolean;
}

/** The user's activation, locked: concurrent tries of one code are decided one after the other. */
export async function lockActivationCode(
  db: Database,
  params: { userId: number },
): Promise<LockedActivationCode | null> {
  const [row] = await db
    .select({ code: activationCodes, isExpired: sql<boolean>`${activationCodes.expiresAt} <= now()` })
    .from(activationCodes)
    .where(eq(activationCodes.userId, params.userId))
    .for('update')
    .limit(1);
  return row === undefined ? null : { ...row.code, isExpired: row.isExpired };
}

export async function incrementActivationFailures(db: Database, params: { id: number }): Promise<number> {
  const [row] = await db
    .update(activationCodes)
    .set({ failedAttempts: sql`${activationCodes.failedAttempts} + 1` })
    .where(eq(activationCodes.id, params.id))
    .returning({ failedAttempts: activationCodes.failedAttempts });
  return row?.failedAttempts ?? 0;
}

export async function markActivationCodeUsed(db: Database, params: { id: number }): Promise<void> {
  await db
    .update(activationCodes)
    .set({ usedAt: sql`now()` })
    .where(eq(activationCodes.id, params.id));
}

/** Users of the list who still wait for an activation mail (none was sent, or it was used up). */
export async function findUsersWithoutLiveActivation(db: Database, params: { userIds: number[] }): Promise<number[]> {
  if (params.userIds.length === 0) return [];
  const live = await db
    .select({ userId: activationCodes.userId })
    .from(activationCodes)
    .where(
      and(
        inArray(activationCodes.userId, params.userIds),
        isNull(activationCodes.usedAt),
        gt(activationCodes.expiresAt, sql`now()`),
      ),
    );
  const withLive = new Set(live.map((row) => row.userId));
  return params.userIds.filter((userId) => !withLive.has(userId));
}

/** A new reset request ends the open ones for the same e-mail: only the latest code works. */
export async function supersedeOpenResets(db: Database, params: { email: string }): Promise<void> {
  await db
    .update(passwordResets)
    .set({ supersededAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.email, params.email),
        isNull(passwordResets.completedAt),
        isNull(passwordResets.supersededAt),
      ),
    );
}

export async function insertPasswordReset(
  db: Database,
  params: Omit<typeof passwordResets.$inferInsert, 'codeExpiresAt'> & { codeTtlMinutes: number },
): Promise<void> {
  const { codeTtlMinutes, ...values } = params;
  await db
    .insert(passwordResets)
    .values({ ...values, codeExpiresAt: sql`now() + make_interval(mins => ${codeTtlMinutes})` });
}

export interface LockedPasswordReset extends PasswordResetRow {
  isCodeExpired: boolean;
  isTokenExpired: boolean;
}

const resetExpiryColumns = {
  isCodeExpired: sql<boolean>`${passwordResets.codeExpiresAt} <= now()`,
  isTokenExpired: sql<boolean>`coalesce(${passwordResets.resetTokenExpiresAt} <= now(), true)`,
};

/** The e-mail's latest open reset, locked against a concurrent check of the same code. */
export async function lockOpenReset(db: Database, params: { email: string }): Promise<LockedPasswordReset | null> {
  const [row] = await db
    .select({ reset: passwordResets, ...resetExpiryColumns })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.email, params.email),
        isNull(passwordResets.completedAt),
        isNull(passwordResets.supersededAt),
      ),
    )
    .orderBy(desc(passwordResets.createdAt))
    .for('update')
    .limit(1);
  return row === undefined
    ? null
    : { ...row.reset, isCodeExpired: row.isCodeExpired, isTokenExpired: row.isTokenExpired };
}

/** The reset the token belongs to; locked when `forUpdate` (inside the transaction that completes it). */
export async function findResetByToken(
  db: Database,
  params: { resetTokenHash: string; forUpdate: boolean },
): Promise<LockedPasswordReset | null> {
  const query = db
    .select({ reset: passwordResets, ...resetExpiryColumns })
    .from(passwordResets)
    .where(eq(passwordResets.resetTokenHash, params.resetTokenHash))
    .limit(1);
  const [row] = params.forUpdate ? await query.for('update') : await query;
  return row === undefined
    ? null
    : { ...row.reset, isCodeExpired: row.isCodeExpired, isTokenExpired: row.isTokenExpired };
}

export async function incrementResetFailures(db: Database, params: { id: string }): Promise<number> {
  const [row] = await db
    .update(passwordResets)
    .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
    .where(eq(passwordResets.id, params.id))
    .returning({ failedAttempts: passwordResets.failedAttempts });
  return row?.failedAttempts ?? 0;
}

/** A right code: the reset gets a (new) token; an earlier token of the same reset stops working. */
export async function markResetCodeVerified(
  db: Database,
  params: { id: string; resetTokenHash: string; tokenTtlMinutes: number },
): Promise<void> {
  await db
    .update(passwordResets)
    .set({
      codeVerifiedAt: sql`coalesce(${passwordResets.codeVerifiedAt}, now())`,
      resetTokenHash: params.resetTokenHash,
      resetTokenExpiresAt: sql`now() + make_interval(mins => ${params.tokenTtlMinutes})`,
    })
    .where(eq(passwordResets.id, params.id));
}

export async function markResetCompleted(db: Database, params: { id: string }): Promise<void> {
  await db
    .update(passwordResets)
    .set({ completedAt: sql`now()` })
    .where(eq(passwordResets.id, params.id));
}

export async function insertEmailConfirmation(
  db: Database,
  params: { userId: number; email: string; tokenHash: string; ttlHours: number },
): Promise<void> {
  await db.insert(emailConfirmations).values({
    userId: params.userId,
    email: params.email,
    tokenHash: params.tokenHash,
    expiresAt: sql`now() + make_interval(hours => ${params.ttlHours})`,
  });
}

/** Confirms the e-mail of a live, unused link; null when the link is unknown, used or expired. */
export async function confirmEmailByToken(
  db: Database,
  params: { tokenHash: string },
): Promise<{ userId: number; email: string } | null> {
  const [row] = await db
    .update(emailConfirmations)
    .set({ confirmedAt: sql`now()` })
    .where(
      and(
        eq(emailConfirmations.tokenHash, params.tokenHash),
        isNull(emailConfirmations.confirmedAt),
        gt(emailConfirmations.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailConfirmations.userId, email: emailConfirmations.email });
  return row ?? null;
}

export async function isEmailConfirmed(db: Database, params: { userId: number; email: string }): Promise<boolean> {
  const rows = await db
    .select({ id: emailConfirmations.id })
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.userId, params.userId),
        eq(emailConfirmations.email, params.email),
        lte(emailConfirmations.confirmedAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
