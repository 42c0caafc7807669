import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ssoAuthorizations, ssoClients } from '../../db/schema/sso';

/** Queries of single sign-on: registered relying parties and their authorizations. */

export type SsoClientRow = typeof ssoClients.$inferSelect;
export type SsoAuthorizationRow = typeof ssoAuthorizations.$inferSelect;

export async function findClient(db: Database, params: { clientId: string }): Promise<SsoClientRow | null> {
  const [row] = await db.select().from(ssoClients).where(eq(ssoClients.id, params.clientId)).limit(1);
  return row ?? null;
}

/** Registers the client unless one with its id exists (a changed client is changed by its owner). */
export async function ensureClient(db: Database, client: typeof ssoClients.$inferInsert): Promise<void> {
  await db.insert(ssoClients).values(client).onConflictDoNothing();
}

export async function insertAuthorization(
  db: Database,
  params: Omit<typeof ssoAuthorizations.$inferInsert, 'expiresAt' | 'status'> & { ttlSeconds: number },
): Promise<SsoAuthorizationRow> {
  const { ttlSeconds, ...values } = params;
  const [row] = await db
    .insert(ssoAuthorizations)
    .values({ ...values, status: 'pending', expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` })
    .returning();
  if (row === undefined) throw new Error('insert into sso_authorizations returned no row');
  return row;
}

export interface AuthorizationWithClient {
  authorization: SsoAuthorizationRow;
  clientName: string;
  /** Pending and not past its expiry: the only state a user can still answer. */
  isAnswerable: boolean;
}

export async function findAuthorization(
  db: Database,
  params: { authorizationId: string },
): Promise<AuthorizationWithClient | null> {
  const [row] = await db
    .select({
      authorization: ssoAuthorizations,
      clientName: ssoClients.name,
      isAnswerable: sql<boolean>`(${ssoAuthorizations.status} = 'pending' and ${ssoAuthorizations.expiresAt} > now())`,
    })
    .from(ssoAuthorizations)
    .innerJoin(ssoClients, eq(ssoClients.id, ssoAuthorizations.clientId))
    .where(eq(ssoAuthorizations.id, params.authorizationId))
    .limit(1);
  return row ?? null;
}

/**
 * The user's answer, once: only a pending, unexpired authorization of that user moves, so two answers
 * at once (two tabs) cannot both count. Approving stores the hash of the one-time code.
 */
export async function decideAuthorization(
  db: Database,
  params:
    | { authorizationId: string; userId: number; decision: 'approve'; codeHash: string; codeTtlSeconds: number }
    | { authorizationId: string; userId: number; decision: 'decline' },
): Promise<SsoAuthorizationRow | null> {
  const set =
    params.decision === 'approve'
      ? {
          status: 'approved' as const,
          codeHash: params.codeHash,
          codeExpiresAt: sql`now() + make_interval(secs => ${params.codeTtlSeconds})`,
          decidedAt: sql`now()`,
        }
      : { status: 'declined' as const, decidedAt: sql`now()` };
  const [row] = await db
    .update(ssoAuthorizations)
    .set(set)
    .where(
      and(
        eq(ssoAuthorizations.id, params.authorizationId),
        eq(ssoAuthorizations.userId, params.userId),
        eq(ssoAuthorizations.status, 'pending'),
        gt(ssoAuthorizations.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** Exchanges an approved, unexpired code once: of two exchanges of one code exactly one gets the row. */
export async function claimCode(db: Database, params: { codeHash: string }): Promise<SsoAuthorizationRow | null> {
  const [row] = await db
    .update(ssoAuthorizations)
    .set({ status: 'exchanged', exchangedAt: sql`now()` })
    .where(
      and(
        eq(ssoAuthorizations.codeHash, params.codeHash),
        eq(ssoAuthorizations.status, 'approved'),
        gt(ssoAuthorizations.codeExpiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}
