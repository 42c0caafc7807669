import { accountAddCurrency } from '@app/shared/api/accounts';
import type { PaymentAccountCurrency } from '@app/shared/accounts';
import type { MethodOutput } from '@app/shared/api/method';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callMethod } from '../../../lib/api-client';
import { accountsQueryKey } from './get-accounts';
import { paymentInstructionsQueryRoot } from './get-payment-instructions';

export const addCurrencyInputSchema = accountAddCurrency.input;
export type AddCurrencyInput = z.input<typeof addCurrencyInputSchema>;
export type AddCurrencyResult = MethodOutput<typeof accountAddCurrency>;

/** Opens a payment account in the currency, or answers with the open one (`isCreated: false`). */
export function addCurrency(currencyCode: PaymentAccountCurrency): Promise<AddCurrencyResult> {
  return callMethod(accountAddCurrency, addCurrencyInputSchema.parse({ currencyCode }));
}

export function useAddCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCurrency,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: paymentInstructionsQueryRoot }),
      ]);
    },
  });
}
