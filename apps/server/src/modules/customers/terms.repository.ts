import type { CustomerType } from '@app/shared/api/customers';
import type { TermsItem } from '@app/shared/errors';
import { and, asc, desc, eq, gt, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { terms, termsAcceptances } from '../../db/schema/customers';

/**
 * Queries of the terms a customer is offered and the ones a user accepted. The pending-terms rule
 * stays in customers.repository.ts: the acting-context statement embeds it.
 */

/**
 * The terms in force for a new customer of the type: the latest published version of each code meant
 * for that type or for everyone (the rule pendingTermsCondition applies for an existing user).
 */
export async function findTermsInForce(db: Database, params: { customerType: CustomerType }): Promise<TermsItem[]> {
  const newer = alias(terms, 'newer');
  return db
    .select({ id: terms.id, code: terms.code, version: terms.version, title: terms.title, url: terms.url })
    .from(terms)
    .where(
      and(
        lte(terms.publishedAt, sql`now()`),
        or(eq(terms.audience, 'all'), eq(terms.audience, params.customerType)),
        notExists(
          db
            .select({ id: newer.id })
            .from(newer)
            .where(
              and(eq(newer.code, terms.code), gt(newer.version, terms.version), lte(newer.publishedAt, sql`now()`)),
            ),
        ),
      ),
    )
    .orderBy(asc(terms.code));
}

export interface AcceptedAgreementRow {
  id: number;
  title: string;
  version: number;
  url: string;
  acceptedAt: Date;
  ip: string | null;
}

const MAX_ACCEPTED_AGREEMENTS = 200;

const acceptedAgreementColumns = {
  id: terms.id,
  title: terms.title,
  version: terms.version,
  url: terms.url,
  acceptedAt: termsAcceptances.acceptedAt,
  ip: termsAcceptances.ip,
};

/** The user's own acceptances, newest first. */
export function findAcceptedAgreements(db: Database, params: { userId: number }): Promise<AcceptedAgreementRow[]> {
  return db
    .select(acceptedAgreementColumns)
    .from(termsAcceptances)
    .innerJoin(terms, eq(terms.id, termsAcceptances.termsId))
    .where(eq(termsAcceptances.userId, params.userId))
    .orderBy(desc(termsAcceptances.acceptedAt), desc(terms.id))
    .limit(MAX_ACCEPTED_AGREEMENTS);
}

/** null both when the terms do not exist and when this user did not accept them. */
export async function findAcceptedAgreement(
  db: Database,
  params: { userId: number; agreementId: number },
): Promise<AcceptedAgreementRow | null> {
  const [row] = await db
    .select(acceptedAgreementColumns)
    .from(termsAcceptances)
    .innerJoin(terms, eq(terms.id, termsAcceptances.termsId))
    .where(and(eq(termsAcceptances.userId, params.userId), eq(termsAcceptances.termsId, params.agreementId)))
    .limit(1);
  return row ?? null;
}
