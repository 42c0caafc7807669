import { localStore, StorageKey } from '../../../lib/storage';

/**
 * After a verifyDevice sign-in the auth service gives this browser a secret; sending it at later
 * sign-ins tells the service the browser is known, so no e-mail code is asked again. The service
 * binds the secret to one user, so it is kept per login: several people may share a browser.
 */
const MAX_REMEMBERED_LOGINS = 10;
const MAX_SECRET_LENGTH = 512;

interface TrustedBrowserEntry {
  login: string;
  secret: string;
}

function normalised(login: string): string {
  return login.trim().toLowerCase();
}

function isEntry(value: unknown): value is TrustedBrowserEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.login === 'string' &&
    typeof entry.secret === 'string' &&
    entry.secret !== '' &&
    entry.secret.length <= MAX_SECRET_LENGTH
  );
}

function readEntries(): TrustedBrowserEntry[] {
  const raw = localStore.get(StorageKey.trustedBrowsers);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

export function trustedBrowserSecretOf(login: string): string | undefined {
  const key = normalised(login);
  return readEntries().find((entry) => entry.login === key)?.secret;
}

/** Most recent first; the oldest login is forgotten beyond MAX_REMEMBERED_LOGINS. */
export function rememberTrustedBrowser(login: string, secret: string): void {
  const key = normalised(login);
  const others = readEntries().filter((entry) => entry.login !== key);
  const entries = [{ login: key, secret }, ...others].slice(0, MAX_REMEMBERED_LOGINS);
  localStore.set(StorageKey.trustedBrowsers, JSON.stringify(entries));
}
