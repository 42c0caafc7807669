import { and, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  authUserSettings,
  loginAttempts,
  refreshTokens,
  signIns,
  trustedBrowsers,
  type LoginAttemptResult,
  type RefreshRevokedReason,
} from '../../db/schema/auth';

/**
 * Queries of the auth domain: sign-ins (sessions), refresh tokens, sign-in attempts, known browsers
 * and per-user sign-in settings. Sign-ins waiting for their second step and sent codes are in
 * login-requests.repository.ts, devices in devices.repository.ts.
 */

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type AuthUserSettingsRow = typeof authUserSettings.$inferSelect;

export async function insertLoginAttempt(db: Database, attempt: typeof loginAttempts.$inferInsert): Promise<void> {
  await db.insert(loginAttempts).values(attempt);
}

/** Only failed guesses count towards the limit: a refused or successful sign-in is not a guess. */
const COUNTED_RESULTS: LoginAttemptResult[] = ['wrongPassword', 'wrongCode', 'unknownUser'];

export interface RecentFailures {
  byUsername: number;
  byIp: number;
  /** Seconds until the oldest counted failure of each kind leaves the window. */
  usernameRetryAfterSeconds: number;
  ipRetryAfterSeconds: number;
}

/**
 * Failed sign-ins within the window, by username and by address, counted in the database so the
 * limit holds across server processes. Times are the database's, like the rows' `created_at`.
 */
export async function countRecentFailures(
  db: Database,
  params: { username: string; ip: string; windowSeconds: number },
): Promise<RecentFailures> {
  const windowStart = sql`now() - make_interval(secs => ${params.windowSeconds})`;
  const retryAfterOf = (condition: SQL) =>
    sql<number>`coalesce(extract(epoch from min(${loginAttempts.createdAt}) filter (where ${condition}) + make_interval(secs => ${params.windowSeconds}) - now()), 0)::float8`;
  const byUsername = sql`${loginAttempts.username} = ${params.username}`;
  const byIp = sql`${loginAttempts.ip} = ${params.ip}`;
  const [row] = await db
    .select({
      byUsername: sql<number>`(count(*) filter (where ${byUsername}))::int`,
      byIp: sql<number>`(count(*) filter (where ${byIp}))::int`,
      usernameRetryAfterSeconds: retryAfterOf(byUsername),
      ipRetryAfterSeconds: retryAfterOf(byIp),
    })
    .from(loginAttempts)
    .where(
      and(
        or(eq(loginAttempts.username, params.username), eq(loginAttempts.ip, params.ip)),
        gt(loginAttempts.createdAt, windowStart),
        inArray(loginAttempts.result, COUNTED_RESULTS),
      ),
    );
  return row ?? { byUsername: 0, byIp: 0, usernameRetryAfterSeconds: 0, ipRetryAfterSeconds: 0 };
}

export async function insertSignIn(db: Database, signIn: typeof signIns.$inferInsert): Promise<void> {
  await db.insert(signIns).values(signIn);
}

export async function insertRefreshToken(
  db: Database,
  token: Omit<typeof refreshTokens.$inferInsert, 'expiresAt'> & { ttlDays: number },
): Promise<void> {
  const { ttlDays, ...values } = token;
  await db.insert(refreshTokens).values({ ...values, expiresAt: sql`now() + make_interval(days => ${ttlDays})` });
}

export async function findRefreshTokenByHash(
  db: Database,
  params: { tokenHash: string },
): Promise<RefreshTokenRow | null> {
  const [token] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, params.tokenHash)).limit(1);
  return token ?? null;
}

/**
 * Locks the sign-in row while it is live. Rotation, reuse detection and logout of one family all
 * pass through this row lock first, in the same order, so they serialise without deadlocks.
 */
export async function lockLiveSignIn(db: Database, params: { signInId: string }): Promise<{ userId: number } | null> {
  const [signIn] = await db
    .update(signIns)
    .set({ lastRefreshedAt: sql`now()` })
    .where(and(eq(signIns.id, params.signInId), isNull(signIns.revokedAt)))
    .returning({ userId: signIns.userId });
  return signIn ?? null;
}

