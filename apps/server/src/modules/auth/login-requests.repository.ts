import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  loginRequests,
  verificationCodes,
  type LoginRequestStatus,
  type VerificationChannel,
  type VerificationPurpose,
} from '../../db/schema/auth';

/**
 * Queries of sign-ins waiting for their second step (login requests) and of the codes sent by SMS
 * or e-mail. Times are the database's (`now()`), like the rows' own timestamps, so expiry and
 * cool-downs agree across server processes.
 */

export type LoginRequestRow = typeof loginRequests.$inferSelect;
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export async function insertLoginRequest(
  db: Database,
  request: Omit<typeof loginRequests.$inferInsert, 'expiresAt' | 'pushExpiresAt'> & {
    ttlSeconds: number;
    pushTtlSeconds?: number;
  },
): Promise<LoginRequestRow> {
  const { ttlSeconds, pushTtlSeconds, ...values } = request;
  const [row] = await db
    .insert(loginRequests)
    .values({
      ...values,
      expiresAt: secondsFromNow(ttlSeconds),
      pushExpiresAt: pushTtlSeconds === undefined ? null : secondsFromNow(pushTtlSeconds),
      pushLastSentAt: pushTtlSeconds === undefined ? null : sql`now()`,
    })
    .returning();
  if (row === undefined) throw new Error('login request insert returned no row');
  return row;
}

/** Whose sign-in a code belongs to, without locking: the address check before the exchange. */
export async function findLoginRequestUserIdByCodeHash(
  db: Database,
  params: { codeHash: string },
): Promise<number | null> {
  const [row] = await db
    .select({ userId: loginRequests.userId })
    .from(loginRequests)
    .where(eq(loginRequests.codeHash, params.codeHash))
    .limit(1);
  return row?.userId ?? null;
}

/** The request a code names, locked, with whether it has expired by the database clock. */
export async function lockLoginRequestByCodeHash(
  db: Database,
  params: { codeHash: string },
): Promise<(LoginRequestRow & { isExpired: boolean }) | null> {
  const [row] = await db
    .select({ request: loginRequests, isExpired: sql<boolean>`${loginRequests.expiresAt} <= now()` })
    .from(loginRequests)
    .where(eq(loginRequests.codeHash, params.codeHash))
    .for('update');
  return row === undefined ? null : { ...row.request, isExpired: row.isExpired };
}

/** A live request by its temporary token, locked; seconds since the last push, for the cool-down. */
export async function lockLoginRequestByTmpToken(
  db: Database,
  params: { tmpTokenHash: string },
): Promise<(LoginRequestRow & { isExpired: boolean; secondsSincePush: number | null }) | null> {
  const [row] = await db
    .select({
      request: loginRequests,
      isExpired: sql<boolean>`${loginRequests.expiresAt} <= now()`,
      secondsSincePush: sql<number | null>`extract(epoch from now() - ${loginRequests.pushLastSentAt})::float8`,
    })
    .from(loginRequests)
    .where(eq(loginRequests.tmpTokenHash, params.tmpTokenHash))
    .for('update');
  return row === undefined
    ? null
    : { ...row.request, isExpired: row.isExpired, secondsSincePush: row.secondsSincePush };
}

