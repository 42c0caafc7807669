import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  SSO_AUTHORIZATION_TTL_SECONDS,
  SSO_CODE_TTL_SECONDS,
  type SsoAuthorization,
  type SsoDecision,
  type SsoScope,
} from '@app/shared/api/sso';
import type { Database } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError, errors } from '../../platform/errors';
import * as customersService from '../customers/customers.service';
import * as repository from './sso.repository';

/**
 * Single sign-on for registered relying parties (spec 000 §7 `auth/sei`), an OAuth 2.0
 * authorization-code grant (RFC 6749 §4.1) with optional PKCE (RFC 7636): the signed-in user is asked,
 * answers once, and the relying party's server exchanges the one-time code for who the user is.
 * Redirect URIs are compared exactly, never by prefix, so a code can only reach a registered address.
 */

/** Not found, with HTTP 404: an unknown or finished authorization, which the web app answers by going home. */
export class SsoNotFoundError extends Error {
  constructor() {
    super('This sign-in request does not exist or has already been answered.');
    this.name = 'SsoNotFoundError';
  }
}

const TEXT = {
  unknownClient: 'This application is not registered for sign-in.',
  redirectNotRegistered: 'This return address is not registered for the application.',
  scopeNotAllowed: 'The application may not ask for this.',
  notYours: 'This sign-in request belongs to another user.',
  clientAuthFailed: 'Client authentication failed.',
  invalidGrant: 'The code is not valid, has expired or was already used.',
} as const;

function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function isSameSecret(expected: string, presented: string): boolean {
  const expectedBytes = Buffer.from(expected, 'utf8');
  const presentedBytes = Buffer.from(presented, 'utf8');
  const isSameLength = expectedBytes.length === presentedBytes.length;
  return timingSafeEqual(expectedBytes, isSameLength ? presentedBytes : expectedBytes) && isSameLength;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Exact match; a loopback http URI (a developer's machine, a native app) also matches on any port,
 * as RFC 8252 §7.3 asks, since such a client cannot know its port in advance.
 */
export function isRegisteredRedirectUri(registered: readonly string[], presented: string): boolean {
  if (registered.includes(presented)) return true;
  let url: URL;
  try {
    url = new URL(presented);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return false;
  return registered.some((candidate) => {
    const allowed = new URL(candidate);
    return (
      allowed.protocol === 'http:' &&
      allowed.hostname === url.hostname &&
      allowed.pathname === url.pathname &&
      allowed.search === url.search
    );
  });
}

function viewOf(found: repository.AuthorizationWithClient): SsoAuthorization {
  const { authorization } = found;
  return {
    authorizationId: authorization.id,
    client: { id: authorization.clientId, name: found.clientName },
    scopes: authorization.scopes,
    redirectOrigin: new URL(authorization.redirectUri).origin,
    expiresAt: authorization.expiresAt.toISOString(),
  };
}

/**
 * The relying party's request, checked before anything is shown: a client that is not registered,
 * or a return address it did not register, is refused here and never redirected to (RFC 6749 §4.1.2.1).
 */
export async function startAuthorization(
  db: Database,
  params: {
    userId: number;
    clientId: string;
    redirectUri: string;
    scopes: SsoScope[];
    state: string | undefined;
    codeChallenge: string | undefined;
  },
): Promise<SsoAuthorization> {
  const client = await repository.findClient(db, { clientId: params.clientId });
  if (client === null || !client.isEnabled) {
    throw errors.validation([{ field: 'clientId', message: TEXT.unknownClient }]);
  }
  if (!isRegisteredRedirectUri(client.redirectUris, params.redirectUri)) {
    throw errors.validation([{ field: 'redirectUri', message: TEXT.redirectNotRegistered }]);
  }
  if (params.scopes.some((scope) => !client.allowedScopes.includes(scope))) {
    throw errors.validation([{ field: 'scope', message: TEXT.scopeNotAllowed }]);
  }
  const authorization = await repository.insertAuthorization(db, {
    id: randomUUID(),
    clientId: client.id,
    userId: params.userId,
    redirectUri: params.redirectUri,
    scopes: params.scopes,
    state: params.state ?? null,
    codeChallenge: params.codeChallenge ?? null,
    ttlSeconds: SSO_AUTHORIZATION_TTL_SECONDS,
  });
  return viewOf({ authorization, clientName: client.name, isAnswerable: true });
}

/** Another user's request is refused (ENOA); an unknown or finished one is not found. */
async function answerableAuthorization(
  db: Database,
  params: { userId: number; authorizationId: string },
): Promise<repository.AuthorizationWithClient> {
  const found = await repository.findAuthorization(db, { authorizationId: params.authorizationId });
  if (found === null) throw new SsoNotFoundError();
  if (found.authorization.userId !== params.userId) throw errors.noAccess(TEXT.notYours);
  if (!found.isAnswerable) throw new SsoNotFoundError();
  return found;
}

export async function authorizationFor(
  db: Database,
  params: { userId: number; authorizationId: string },
): Promise<SsoAuthorization> {
  return viewOf(await answerableAuthorization(db, params));
}

/** The relying party's redirect URI with the answer's parameters added (RFC 6749 §4.1.2). */
function redirectWith(redirectUri: string, parameters: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== null) url.searchParams.set(name, value);
  return url.toString();
}

export async function decideAuthorization(
  db: Database,
  params: { userId: number; authorizationId: string; decision: SsoDecision; ip: string },
): Promise<{ redirectUrl: string }> {
  await answerableAuthorization(db, params);
  const code = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const decided =
      params.decision === 'approve'
        ? await repository.decideAuthorization(tx, {
            authorizationId: params.authorizationId,
            userId: params.userId,
            decision: 'approve',
            codeHash: sha256Hex(code),
            codeTtlSeconds: SSO_CODE_TTL_SECONDS,
          })
        : await repository.decideAuthorization(tx, {
            authorizationId: params.authorizationId,
            userId: params.userId,
            decision: 'decline',
          });
    // Answered in another tab a moment ago, or expired meanwhile.
    if (decided === null) throw new SsoNotFoundError();
    await recordAudit(tx, {
      actorUserId: params.userId,
      customerId: null,
      action: params.decision === 'approve' ? 'sso.approved' : 'sso.declined',
      details: { clientId: decided.clientId, authorizationId: decided.id, scopes: decided.scopes },
      ip: params.ip,
    });
    const redirectUrl =
      params.decision === 'approve'
        ? redirectWith(decided.redirectUri, { code, state: decided.state })
        : redirectWith(decided.redirectUri, { error: 'access_denied', state: decided.state });
    return { redirectUrl };
  });
}

