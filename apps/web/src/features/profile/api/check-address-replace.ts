import { addressReplaceCheck } from '@app/shared/api/profile';
import type { MethodInput, MethodOutput } from '@app/shared/api/method';
import { callMethod } from '../../../lib/api-client';

export type AddressReplaceCheck = MethodOutput<typeof addressReplaceCheck>;

/** What replacing the address would do to the customer's cards; asked right before the replacement. */
export function checkAddressReplace(params: MethodInput<typeof addressReplaceCheck>): Promise<AddressReplaceCheck> {
  return callMethod(addressReplaceCheck, params);
}
