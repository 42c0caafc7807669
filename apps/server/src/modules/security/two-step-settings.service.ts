import type { Database } from '../../db/client';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import { twoStepFactsOf } from '../auth/factor-changes.service';
import { reauthSecondsLeft } from '../auth/reauthentication.service';
import * as customersService from '../customers/customers.service';

/** What the two-step section of the settings screen shows: the factors in force and what is set up. */
export async function securitySettingsOf(db: Database, session: Session) {
  const user = await customersService.findSignInUserById(db, { userId: session.userId });
  if (user?.status !== 'active') throw errors.auth();
  const facts = await twoStepFactsOf(db, { userId: user.id });
  return {
    login2faMode: user.login2faMode,
    transactionApproveMode: user.transactionApproveMode,
    hasTotp: facts.hasTotp,
    recoveryCodesLeft: facts.recoveryCodesLeft,
    ...(facts.smsPhoneMasked === null ? {} : { smsPhone: facts.smsPhoneMasked }),
    activeDeviceCount: facts.activeDeviceCount,
    reauthExpiresInSeconds: await reauthSecondsLeft(db, session),
  };
}