/**
 * The rotation gate: exactly one caller can move a live, unexpired token to rotated. Concurrent
 * callers of the same token get no row back.
 */
export async function markRefreshTokenRotated(db: Database, params: { tokenId: number }): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.id, params.tokenId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

/** Ends the sign-in and every refresh token of its family; an already ended one stays as it was. */
export async function revokeSignIn(
  db: Database,
  params: { signInId: string; reason: RefreshRevokedReason },
): Promise<void> {
  await db
    .update(signIns)
    .set({ revokedAt: sql`now()`, revokedReason: params.reason })
    .where(and(eq(signIns.id, params.signInId), isNull(signIns.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, revokedReason: params.reason })
    .where(and(eq(refreshTokens.familyId, params.signInId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends every live session of the user: each sign-in and every refresh token of its family. The
 * sign-in rows are updated first, which takes the lock a concurrent rotation holds, so a successor
 * token minted at the same moment is already committed when the tokens are revoked, and a rotation
 * that comes after finds its sign-in revoked. Returns the ended sign-ins, to close their sockets.
 */
export async function revokeLiveSignInsOfUser(
  db: Database,
  params: { userId: number; reason: RefreshRevokedReason },
): Promise<string[]> {
  const ended = await db
    .update(signIns)
    .set({ revokedAt: sql`now()`, revokedReason: params.reason })
    .where(and(eq(signIns.userId, params.userId), isNull(signIns.revokedAt)))
    .returning({ id: signIns.id });
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, revokedReason: params.reason })
    .where(and(eq(refreshTokens.userId, params.userId), isNull(refreshTokens.revokedAt)));
  return ended.map((row) => row.id);
}

export async function insertTrustedBrowser(
  db: Database,
  browser: Omit<typeof trustedBrowsers.$inferInsert, 'expiresAt'> & { ttlDays: number },
): Promise<void> {
  const { ttlDays, ...values } = browser;
  await db.insert(trustedBrowsers).values({ ...values, expiresAt: sql`now() + make_interval(days => ${ttlDays})` });
}

/** Whether the secret names an unexpired known browser of this user; marks it used. */
export async function touchTrustedBrowser(
  db: Database,
  params: { userId: number; secretHash: string },
): Promise<boolean> {
  const rows = await db
    .update(trustedBrowsers)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(trustedBrowsers.userId, params.userId),
        eq(trustedBrowsers.secretHash, params.secretHash),
        gt(trustedBrowsers.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: trustedBrowsers.id });
  return rows.length > 0;
}

export async function findUserSettings(db: Database, params: { userId: number }): Promise<AuthUserSettingsRow | null> {
  const [row] = await db.select().from(authUserSettings).where(eq(authUserSettings.userId, params.userId)).limit(1);
  return row ?? null;
}

/** Creates the user's settings row or changes the given columns of it. */
export async function upsertUserSettings(
  db: Database,
  params: { userId: number; set: Partial<Omit<typeof authUserSettings.$inferInsert, 'userId' | 'updatedAt'>> },
): Promise<void> {
  await db
    .insert(authUserSettings)
    .values({ userId: params.userId, ...params.set })
    .onConflictDoUpdate({ target: authUserSettings.userId, set: { ...params.set, updatedAt: sql`now()` } });
}

/**
 * Accepts a TOTP time step for the user only if it is later than the last accepted one: of two
 * concurrent uses of one code exactly one succeeds.
 */
export async function claimTotpStep(db: Database, params: { userId: number; timeStep: number }): Promise<boolean> {
  const rows = await db
    .update(authUserSettings)
    .set({ totpLastUsedStep: params.timeStep, updatedAt: sql`now()` })
    .where(
      and(
        eq(authUserSettings.userId, params.userId),
        or(isNull(authUserSettings.totpLastUsedStep), lt(authUserSettings.totpLastUsedStep, params.timeStep)),
      ),
    )
    .returning({ userId: authUserSettings.userId });
  return rows.length > 0;
}

/** One more wrong code for the enrolment in progress; the new count. */
export async function incrementEnrolmentFailures(db: Database, params: { userId: number }): Promise<number> {
  const [row] = await db
    .update(authUserSettings)
    .set({ totpPendingFailedAttempts: sql`${authUserSettings.totpPendingFailedAttempts} + 1` })
    .where(eq(authUserSettings.userId, params.userId))
    .returning({ failedAttempts: authUserSettings.totpPendingFailedAttempts });
  return row?.failedAttempts ?? 0;
}

export type SignInRow = typeof signIns.$inferSelect;

/** The user's live sessions, most recently active first. */
export function listLiveSignInsOfUser(
  db: Database,
  params: { userId: number; limit: number },
): Promise<Pick<SignInRow, 'id' | 'ip' | 'userAgent' | 'createdAt' | 'lastRefreshedAt'>[]> {
  return db
    .select({
      id: signIns.id,
      ip: signIns.ip,
      userAgent: signIns.userAgent,
      createdAt: signIns.createdAt,
      lastRefreshedAt: signIns.lastRefreshedAt,
    })
    .from(signIns)
    .where(and(eq(signIns.userId, params.userId), isNull(signIns.revokedAt)))
    .orderBy(sql`coalesce(${signIns.lastRefreshedAt}, ${signIns.createdAt}) desc`)
    .limit(params.limit);
}

/** Ends one live session of the user; false when it is not theirs or already ended. */
export async function revokeLiveSignInOfUser(
  db: Database,
  params: { userId: number; signInId: string; reason: RefreshRevokedReason },
): Promise<boolean> {
  const ended = await db
    .update(signIns)
    .set({ revokedAt: sql`now()`, revokedReason: params.reason })
    .where(and(eq(signIns.id, params.signInId), eq(signIns.userId, params.userId), isNull(signIns.revokedAt)))
    .returning({ id: signIns.id });
  if (ended.length === 0) return false;
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()`, revokedReason: params.reason })
    .where(and(eq(refreshTokens.familyId, params.signInId), isNull(refreshTokens.revokedAt)));
  return true;
}

/** Like revokeLiveSignInsOfUser, sparing one session (the caller's). Returns the ended sign-ins. */
export async function revokeOtherLiveSignInsOfUser(
  db: Database,
  params: { userId: number; keepSignInId: string; reason: RefreshRevokedReason },
): Promise<string[]> {
  const ended = await db
    .update(signIns)
    .set({ revokedAt: sql`now()`, revokedReason: params.reason })
    .where(and(eq(signIns.userId, params.userId), isNull(signIns.revokedAt), ne(signIns.id, params.keepSignInId)))
    .returning({ id: signIns.id });
  if (ended.length > 0) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()`, revokedReason: params.reason })
      .where(
        and(
          inArray(
            refreshTokens.familyId,
            ended.map((row) => row.id),
          ),
          isNull(refreshTokens.revokedAt),
        ),
      );
  }
  return ended.map((row) => row.id);
}

export type LoginAttemptRow = typeof loginAttempts.$inferSelect;

/** The user's sign-in attempts between two moments (either may be open), newest first, and their count. */
export async function pageLoginAttemptsOfUser(
  db: Database,
  params: {
    userId: number;
    from: Date | null;
    to: Date | null;
    results: LoginAttemptResult[] | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: LoginAttemptRow[]; total: number }> {
  const where = and(
    eq(loginAttempts.userId, params.userId),
    params.from === null ? undefined : gte(loginAttempts.createdAt, params.from),
    params.to === null ? undefined : lt(loginAttempts.createdAt, params.to),
    params.results === null ? undefined : inArray(loginAttempts.result, params.results),
  );
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(where)
    .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
    .limit(params.limit)
    .offset(params.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}
