import type { JobRunner } from '../../platform/jobs';
import { expireHolds } from './ledger-holds';

/** Holds past their expiry give their funds back within this long. */
export const HOLD_EXPIRY_SWEEP_MS = 30_000;

export function registerLedgerJobs(runner: JobRunner): void {
  runner.every('ledger.expireHolds', HOLD_EXPIRY_SWEEP_MS, ({ db, now }) => expireHolds(db, { now }));
}
