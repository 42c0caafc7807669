import type { SessionItem } from '@app/shared/api/security-settings';
import type { Language } from '@app/shared/constants';
import type { Database } from '../../db/client';
import type { Session } from '../../platform/access-token';
import type { AuthSettings } from '../auth/auth.service';
import * as customersService from '../customers/customers.service';
import { endOtherSessions, endSession, listSessions } from '../auth/sessions.service';
import { sendSecurityChangeMail } from './security-notice';
import { deviceOfUserAgent, locationOfIp } from './sessions-client';

/** The sessions list of the security settings: who is signed in where, and ending them. */
type Settings = Pick<AuthSettings, 'live' | 'messaging' | 'brand'>;

export async function sessionsOf(db: Database, session: Session): Promise<SessionItem[]> {
  return (await listSessions(db, { session })).map((row) => ({
    id: row.id,
    ip: row.ip,
    device: deviceOfUserAgent(row.userAgent),
    location: locationOfIp(row.ip),
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt.toISOString(),
    isCurrent: row.isCurrent,
  }));
}

async function notify(db: Database, settings: Settings, params: { userId: number; language: Language }) {
  const user = await customersService.findSignInUserById(db, { userId: params.userId });
  if (user === null) return;
  await sendSecurityChangeMail(settings.messaging, settings.brand, {
    email: user.email,
    action: 'security.sessionsEnded',
    language: params.language,
  });
}

export async function endOne(
  db: Database,
  settings: Settings,
  params: { session: Session; sessionId: string; ip: string; language: Language },
): Promise<void> {
  await endSession(db, settings, params);
  await notify(db, settings, { userId: params.session.userId, language: params.language });
}

export async function endOthers(
  db: Database,
  settings: Settings,
  params: { session: Session; ip: string; language: Language },
): Promise<number> {
  const ended = await endOtherSessions(db, settings, params);
  if (ended > 0) await notify(db, settings, { userId: params.session.userId, language: params.language });
  return ended;
}
