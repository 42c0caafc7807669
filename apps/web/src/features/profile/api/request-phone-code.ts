import { phoneVerifyResponseSchema } from '@app/shared/api/profile';
import type { z } from 'zod';
import { send } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { getFromCustomerId } from '../../../lib/session';

export type PhoneCodeRequested = z.output<typeof phoneVerifyResponseSchema>;

/** `POST /verification/phones/{phoneId}/verify` (spec 000 §7): a new SMS code bound to the PKCE challenge. */
export async function requestPhoneCode(params: {
  phoneId: number;
  codeChallenge: string;
}): Promise<PhoneCodeRequested> {
  const fromCustomerId = getFromCustomerId();
  const query = fromCustomerId === undefined ? '' : `?fromCustomerId=${fromCustomerId}`;
  const data = await send({
    path: `/verification/phones/${params.phoneId}/verify${query}`,
    body: { type: 'sms', codeChallenge: params.codeChallenge },
    isAuthenticated: true,
  });
  const parsed = phoneVerifyResponseSchema.safeParse(data);
  if (!parsed.success) throw new ApiError({ kind: 'invalid', status: 200, body: data });
  return parsed.data;
}
