import { randomUUID } from 'node:crypto';
import {
  SIGN_IN_CODE_TTL_SECONDS,
  type AuthFlow,
  type AuthFlowType,
  type LoginRequest,
  type MigrationRequirement,
} from '@app/shared/api/auth';
import type { Login2faMode } from '@app/shared/api/customers';
import type { Language } from '@app/shared/constants';
import type { Database } from '../../db/client';
import type { CodeFlowType } from '../../db/schema/auth';
import { errors } from '../../platform/errors';
import { maskEmail, maskPhone, newRandomToken, sha256Hex } from './auth-secrets';
import * as repository from './auth.repository';
import * as loginRequestsRepository from './login-requests.repository';
import {
  authenticatePassword,
  openSession,
  tokensOf,
  type AuthSettings,
  type ClientOrigin,
  type SignInUser,
} from './auth.service';
import * as devicesRepository from './devices.repository';
import {
  assertPushBudget,
  deviceSummaryOf,
  MAX_PUSH_DEVICES,
  publishToDevices,
  PUSH_APPROVAL_TTL_SECONDS,
  signInApprovalOf,
} from './push-sign-in';
import { migrationAnswer, migrationStateOf } from './second-factors';
import { deliverSentCode, issueSentCode, resendSentCode, type IssuedCode } from './sent-codes';
import { ipAccessGuardOf, ipRefusedError } from '../security/ip-allow-list.service';

/**
 * POST /auth/login (spec 000 §4): the password, then the flow. The flow follows from facts known
 * only after a correct password, so it reveals nothing to a guesser.
 */
export interface SignInFacts {
  login2faMode: Login2faMode;
  /** mobile: `secret` named an active device of this user. */
  hasTrustedDevice: boolean;
  /** `secret` named a browser (or phone) that passed verifyDevice before. */
  isKnownClient: boolean;
  hasTotp: boolean;
  hasSmsPhone: boolean;
  activeDeviceCount: number;
  isNewDeviceVerificationRequired: boolean;
}

/**
 * The rule, in order:
 * 1. direct: the mobile app shows the secret of an active device of this user. Possession of the
 *    linked device (approved through a second factor when it was linked) is the second factor.
 * 2. the user's mode: otp, sms or push, when its material exists (a secret, a phone, a device).
 * 3. mode 'no': verifyDevice when the user's policy asks to verify new devices and this browser
 *    or phone is not known; else simple.
 * 4. a mode whose material is gone (the last device removed): the strongest factor left, else an
 *    e-mail code (verifyDevice). A second factor that is on is never skipped.
 */
export function chooseSignInFlow(facts: SignInFacts): AuthFlowType {
  if (facts.hasTrustedDevice) return 'direct';
  switch (facts.login2faMode) {
    case 'no':
      return facts.isNewDeviceVerificationRequired && !facts.isKnownClient ? 'verifyDevice' : 'simple';
    case 'otp':
      if (facts.hasTotp) return 'otp';
      break;
    case 'sms':
      if (facts.hasSmsPhone) return 'sms';
      break;
    case 'push':
      if (facts.activeDeviceCount > 0) return 'push';
      break;
  }
  if (facts.hasTotp) return 'otp';
  if (facts.activeDeviceCount > 0) return 'push';
  if (facts.hasSmsPhone) return 'sms';
  return 'verifyDevice';
}

export interface SignInOutcome {
  /** Absent only when a strict migration withholds the session of a simple sign-in. */
  authFlow?: AuthFlow;
  migration?: MigrationRequirement;
}

