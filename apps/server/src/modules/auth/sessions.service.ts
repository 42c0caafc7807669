import { MAX_LISTED_SESSIONS } from '@app/shared/api/security-settings';
import type { Database } from '../../db/client';
import type { LoginAttemptResult } from '../../db/schema/auth';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import type { LiveChannel } from '../../platform/live-channel';
import { recordSecurityChange } from '../security/two-step-notice.service';
import * as repository from './auth.repository';

/**
 * The user's own sessions (refresh-token families) and sign-in attempts, for the security
 * settings: list them, end one, end all but the current one. Ending a session kills its refresh
 * tokens and closes its sockets in the same transaction.
 */
type Live = Pick<LiveChannel, 'endSession'>;

export interface LiveSessionRow {
  id: string;
  ip: string;
  userAgent: string | null;
  createdAt: Date;
  lastActiveAt: Date;
  isCurrent: boolean;
}

export async function listSessions(db: Database, params: { session: Session }): Promise<LiveSessionRow[]> {
  const rows = await repository.listLiveSignInsOfUser(db, {
    userId: params.session.userId,
    limit: MAX_LISTED_SESSIONS,
  });
  return rows
    .map((row) => ({
      id: row.id,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: row.createdAt,
      lastActiveAt: row.lastRefreshedAt ?? row.createdAt,
      isCurrent: row.id === params.session.sessionId,
    }))
    .sort((first, second) => Number(second.isCurrent) - Number(first.isCurrent));
}

/** Another user's session id, or one already ended, answers ENOA like a missing one. */
export async function endSession(
  db: Database,
  settings: { live: Live },
  params: { session: Session; sessionId: string; ip: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const isEnded = await repository.revokeLiveSignInOfUser(tx, {
      userId: params.session.userId,
      signInId: params.sessionId,
      reason: 'ended-by-user',
    });
    if (!isEnded) throw errors.noAccess("This session doesn't exist or has ended.");
    await settings.live.endSession(tx, params.sessionId);
    await recordSecurityChange(tx, {
      actorUserId: params.session.userId,
      customerId: null,
      action: 'security.sessionsEnded',
      details: { sessionIds: [params.sessionId], isCurrent: params.sessionId === params.session.sessionId },
      ip: params.ip,
    });
  });
}

export async function endOtherSessions(
  db: Database,
  settings: { live: Live },
  params: { session: Session; ip: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await repository.revokeOtherLiveSignInsOfUser(tx, {
      userId: params.session.userId,
      keepSignInId: params.session.sessionId,
      reason: 'ended-by-user',
    });
    for (const signInId of ended) await settings.live.endSession(tx, signInId);
    if (ended.length > 0) {
      await recordSecurityChange(tx, {
        actorUserId: params.session.userId,
        customerId: null,
        action: 'security.sessionsEnded',
        details: { count: ended.length },
        ip: params.ip,
      });
    }
    return ended.length;
  });
}

const FAILURE_RESULTS: LoginAttemptResult[] = [
  'wrongPassword',
  'wrongCode',
  'unknownUser',
  'rateLimited',
  'blocked',
  'badRequest',
  'ipRefused',
];
const SUCCESS_RESULTS: LoginAttemptResult[] = ['success'];

/**
 * Attempts on the user's account. `challenged` (the password was right and a second step began) is
 * left out: the second step ends in its own row, a success or a wrong code.
 */
export function loginAttemptsPage(
  db: Database,
  params: {
    userId: number;
    from: Date | null;
    to: Date | null;
    result: 'success' | 'failure' | null;
    limit: number;
    offset: number;
  },
) {
  return repository.pageLoginAttemptsOfUser(db, {
    userId: params.userId,
    from: params.from,
    to: params.to,
    results:
      params.result === null
        ? [...SUCCESS_RESULTS, ...FAILURE_RESULTS]
        : params.result === 'success'
          ? SUCCESS_RESULTS
          : FAILURE_RESULTS,
    limit: params.limit,
    offset: params.offset,
  });
}
