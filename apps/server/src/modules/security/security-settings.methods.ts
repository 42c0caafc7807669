import {
  deviceLinkStart,
  loginHistory,
  passwordChange,
  passwordChangeCancel,
  passwordChangeConfirm,
  passwordChangeResend,
  securityReauthenticate,
  securitySettingsGet,
  sessionEnd,
  sessionEndOthers,
  sessionList,
} from '@app/shared/api/security-settings';
import type { Session } from '../../platform/access-token';
import { errors } from '../../platform/errors';
import { handleMethod, type MethodContext, type RegisteredMethod } from '../../platform/main-api';
import type { AuthSettings } from '../auth/auth.service';
import { requestOriginOf, startDeviceLink } from '../auth/device-links.service';
import { loginHistoryPage } from './login-history.service';
import * as passwordChangeService from './password-change.service';
import { securitySettingsOf } from './two-step-settings.service';
import * as sessionsService from './sessions.service';

/**
 * Main-API methods of the account security settings (spec 001 §3, §7). They act for the signed-in
 * user, never for another customer: `fromCustomerId` is not honoured and every id is checked
 * against the session's user in the service.
 */
export type SecuritySettingsOptions = Pick<AuthSettings, 'live' | 'messaging' | 'brand'> & {
  /** The device companion is served (development tools): QR deep links open it. */
  isDeviceCompanionServed: boolean;
};

function sessionOf(context: MethodContext): Session {
  if (context.session === null) throw errors.auth('Please sign in to continue.');
  return context.session;
}

export function securitySettingsMethods(settings: SecuritySettingsOptions): RegisteredMethod[] {
  return [
    handleMethod(securityReauthenticate, async (input, context) => ({
      reauthExpiresInSeconds: await passwordChangeService.reauthenticateSession(context.db, settings, {
        session: sessionOf(context),
        password: input.password,
        ip: context.request.ip,
      }),
    })),

    handleMethod(securitySettingsGet, (_input, context) => securitySettingsOf(context.db, sessionOf(context))),

    handleMethod(sessionList, async (_input, context) => ({
      sessions: await sessionsService.sessionsOf(context.db, sessionOf(context)),
    })),

    handleMethod(sessionEnd, async (input, context) => {
      await sessionsService.endOne(context.db, settings, {
        session: sessionOf(context),
        sessionId: input.sessionId,
        ip: context.request.ip,
        language: context.lang,
      });
      return {};
    }),

    handleMethod(sessionEndOthers, async (_input, context) => ({
      endedCount: await sessionsService.endOthers(context.db, settings, {
        session: sessionOf(context),
        ip: context.request.ip,
        language: context.lang,
      }),
    })),

    handleMethod(passwordChange, (input, context) =>
      passwordChangeService.start(context.db, settings, {
        actor: { session: sessionOf(context), ip: context.request.ip, language: context.lang },
        ...input,
      }),
    ),

    handleMethod(passwordChangeConfirm, (input, context) =>
      passwordChangeService.confirm(context.db, settings, {
        actor: { session: sessionOf(context), ip: context.request.ip, language: context.lang },
        requestKey: input.requestKey,
        code: input.code,
      }),
    ),

    handleMethod(passwordChangeResend, (input, context) =>
      passwordChangeService.resend(context.db, settings, {
        session: sessionOf(context),
        requestKey: input.requestKey,
        language: context.lang,
      }),
    ),

    handleMethod(passwordChangeCancel, (input, context) =>
      passwordChangeService.cancel(context.db, settings, { session: sessionOf(context), requestKey: input.requestKey }),
    ),

    handleMethod(deviceLinkStart, (_input, context) =>
      startDeviceLink(context.db, {
        session: sessionOf(context),
        brand: settings.brand,
        companionOrigin: settings.isDeviceCompanionServed ? requestOriginOf(context.request) : null,
      }),
    ),

    handleMethod(loginHistory, (input, context) =>
      loginHistoryPage(context.db, { userId: sessionOf(context).userId, filter: input }),
    ),
  ];
}
