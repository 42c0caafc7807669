import type { Database } from '../../db/client';
import * as ledger from '../ledger/ledger.service';

/**
 * The ids of the fees and FX system accounts, remembered per app instance: a system account is
 * never deleted and its id never changes, and every transfer needs up to three of them, which
 * would otherwise cost two queries each. Reference data opens them all at start-up, so a
 * transfer's lookup never creates one inside its own (possibly rolled-back) transaction.
 */
export interface SystemAccountDirectory {
  idOf(db: Database, purpose: 'fees' | 'fx', currency: string): Promise<number>;
}

export function createSystemAccountDirectory(): SystemAccountDirectory {
  const ids = new Map<string, number>();
  return {
    async idOf(db, purpose, currency) {
      const key = `${purpose}:${currency}`;
      const known = ids.get(key);
      if (known !== undefined) return known;
      const { id } = await ledger.systemAccount(db, purpose, currency);
      ids.set(key, id);
      return id;
    },
  };
}
