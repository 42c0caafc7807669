/**
 * Web Storage that never throws (private modes and full quotas throw on access). Keys are namespaced
 * here so every stored value of the app is listed in one place.
 */
export const StorageKey = {
  session: 'app.session',
  initialPath: 'app.initialPath',
  pkceVerifier: 'app.pkceVerifier',
  fromCustomerId: 'app.fromCustomerId',
  /** Per login: the secret a verifyDevice sign-in gave this browser, so it is known next time. */
  trustedBrowsers: 'app.trustedBrowsers',
  language: 'app.language',
  devBrand: 'app.devBrand',
  environmentPrefix: 'app.environment.',
} as const;

function safeStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function storageApi(kind: 'local' | 'session') {
  return {
    get(key: string): string | null {
      try {
        return safeStorage(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        safeStorage(kind)?.setItem(key, value);
      } catch {
        // Storage is full or disabled: the value lives only as long as the page.
      }
    },
    remove(key: string): void {
      try {
        safeStorage(kind)?.removeItem(key);
      } catch {
        // Nothing stored, nothing to remove.
      }
    },
  };
}

export const localStore = storageApi('local');
export const sessionStore = storageApi('session');
