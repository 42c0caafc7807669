import { loginResponseSchema } from '@app/shared/api/auth';
import { codeChallengeS256, createCodeVerifier } from '@app/shared/validation/pkce';
import { callAuthService } from '../../../lib/api-client';
import { getMobileBridge } from '../../../lib/mobile-bridge';
import { startSession } from '../../../lib/session';
import { trustedBrowserSecretOf } from '../utils/trusted-browsers';
import { exchangeSignInCode } from './exchange-code';
import { setupRequirementOf, type SignInStart } from './sign-in-outcome';

export interface LoginCredentials {
  username: string;
  password: string;
}

/**
 * `POST /auth/login` with a fresh PKCE S256 challenge; the verifier stays in memory for the code
 * exchange. Inside the mobile app the phone's device secret turns the sign-in `direct`; in a
 * browser, the secret of an earlier verifyDevice sign-in marks the browser as known.
 * - simple: the session starts at once; direct: the code is exchanged at once;
 * - otp, sms, verifyDevice, push: a second step follows (SignInStart `secondFactor`);
 * - no flow: a strict two-factor migration withholds the session (`setupRequired`).
 */
export async function startSignIn({ username, password }: LoginCredentials): Promise<SignInStart> {
  const bridge = getMobileBridge();
  const app = await bridge.appInfo();
  const codeVerifier = createCodeVerifier();
  const codeChallenge = await codeChallengeS256(codeVerifier);
  const response = await callAuthService(
    '/auth/login',
    {
      client: bridge.isAvailable ? 'mobile' : 'web',
      username,
      password,
      codeChallenge,
      codeChallengeMethod: 'S256',
      secret: app?.deviceSecret ?? trustedBrowserSecretOf(username),
      pushToken: app?.deviceSecret === undefined ? undefined : app.pushToken,
    },
    loginResponseSchema,
  );
  const { authFlow, migration } = response;
  // Only a strict migration leaves out the flow.
  if (authFlow === undefined) return { kind: 'setupRequired', migration: setupRequirementOf(migration, response) };
  switch (authFlow.type) {
    case 'simple':
      startSession({
        accessToken: authFlow.accessToken,
        refreshToken: authFlow.refreshToken,
        expiresIn: authFlow.expiresIn,
      });
      return { kind: 'signedIn', migration };
    case 'direct': {
      const outcome = await exchangeSignInCode({ code: authFlow.code, codeVerifier, login: username });
      return outcome.kind === 'signedIn' ? { ...outcome, migration } : outcome;
    }
    case 'otp':
    case 'sms':
    case 'verifyDevice':
    case 'push':
      return { kind: 'secondFactor', flow: authFlow, codeVerifier, login: username, migration };
  }
}
