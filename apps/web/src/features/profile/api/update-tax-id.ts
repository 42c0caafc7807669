import { customerTaxNumberUpdate } from '@app/shared/api/profile';
import type { MethodInput } from '@app/shared/api/method';
import { useMutation } from '@tanstack/react-query';
import { callMethod } from '../../../lib/api-client';

/** Sets the customer's tax number; the caller refreshes the customer info that shows it. */
export async function updateTaxId(params: MethodInput<typeof customerTaxNumberUpdate>): Promise<string> {
  return (await callMethod(customerTaxNumberUpdate, params)).taxId;
}

export function useUpdateTaxId(onUpdated: () => void) {
  return useMutation({ mutationFn: updateTaxId, onSuccess: onUpdated });
}
