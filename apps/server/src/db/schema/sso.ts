import type { SsoAuthorizationStatus, SsoScope } from '@app/shared/api/sso';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './customers';

/**
 * Relying parties allowed to sign their users in with an account here (spec 000 §7 auth/sei).
 * The secret is stored as a SHA-256 hash (it is 256 random bits, so a slow hash adds nothing).
 * Redirect URIs match exactly, except that a loopback URI matches on any port (RFC 8252 §7.3).
 */
export const ssoClients = pgTable('sso_clients', {
  id: text().primaryKey(),
  name: text().notNull(),
  secretHash: text().notNull(),
  redirectUris: text().array().notNull(),
  allowedScopes: text().array().$type<SsoScope[]>().notNull(),
  isEnabled: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One request of a relying party for one signed-in user. pending → approved (a one-time code is
 * issued) → exchanged; or pending → declined. A pending request expires unanswered; an approved
 * code expires unexchanged. The code is stored as a SHA-256 hash.
 */
export const ssoAuthorizations = pgTable(
  'sso_authorizations',
  {
    id: uuid().primaryKey(),
    clientId: text()
      .notNull()
      .references(() => ssoClients.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    redirectUri: text().notNull(),
    scopes: text().array().$type<SsoScope[]>().notNull(),
    state: text(),
    /** PKCE S256 (RFC 7636) for relying parties that run in a browser or an app. */
    codeChallenge: text(),
    status: text().$type<SsoAuthorizationStatus>().notNull(),
    codeHash: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    codeExpiresAt: timestamp({ withTimezone: true }),
    decidedAt: timestamp({ withTimezone: true }),
    exchangedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sso_authorizations_code_hash_key').on(table.codeHash),
    index('sso_authorizations_user_created_idx').on(table.userId, table.createdAt),
    index('sso_authorizations_pending_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
