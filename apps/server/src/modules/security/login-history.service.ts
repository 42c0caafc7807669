import type { LoginHistoryItem } from '@app/shared/api/security-settings';
import type { Database } from '../../db/client';
import { loginAttemptsPage } from '../auth/sessions.service';
import { deviceOfUserAgent, locationOfIp } from './sessions-client';

/**
 * The login history (spec 001 §3): every sign-in attempt on the account, with the address, the
 * device read from the user agent, a location and the result. Dates are whole UTC days, both ends
 * included.
 */
const DAY_MS = 86_400_000;

export interface LoginHistoryFilter {
  fromDate?: string;
  toDate?: string;
  pageNumber: number;
  pageSize: number;
  result?: 'success' | 'failure';
}

export async function loginHistoryPage(
  db: Database,
  params: { userId: number; filter: LoginHistoryFilter },
): Promise<{ history: LoginHistoryItem[]; total: number }> {
  const { filter } = params;
  const from = filter.fromDate === undefined ? null : new Date(`${filter.fromDate}T00:00:00Z`);
  const to = filter.toDate === undefined ? null : new Date(new Date(`${filter.toDate}T00:00:00Z`).getTime() + DAY_MS);
  const { rows, total } = await loginAttemptsPage(db, {
    userId: params.userId,
    from,
    to,
    result: filter.result ?? null,
    limit: filter.pageSize,
    offset: (filter.pageNumber - 1) * filter.pageSize,
  });
  return {
    total,
    history: rows.map((row) => ({
      date: row.createdAt.toISOString(),
      ip: row.ip,
      device: deviceOfUserAgent(row.userAgent),
      location: locationOfIp(row.ip),
      result: row.result === 'success' ? 'success' : 'failure',
      ...(row.result === 'success' ? {} : { reason: row.result }),
    })),
  };
}