export async function signIn(
  db: Database,
  settings: AuthSettings,
  params: { login: LoginRequest; origin: ClientOrigin; language: Language },
): Promise<SignInOutcome> {
  const { login, origin } = params;
  const user = await authenticatePassword(db, settings, {
    username: login.username,
    password: login.password,
    origin,
  });
  // After the password: the allow-list's answer tells nothing to someone without it. The refusal
  // is shown in the user's login history.
  if (!(await ipAccessGuardOf(db).isUserAllowed({ userId: user.id, ip: origin.ip, access: 'signIn' }))) {
    await repository.insertLoginAttempt(db, {
      userId: user.id,
      username: login.username,
      ip: origin.ip,
      userAgent: origin.userAgent,
      result: 'ipRefused',
    });
    throw ipRefusedError();
  }
  const secretHash = login.secret === undefined ? null : sha256Hex(login.secret);
  const trustedDevice =
    login.client === 'mobile' && secretHash !== null
      ? await devicesRepository.touchActiveDeviceBySecret(db, {
          secretHash,
          userId: user.id,
          pushToken: login.pushToken,
        })
      : null;
  const isKnownClient =
    trustedDevice === null && secretHash !== null
      ? await repository.touchTrustedBrowser(db, { userId: user.id, secretHash })
      : false;
  const userSettings = await repository.findUserSettings(db, { userId: user.id });
  const activeDevices = await devicesRepository.listActiveDevices(db, { userId: user.id, limit: MAX_PUSH_DEVICES });
  const flow = chooseSignInFlow({
    login2faMode: user.login2faMode,
    hasTrustedDevice: trustedDevice !== null,
    isKnownClient,
    hasTotp: userSettings?.totpSecretEncrypted != null,
    hasSmsPhone: userSettings?.smsPhone != null,
    activeDeviceCount: activeDevices.length,
    isNewDeviceVerificationRequired: userSettings?.isNewDeviceVerificationRequired === true,
  });
  const devices = activeDevices.map(deviceSummaryOf);
  const migrationState = migrationStateOf(userSettings, user.login2faMode, Date.now());
  const migration = migrationState === null ? undefined : migrationAnswer(migrationState, devices);

  if (flow !== 'simple') {
    const authFlow = await startCodeFlow(db, settings, {
      user,
      flow,
      login,
      language: params.language,
      origin,
      trustedDeviceId: trustedDevice?.id ?? null,
      activeDevices,
      smsPhone: userSettings?.smsPhone ?? null,
    });
    return { authFlow, migration };
  }
  if (migrationState?.req === 'strict') {
    // No session until a factor is enabled: the set-up token allows that, and nothing else.
    await repository.insertLoginAttempt(db, {
      userId: user.id,
      username: login.username,
      ip: origin.ip,
      userAgent: origin.userAgent,
      result: 'challenged',
    });
    const tmpJwt = await settings.authTokens.signSetup({
      userId: user.id,
      client: login.client,
      codeChallenge: login.codeChallenge,
    });
    return { migration: migrationAnswer(migrationState, devices, tmpJwt) };
  }
  const session = await db.transaction((tx) =>
    openSession(tx, settings, { user, client: login.client, flow, codeChallenge: login.codeChallenge, origin }),
  );
  return { authFlow: { type: 'simple', ...(await tokensOf(settings, session)) }, migration };
}

/** The deep link the web shows as a QR code; the app opens the approval of this sign-in. */
function deeplinkOf(brand: string, loginRequestId: string): string {
  return `${brand}://auth/login/${loginRequestId}`;
}

function required<T>(value: T | null, what: string): T {
  // chooseSignInFlow picks a flow only when its material exists; a null here is a bug.
  if (value === null) throw new Error(`sign-in flow started without ${what}`);
  return value;
}

/**
 * Records the sign-in that waits for its second step and starts that step: a push to the
 * devices, or a code by SMS or e-mail (sent once the transaction committed).
 */
