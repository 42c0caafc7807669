import type { Language } from '@app/shared/constants';
import type { Database } from '../../db/client';
import type { Session } from '../../platform/access-token';
import type { AuthSettings } from '../auth/auth.service';
import {
  cancelPasswordChange,
  confirmPasswordChange,
  resendPasswordChangeCode,
  startPasswordChange,
  type PasswordChangeActor,
} from '../auth/password-change.service';
import { reauthenticate } from '../auth/reauthentication.service';

/**
 * The password change of the security settings. Passwords, codes and sessions are the auth
 * domain's: this service only hands the settings screen's calls to it.
 */
type Settings = Pick<AuthSettings, 'live' | 'messaging' | 'brand'>;

export function reauthenticateSession(
  db: Database,
  settings: Settings,
  params: { session: Session; password: string; ip: string },
): Promise<number> {
  return reauthenticate(db, settings, params);
}

export function start(
  db: Database,
  settings: Settings,
  params: { actor: PasswordChangeActor; password: string; passwordNew: string; passwordNewRepeat: string },
) {
  return startPasswordChange(db, settings, params);
}

export function confirm(
  db: Database,
  settings: Settings,
  params: { actor: PasswordChangeActor; requestKey: string; code: string },
) {
  return confirmPasswordChange(db, settings, params);
}

export function resend(
  db: Database,
  settings: Settings,
  params: { session: Session; requestKey: string; language: Language },
) {
  return resendPasswordChangeCode(db, settings, params);
}

export function cancel(db: Database, settings: Settings, params: { session: Session; requestKey: string }) {
  return cancelPasswordChange(db, settings, params);
}