/** One subject per user and relying party, so two relying parties cannot match their users up. */
function subjectOf(subjectKey: Uint8Array, clientId: string, userId: number): string {
  return createHmac('sha256', subjectKey).update(`sso-subject:${clientId}:${userId}`).digest('base64url').slice(0, 32);
}

function isPkceVerifierOf(codeChallenge: string, codeVerifier: string): boolean {
  return isSameSecret(codeChallenge, createHash('sha256').update(codeVerifier, 'ascii').digest('base64url'));
}

export interface SsoUserInfo {
  scope: string;
  user: { subject: string; email?: string; firstName?: string; lastName?: string };
}

/**
 * The relying party's server exchanges the code with its secret. Everything must match what the
 * authorization recorded (client, redirect URI, PKCE verifier); any mismatch burns the code, which
 * has then been seen by someone it was not meant for.
 */
export async function exchangeCode(
  db: Database,
  params: {
    subjectKey: Uint8Array;
    clientId: string;
    clientSecret: string;
    code: string;
    redirectUri: string;
    codeVerifier: string | undefined;
  },
): Promise<SsoUserInfo> {
  const client = await repository.findClient(db, { clientId: params.clientId });
  if (client === null || !client.isEnabled || !isSameSecret(client.secretHash, sha256Hex(params.clientSecret))) {
    throw errors.auth(TEXT.clientAuthFailed);
  }
  const authorization = await repository.claimCode(db, { codeHash: sha256Hex(params.code) });
  const isGrantValid =
    authorization !== null &&
    authorization.clientId === client.id &&
    authorization.redirectUri === params.redirectUri &&
    (authorization.codeChallenge === null ||
      (params.codeVerifier !== undefined && isPkceVerifierOf(authorization.codeChallenge, params.codeVerifier)));
  if (authorization === null || !isGrantValid) throw new AppError('TA1', TEXT.invalidGrant);
  const profile = await customersService.userProfileOf(db, { userId: authorization.userId });
  if (profile === null) throw new AppError('TA1', TEXT.invalidGrant);
  const scopes = new Set(authorization.scopes);
  return {
    scope: authorization.scopes.join(' '),
    user: {
      subject: subjectOf(params.subjectKey, client.id, authorization.userId),
      email: scopes.has('email') ? profile.email : undefined,
      firstName: scopes.has('profile') ? profile.firstName : undefined,
      lastName: scopes.has('profile') ? profile.lastName : undefined,
    },
  };
}

/** The relying party of the development tools (/dev/sso-partner); its secret is public by design. */
export const DEMO_SSO_CLIENT = {
  id: 'demo-partner',
  name: 'Demo Partner Shop',
  secret: 'demo-partner-secret-for-development-only',
  redirectPath: '/dev/sso-partner/callback',
} as const;

/** Registers the demo relying party (demo seed only): loopback addresses on any port. */
export async function ensureDemoSsoClient(db: Database): Promise<void> {
  await repository.ensureClient(db, {
    id: DEMO_SSO_CLIENT.id,
    name: DEMO_SSO_CLIENT.name,
    secretHash: sha256Hex(DEMO_SSO_CLIENT.secret),
    redirectUris: [
      `http://localhost${DEMO_SSO_CLIENT.redirectPath}`,
      `http://127.0.0.1${DEMO_SSO_CLIENT.redirectPath}`,
    ],
    allowedScopes: ['profile', 'email'],
  });
}
