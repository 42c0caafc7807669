import { MAX_REAUTH_ATTEMPTS, REAUTH_FIELD, REAUTH_TTL_SECONDS } from '@app/shared/api/security-settings';
import { ResponseCode } from '@app/shared/errors';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signIns } from '../../db/schema/auth';
import { reauthGrants } from '../../db/schema/security-factors';
import type { Session } from '../../platform/access-token';
import { recordAudit } from '../../platform/audit';
import { AppError, errors } from '../../platform/errors';
import type { LiveChannel } from '../../platform/live-channel';
import * as customersService from '../customers/customers.service';
import * as repository from './auth.repository';
import { verifyPassword } from './password-hash';

/**
 * Recent authentication before a security change (OpenID Connect `max_age` / `auth_time`): a
 * stolen access token alone must not be enough to swap the second factor or the password. A
 * session counts as recently authenticated for REAUTH_TTL_SECONDS after it was opened, and again
 * for as long after the password is re-entered in it. The grant is bound to the session: another
 * session of the same user gains nothing from it.
 */
export function reauthenticationRequired(): AppError {
  return new AppError(ResponseCode.NO_ACCESS, 'Enter your password again to change security settings.', {
    validationErrors: [{ field: REAUTH_FIELD, message: 'Enter your password to continue.' }],
  });
}

/** Seconds the session may still change security settings without the password; 0 when it may not. */
export async function reauthSecondsLeft(db: Database, session: Pick<Session, 'sessionId'>): Promise<number> {
  const [row] = await db
    .select({
      signInLeft: sql<number>`extract(epoch from ${signIns.createdAt} + make_interval(secs => ${REAUTH_TTL_SECONDS}) - now())::float8`,
      grantLeft: sql<number | null>`extract(epoch from ${reauthGrants.grantedUntil} - now())::float8`,
    })
    .from(signIns)
    .leftJoin(reauthGrants, eq(reauthGrants.signInId, signIns.id))
    .where(and(eq(signIns.id, session.sessionId), isNull(signIns.revokedAt)))
    .limit(1);
  if (row === undefined) return 0;
  return Math.max(0, Math.floor(Math.max(row.signInLeft, row.grantLeft ?? 0)));
}

/** Throws ENOA (field REAUTH_FIELD) unless the session authenticated recently. */
export async function assertRecentAuthentication(db: Database, session: Pick<Session, 'sessionId'>): Promise<void> {
  if ((await reauthSecondsLeft(db, session)) <= 0) throw reauthenticationRequired();
}

/**
 * The password again, in this session. A wrong one is counted; the fifth ends the session, so a
 * stolen token cannot be used to guess the password. Returns the seconds the grant lasts.
 */
export async function reauthenticate(
  db: Database,
  settings: { live: Pick<LiveChannel, 'endSession'> },
  params: { session: Session; password: string; ip: string },
): Promise<number> {
  const { session } = params;
  const user = await customersService.findSignInUserById(db, { userId: session.userId });
  if (user?.status !== 'active') throw errors.auth();
  const isCorrect = await verifyPassword(user.passwordHash, params.password);
  const outcome = await db.transaction(async (tx): Promise<'granted' | 'wrong' | 'ended'> => {
    const live = await repository.lockLiveSignIn(tx, { signInId: session.sessionId });
    if (live === null || live.userId !== session.userId) return 'ended';
    if (isCorrect) {
      await tx
        .insert(reauthGrants)
        .values({
          signInId: session.sessionId,
          userId: session.userId,
          grantedUntil: sql`now() + make_interval(secs => ${REAUTH_TTL_SECONDS})`,
        })
        .onConflictDoUpdate({
          target: reauthGrants.signInId,
          set: {
            grantedUntil: sql`now() + make_interval(secs => ${REAUTH_TTL_SECONDS})`,
            failedAttempts: 0,
            updatedAt: sql`now()`,
          },
        });
      await recordAudit(tx, {
        actorUserId: session.userId,
        customerId: null,
        action: 'auth.reauthenticated',
        details: { signInId: session.sessionId },
        ip: params.ip,
      });
      return 'granted';
    }
    const [counted] = await tx
      .insert(reauthGrants)
      .values({ signInId: session.sessionId, userId: session.userId, failedAttempts: 1 })
      .onConflictDoUpdate({
        target: reauthGrants.signInId,
        set: { failedAttempts: sql`${reauthGrants.failedAttempts} + 1`, updatedAt: sql`now()` },
      })
      .returning({ failedAttempts: reauthGrants.failedAttempts });
    await recordAudit(tx, {
      actorUserId: session.userId,
      customerId: null,
      action: 'auth.reauthenticationFailed',
      details: { signInId: session.sessionId, failedAttempts: counted?.failedAttempts ?? 1 },
      ip: params.ip,
    });
    if ((counted?.failedAttempts ?? 1) < MAX_REAUTH_ATTEMPTS) return 'wrong';
    await repository.revokeSignIn(tx, { signInId: session.sessionId, reason: 'reauth-failed' });
    await settings.live.endSession(tx, session.sessionId);
    return 'ended';
  });
  if (outcome === 'ended') throw errors.auth('Too many incorrect passwords. Please sign in again.');
  if (outcome === 'wrong') throw errors.validation([{ field: 'password', message: 'The password is incorrect.' }]);
  return REAUTH_TTL_SECONDS;
}