async function startCodeFlow(
  db: Database,
  settings: AuthSettings,
  params: {
    user: SignInUser;
    flow: CodeFlowType;
    login: LoginRequest;
    origin: ClientOrigin;
    language: Language;
    trustedDeviceId: number | null;
    activeDevices: devicesRepository.DeviceRow[];
    smsPhone: string | null;
  },
): Promise<AuthFlow> {
  const { user, flow, login, origin } = params;
  const id = randomUUID();
  const isPush = flow === 'push';
  const code = isPush ? null : newRandomToken();
  const tmpToken = isPush || flow === 'sms' || flow === 'verifyDevice' ? newRandomToken() : null;
  const sent = await db.transaction(async (tx): Promise<IssuedCode | null> => {
    if (isPush) await assertPushBudget(tx, { userId: user.id });
    const request = await loginRequestsRepository.insertLoginRequest(tx, {
      id,
      userId: user.id,
      client: login.client,
      flow,
      codeChallenge: login.codeChallenge,
      codeHash: code === null ? null : sha256Hex(code),
      tmpTokenHash: tmpToken === null ? null : sha256Hex(tmpToken),
      status: isPush ? 'awaitingApproval' : 'ready',
      pushSendCount: isPush ? 1 : 0,
      deviceId: params.trustedDeviceId,
      ip: origin.ip,
      userAgent: origin.userAgent,
      ttlSeconds: SIGN_IN_CODE_TTL_SECONDS,
      pushTtlSeconds: isPush ? PUSH_APPROVAL_TTL_SECONDS : undefined,
    });
    await repository.insertLoginAttempt(tx, {
      userId: user.id,
      username: login.username,
      ip: origin.ip,
      userAgent: origin.userAgent,
      result: 'challenged',
    });
    if (isPush) {
      await publishToDevices(tx, settings.live, {
        devices: params.activeDevices,
        status: 'pending',
        payload: signInApprovalOf(request),
      });
      return null;
    }
    if (flow !== 'sms' && flow !== 'verifyDevice') return null;
    return issueSentCode(tx, {
      userId: user.id,
      purpose: 'signIn',
      subjectKey: id,
      channel: flow === 'sms' ? 'sms' : 'email',
      recipient: flow === 'sms' ? required(params.smsPhone, 'a phone') : user.email,
    });
  });
  if (sent !== null) await deliverSentCode(settings.messaging, settings.brand, sent.delivery, params.language);

  const expiresInSeconds = SIGN_IN_CODE_TTL_SECONDS;
  switch (flow) {
    case 'direct':
    case 'otp':
      return { type: flow, code: required(code, 'a code'), expiresInSeconds };
    case 'sms':
    case 'verifyDevice': {
      const sentCode = required(sent, 'a sent code');
      const common = {
        code: required(code, 'a code'),
        tmpToken: required(tmpToken, 'a temporary token'),
        identifier: sentCode.identifier,
        expiresInSeconds,
        codeExpiresInSeconds: sentCode.codeExpiresInSeconds,
      };
      return flow === 'sms'
        ? { type: 'sms', ...common, phone: maskPhone(required(params.smsPhone, 'a phone')) }
        : { type: 'verifyDevice', ...common, sentTo: maskEmail(user.email) };
    }
    case 'push':
      return {
        type: 'push',
        tmpToken: required(tmpToken, 'a temporary token'),
        devices: params.activeDevices.map(deviceSummaryOf),
        deeplink: deeplinkOf(settings.brand, id),
        expiresInSeconds: PUSH_APPROVAL_TTL_SECONDS,
      };
  }
}

/** POST /auth/code/re-send: a new SMS or e-mail code for a waiting sign-in, within the limits. */
export async function resendSignInCode(
  db: Database,
  settings: Pick<AuthSettings, 'messaging' | 'brand'>,
  params: { tmpToken: string; language: Language },
): Promise<{ identifier: string; resendsLeft: number; codeExpiresInSeconds: number }> {
  const issued = await db.transaction(async (tx) => {
    const request = await loginRequestsRepository.lockLoginRequestByTmpToken(tx, {
      tmpTokenHash: sha256Hex(params.tmpToken),
    });
    const isSentCodeFlow = request?.flow === 'sms' || request?.flow === 'verifyDevice';
    if (request === null || !isSentCodeFlow || request.status !== 'ready' || request.isExpired) {
      throw errors.auth('This sign-in has ended. Please sign in again.');
    }
    return resendSentCode(tx, { userId: request.userId, purpose: 'signIn', subjectKey: request.id });
  });
  await deliverSentCode(settings.messaging, settings.brand, issued.delivery, params.language);
  return {
    identifier: issued.identifier,
    resendsLeft: issued.resendsLeft,
    codeExpiresInSeconds: issued.codeExpiresInSeconds,
  };
}
