import type { AuthClient, AuthFlowType } from '@app/shared/api/auth';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './customers';

export type LoginAttemptResult = 'success' | 'wrongPassword' | 'unknownUser' | 'rateLimited' | 'blocked' | 'badRequest';
export type RefreshRevokedReason = 'logout' | 'reuse' | 'password-change' | 'admin' | 'user-inactive';

/**
 * One row per successful sign-in: the session. Its id is the refresh-token family and the `sid` of
 * access tokens. The row is also the lock that serialises rotation, reuse detection and logout of
 * one family, so a revocation can never miss a successor issued at the same moment.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    client: text().$type<AuthClient>().notNull(),
    flow: text().$type<AuthFlowType>().notNull(),
    /** PKCE S256 challenge (RFC 7636); flows other than simple exchange a code against its verifier. */
    codeChallenge: text().notNull(),
    codeChallengeMethod: text().$type<'S256'>().notNull(),
    ip: text().notNull(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastRefreshedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text().$type<RefreshRevokedReason>(),
  },
  (table) => [index('sign_ins_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * Refresh tokens are opaque, stored as SHA-256 hashes, and rotate: each use issues a successor in
 * the same family. Presenting a token that was already rotated revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** One family per sign-in; the session id carried in access tokens. */
    familyId: uuid()
      .notNull()
      .references(() => signIns.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text().$type<RefreshRevokedReason>(),
    ip: text(),
    userAgent: text(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

/** Every sign-in attempt, for rate limits and the login history (spec 001 §3). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().references(() => users.id),
    /** The username as typed (lower-cased), kept for attempts on unknown users. */
    username: text().notNull(),
    ip: text().notNull(),
    userAgent: text(),
    result: text().$type<LoginAttemptResult>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_user_created_idx').on(table.userId, table.createdAt),
    index('login_attempts_username_created_idx').on(table.username, table.createdAt),
    index('login_attempts_ip_created_idx').on(table.ip, table.createdAt),
  ],
);
