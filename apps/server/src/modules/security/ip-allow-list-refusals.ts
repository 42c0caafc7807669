/**
 * Refusals by the IP allow-list go to the audit log, but a client retrying from a refused address
 * (a script, an app polling every second) must not write a row per call. A small in-memory
 * throttle lets through one row per user, customer, kind of access and address per window and
 * counts the refusals it held back, so the next row says how many there were.
 *
 * In memory rather than an upsert on the audit log: the log stays append-only (its rows are
 * evidence and are never updated), a refused call costs no extra query, and no migration is
 * needed. The price: each server process keeps its own window, so N processes write at most N
 * rows per key and window, and a restart starts the windows afresh. Both stay bounded.
 */

/** The calls the allow-list guards, as recorded in the audit row. */
export const GUARDED_ACCESS_KINDS = ['signIn', 'codeExchange', 'refresh', 'session', 'live', 'api', 'file'] as const;
export type GuardedAccess = (typeof GUARDED_ACCESS_KINDS)[number];

export const REFUSAL_AUDIT_WINDOW_MS = 60_000;
/** Bounds the memory of the throttle; the key seen longest ago goes first. */
export const REFUSAL_THROTTLE_MAX_KEYS = 10_000;

export interface RefusalThrottle {
  /**
   * Whether a refusal under `key` gets an audit row now; when it does, how many refusals under the
   * same key were held back since the previous row.
   */
  admit(key: string): { isRecorded: true; heldBackCount: number } | { isRecorded: false };
}

export function createRefusalThrottle(options: {
  windowMs: number;
  maxKeys: number;
  now?: () => number;
}): RefusalThrottle {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { recordedAt: number; heldBackCount: number }>();
  return {
    admit(key) {
      const at = now();
      const window = windows.get(key);
      if (window !== undefined && at - window.recordedAt < options.windowMs) {
        window.heldBackCount += 1;
        return { isRecorded: false };
      }
      // Re-inserted, so the map's order is the order of the last row: the oldest key goes first.
      windows.delete(key);
      if (windows.size >= options.maxKeys) {
        const oldest = windows.keys().next();
        if (oldest.done !== true) windows.delete(oldest.value);
      }
      windows.set(key, { recordedAt: at, heldBackCount: 0 });
      return { isRecorded: true, heldBackCount: window?.heldBackCount ?? 0 };
    },
  };
}