export async function findLoginRequestByTmpToken(
  db: Database,
  params: { tmpTokenHash: string },
): Promise<LoginRequestRow | null> {
  const [row] = await db
    .select()
    .from(loginRequests)
    .where(and(eq(loginRequests.tmpTokenHash, params.tmpTokenHash), gt(loginRequests.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

export async function updateLoginRequest(
  db: Database,
  params: { id: string; set: Partial<Omit<typeof loginRequests.$inferInsert, 'id'>> },
): Promise<void> {
  await db.update(loginRequests).set(params.set).where(eq(loginRequests.id, params.id));
}

/** One more wrong code; the new count, so the caller can lock at the limit. */
export async function incrementLoginRequestFailures(db: Database, params: { id: string }): Promise<number> {
  const [row] = await db
    .update(loginRequests)
    .set({ failedAttempts: sql`${loginRequests.failedAttempts} + 1` })
    .where(eq(loginRequests.id, params.id))
    .returning({ failedAttempts: loginRequests.failedAttempts });
  return row?.failedAttempts ?? 0;
}

/** Pushes sent again: one more send and a fresh answer window. */
export async function markPushResent(
  db: Database,
  params: { id: string; pushTtlSeconds: number },
): Promise<LoginRequestRow | null> {
  const [row] = await db
    .update(loginRequests)
    .set({
      pushSendCount: sql`${loginRequests.pushSendCount} + 1`,
      pushLastSentAt: sql`now()`,
      pushExpiresAt: secondsFromNow(params.pushTtlSeconds),
    })
    .where(eq(loginRequests.id, params.id))
    .returning();
  return row ?? null;
}

/**
 * The answer of a device: moves the user's unanswered, unexpired push to its outcome. Of two
 * devices answering at once exactly one gets the row back; another user's request is never found.
 */
export async function decidePushRequestOfUser(
  db: Database,
  params: {
    id: string;
    userId: number;
    status: Extract<LoginRequestStatus, 'ready' | 'declined'>;
    deviceId: number;
  } & Pick<typeof loginRequests.$inferInsert, 'codeHash' | 'pushCodeEncrypted'>,
): Promise<LoginRequestRow | null> {
  const [row] = await db
    .update(loginRequests)
    .set({
      status: params.status,
      deviceId: params.deviceId,
      decidedAt: sql`now()`,
      codeHash: params.codeHash,
      pushCodeEncrypted: params.pushCodeEncrypted,
    })
    .where(
      and(
        eq(loginRequests.id, params.id),
        eq(loginRequests.userId, params.userId),
        eq(loginRequests.flow, 'push'),
        eq(loginRequests.status, 'awaitingApproval'),
        gt(loginRequests.pushExpiresAt, sql`now()`),
        gt(loginRequests.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** Pushes nobody answered in time become expired; each is returned once, to one process. */
export async function expireOverduePushRequests(db: Database, params: { limit: number }): Promise<LoginRequestRow[]> {
  const overdue = db
    .select({ id: loginRequests.id })
    .from(loginRequests)
    .where(and(eq(loginRequests.status, 'awaitingApproval'), lt(loginRequests.pushExpiresAt, sql`now()`)))
    .limit(params.limit)
    .for('update', { skipLocked: true });
  return db
    .update(loginRequests)
    .set({ status: 'expired' })
    .where(and(inArray(loginRequests.id, overdue), eq(loginRequests.status, 'awaitingApproval')))
    .returning();
}

/** Unanswered pushes of the user that a device may still answer, newest first. */
export async function findAwaitingPushRequests(
  db: Database,
  params: { userId: number; limit: number },
): Promise<LoginRequestRow[]> {
  return db
    .select()
    .from(loginRequests)
    .where(
      and(
        eq(loginRequests.userId, params.userId),
        eq(loginRequests.status, 'awaitingApproval'),
        gt(loginRequests.pushExpiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(loginRequests.createdAt))
    .limit(params.limit);
}

export interface PushBudget {
  sentLastHour: number;
  /** Seconds until the oldest counted push leaves the hour. */
  retryAfterSeconds: number;
}

/** Pushes sent to the user's devices for sign-ins started within the last hour. */
export async function countPushesLastHour(db: Database, params: { userId: number }): Promise<PushBudget> {
  const [row] = await db
    .select({
      sentLastHour: sql<number>`coalesce(sum(${loginRequests.pushSendCount}), 0)::int`,
      retryAfterSeconds: sql<number>`coalesce(extract(epoch from min(${loginRequests.createdAt}) + interval '1 hour' - now()), 0)::float8`,
    })
    .from(loginRequests)
    .where(
      and(
        eq(loginRequests.userId, params.userId),
        eq(loginRequests.flow, 'push'),
        gt(loginRequests.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return row ?? { sentLastHour: 0, retryAfterSeconds: 0 };
}

/** Inserts the subject's code, or replaces it on a re-send (one more send, a fresh expiry). */
export async function upsertVerificationCode(
  db: Database,
  code: {
    userId: number;
    purpose: VerificationPurpose;
    subjectKey: string;
    channel: VerificationChannel;
    recipient: string;
    codeHash: string;
    identifier: string;
    ttlSeconds: number;
  },
): Promise<VerificationCodeRow> {
  const { ttlSeconds, ...values } = code;
  const [row] = await db
    .insert(verificationCodes)
    .values({ ...values, expiresAt: secondsFromNow(ttlSeconds) })
    .onConflictDoUpdate({
      target: [verificationCodes.purpose, verificationCodes.subjectKey],
      set: {
        channel: values.channel,
        recipient: values.recipient,
        codeHash: values.codeHash,
        identifier: values.identifier,
        sendCount: sql`${verificationCodes.sendCount} + 1`,
        lastSentAt: sql`now()`,
        expiresAt: secondsFromNow(ttlSeconds),
      },
    })
    .returning();
  if (row === undefined) throw new Error('verification code upsert returned no row');
  return row;
}

export async function findVerificationCode(
  db: Database,
  params: { purpose: VerificationPurpose; subjectKey: string },
): Promise<(VerificationCodeRow & { isExpired: boolean; secondsSinceSent: number }) | null> {
  const [row] = await db
    .select({
      code: verificationCodes,
      isExpired: sql<boolean>`${verificationCodes.expiresAt} <= now()`,
      secondsSinceSent: sql<number>`extract(epoch from now() - ${verificationCodes.lastSentAt})::float8`,
    })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, params.purpose), eq(verificationCodes.subjectKey, params.subjectKey)))
    .limit(1);
  return row === undefined ? null : { ...row.code, isExpired: row.isExpired, secondsSinceSent: row.secondsSinceSent };
}

export async function deleteVerificationCode(
  db: Database,
  params: { purpose: VerificationPurpose; subjectKey: string },
): Promise<void> {
  await db
    .delete(verificationCodes)
    .where(and(eq(verificationCodes.purpose, params.purpose), eq(verificationCodes.subjectKey, params.subjectKey)));
}

/** Codes sent to the user on the channel within the last hour (each re-send counts). */
export async function countCodesSentLastHour(
  db: Database,
  params: { userId: number; channel: VerificationChannel },
): Promise<number> {
  const [row] = await db
    .select({ sent: sql<number>`coalesce(sum(${verificationCodes.sendCount}), 0)::int` })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, params.userId),
        eq(verificationCodes.channel, params.channel),
        gt(verificationCodes.lastSentAt, sql`now() - interval '1 hour'`),
      ),
    );
  return row?.sent ?? 0;
}
