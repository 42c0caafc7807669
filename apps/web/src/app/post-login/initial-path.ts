import { sessionStore, StorageKey } from '../../lib/storage';

/** Only same-app paths are remembered: never another origin, never the sign-in screen itself. */
export function isResumablePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/^\/(login)?(\?|$)/.test(path);
}

export function saveInitialPath(path: string): void {
  if (isResumablePath(path)) sessionStore.set(StorageKey.initialPath, path);
}

export function peekInitialPath(): string | null {
  const path = sessionStore.get(StorageKey.initialPath);
  return path !== null && isResumablePath(path) ? path : null;
}

export function clearInitialPath(): void {
  sessionStore.remove(StorageKey.initialPath);
}
