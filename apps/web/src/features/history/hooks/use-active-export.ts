import { useSyncExternalStore } from 'react';

/**
 * The CSV export the customer started last in this tab. It lives outside the screen so that an
 * export being prepared survives leaving the history and coming back (UI.md: long work can be left
 * and resumed); a reload forgets it, and the e-mail option covers leaving for good.
 */
let activeExportId: string | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setActiveExportId(exportId: string | undefined): void {
  activeExportId = exportId;
  for (const listener of listeners) listener();
}

export function useActiveExportId(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => activeExportId,
    () => undefined,
  );
}
