import assert from 'node:assert/strict';
import type { TransferKind } from '@app/shared/api/transfers';
import type { Database } from '../../db/client';
import * as repository from './transfers.repository';

/**
 * Transfer limits per kind and source currency, remembered per app instance for a short while:
 * every transfer checks them, and they change only when an operator edits the table (reference
 * data writes them at start-up only where absent). So a changed limit reaches every process
 * within `LIMITS_CACHE_TTL_MS`, and a process that changes limits itself calls `invalidate()`.
 * The daily usage a limit is counted against is never cached: it is the row that gates it.
 */
export const LIMITS_CACHE_TTL_MS = 30_000;

export type TransferLimitsRow = Pick<repository.LimitRow, 'minAmountMinor' | 'perTransferMaxMinor' | 'dailyMaxMinor'>;

export interface LimitsDirectory {
  limitsOf(db: Database, params: { kind: TransferKind; currency: string }): Promise<TransferLimitsRow>;
  /** Forgets every remembered limit: the next read of each goes to the database. */
  invalidate(): void;
}

export function createLimitsDirectory(options: { ttlMs?: number; nowMs?: () => number } = {}): LimitsDirectory {
  const ttlMs = options.ttlMs ?? LIMITS_CACHE_TTL_MS;
  const nowMs = options.nowMs ?? Date.now;
  const remembered = new Map<string, { limits: TransferLimitsRow; expiresAtMs: number }>();
  return {
    async limitsOf(db, params) {
      const key = `${params.kind}:${params.currency}`;
      const entry = remembered.get(key);
      if (entry !== undefined && entry.expiresAtMs > nowMs()) return entry.limits;
      const row = await repository.findLimits(db, params);
      assert.ok(row !== null, `no transfer limits for ${params.kind} ${params.currency}`);
      const limits: TransferLimitsRow = {
        minAmountMinor: row.minAmountMinor,
        perTransferMaxMinor: row.perTransferMaxMinor,
        dailyMaxMinor: row.dailyMaxMinor,
      };
      remembered.set(key, { limits, expiresAtMs: nowMs() + ttlMs });
      return limits;
    },
    invalidate() {
      remembered.clear();
    },
  };
}
