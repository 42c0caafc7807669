import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { publicRequestCounters } from '../../db/schema/registration';
import { errors } from '../../platform/errors';
import { sha256Hex } from './registration-secrets';

/**
 * Limits of the public calls, per client address and, where one is named, per e-mail (DESIGN.md §6).
 * Fixed windows counted in the database, so they hold across server processes; one upsert per check.
 * A refused call still counts, so hammering does not reopen the window early.
 */
export interface PublicRequestLimit {
  /** Names the limit in the counter key, e.g. 'passwordReset'. */
  name: string;
  max: number;
  windowSeconds: number;
}

const HOUR_SECONDS = 3_600;
const QUARTER_HOUR_SECONDS = 900;

export const PUBLIC_REQUEST_LIMITS = {
  registrationPerIp: { name: 'registration:ip', max: 10, windowSeconds: HOUR_SECONDS },
  activationPerIp: { name: 'activation:ip', max: 30, windowSeconds: QUARTER_HOUR_SECONDS },
  activationResendPerEmail: { name: 'activationResend:email', max: 3, windowSeconds: HOUR_SECONDS },
  activationResendPerIp: { name: 'activationResend:ip', max: 10, windowSeconds: HOUR_SECONDS },
  passwordResetPerEmail: { name: 'passwordReset:email', max: 3, windowSeconds: HOUR_SECONDS },
  passwordResetPerIp: { name: 'passwordReset:ip', max: 10, windowSeconds: HOUR_SECONDS },
  passwordResetCodePerIp: { name: 'passwordResetCode:ip', max: 30, windowSeconds: QUARTER_HOUR_SECONDS },
  existenceCheckPerIp: { name: 'existenceCheck:ip', max: 30, windowSeconds: QUARTER_HOUR_SECONDS },
} as const satisfies Record<string, PublicRequestLimit>;

/** Counters older than this are of no window any more. */
const COUNTER_RETENTION_SECONDS = 2 * 86_400;

/** Counts one request under the key; throws RL (with Retry-After) once the window's maximum is passed. */
export async function countPublicRequest(
  db: Database,
  limit: PublicRequestLimit,
  subject: { ip: string } | { email: string },
): Promise<void> {
  const subjectKey = 'ip' in subject ? subject.ip : sha256Hex(subject.email);
  const key = `${limit.name}:${subjectKey}`;
  const windowStart = sql`to_timestamp(floor(extract(epoch from now()) / ${limit.windowSeconds}) * ${limit.windowSeconds})`;
  const [row] = await db
    .insert(publicRequestCounters)
    .values({ key, windowStartedAt: windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [publicRequestCounters.key, publicRequestCounters.windowStartedAt],
      set: { hits: sql`${publicRequestCounters.hits} + 1` },
    })
    .returning({
      hits: publicRequestCounters.hits,
      secondsLeft: sql<number>`extract(epoch from ${publicRequestCounters.windowStartedAt} + make_interval(secs => ${limit.windowSeconds}) - now())::float8`,
    });
  if (row !== undefined && row.hits > limit.max) throw errors.rateLimited(row.secondsLeft);
}

export async function deleteExpiredCounters(db: Database): Promise<void> {
  await db
    .delete(publicRequestCounters)
    .where(sql`${publicRequestCounters.windowStartedAt} < now() - make_interval(secs => ${COUNTER_RETENTION_SECONDS})`);
}
