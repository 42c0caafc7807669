import { okResponseSchema } from '@app/shared/api/auth';
import { callAuthService } from '../../../lib/api-client';
import type { FactorSetupCredential } from './two-step-verification';

/** `POST /auth/stores-urls/send {phoneNumber}`: the brand's app-store links by SMS (5 an hour). */
export async function sendStoreLinks(credential: FactorSetupCredential, phoneNumber: string): Promise<void> {
  await callAuthService('/auth/stores-urls/send', { phoneNumber }, okResponseSchema, {
    caller: credential.kind === 'session' ? 'session' : { bearerToken: credential.token },
  });
}
