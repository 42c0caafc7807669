import type { TokenPair } from '@app/shared/api/auth';
import { sessionStore, StorageKey } from './storage';

/**
 * The signed-in session: tokens live in sessionStorage (one tab, gone when it closes). Every change is
 * broadcast so the app can react in one place (clear caches, close the live channel, go to login).
 */
export interface Session {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms when the access token expires. */
  accessTokenExpiresAt: number;
  /** Epoch ms of the sign-in. */
  signedInAt: number;
}

export type SessionEndReason = 'signedOut' | 'expired' | 'idle' | 'customerInfoFailed';

export type SessionEvent = { type: 'started' } | { type: 'refreshed' } | { type: 'ended'; reason: SessionEndReason };

const listeners = new Set<(event: SessionEvent) => void>();
let cached: Session | null | undefined;

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.accessToken === 'string' &&
    typeof candidate.refreshToken === 'string' &&
    typeof candidate.accessTokenExpiresAt === 'number' &&
    typeof candidate.signedInAt === 'number'
  );
}

function read(): Session | null {
  const raw = sessionStore.get(StorageKey.session);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function write(session: Session | null): void {
  cached = session;
  if (session === null) sessionStore.remove(StorageKey.session);
  else sessionStore.set(StorageKey.session, JSON.stringify(session));
}

function emit(event: SessionEvent): void {
  for (const listener of listeners) listener(event);
}

export function getSession(): Session | null {
  if (cached === undefined) cached = read();
  return cached;
}

export function isSignedIn(): boolean {
  return getSession() !== null;
}

export function startSession(tokens: TokenPair, now: number = Date.now()): void {
  write({
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: now + tokens.expiresIn * 1000,
    signedInAt: now,
  });
  emit({ type: 'started' });
}

export function updateTokens(tokens: TokenPair, now: number = Date.now()): void {
  const session = getSession();
  if (!session) return;
  write({
    ...session,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessTokenExpiresAt: now + tokens.expiresIn * 1000,
  });
  emit({ type: 'refreshed' });
}

/** Clears the session; emits `ended` only when there was one, so concurrent failures end it once. */
export function endSession(reason: SessionEndReason): void {
  const hadSession = getSession() !== null;
  write(null);
  sessionStore.remove(StorageKey.fromCustomerId);
  if (hadSession) emit({ type: 'ended', reason });
}

export function subscribeSession(listener: (event: SessionEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Drops the in-memory copy so the next read comes from storage (tests, other code paths). */
export function resetSessionCache(): void {
  cached = undefined;
}

/** A business user or an admin acting for a customer (spec 000 §2 "A query fromCustomerId…"). */
export function getFromCustomerId(): number | undefined {
  const raw = sessionStore.get(StorageKey.fromCustomerId);
  const value = raw === null ? NaN : Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

export function setFromCustomerId(customerId: number | undefined): void {
  if (customerId === undefined) sessionStore.remove(StorageKey.fromCustomerId);
  else sessionStore.set(StorageKey.fromCustomerId, String(customerId));
}
