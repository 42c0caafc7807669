import { transferBetweenAccounts, type TransferResult } from '@app/shared/api/transfers';
import type { z } from 'zod';
import { callMethod } from '../../../lib/api-client';

export const transferBetweenAccountsInputSchema = transferBetweenAccounts.input;
export type TransferBetweenAccountsInput = z.input<typeof transferBetweenAccountsInputSchema>;

/**
 * Moves money between two own accounts. The idempotency key is the intent's: a retry after a lost
 * answer sends the same key and body, and the server answers with the first result.
 */
export function submitTransferBetweenAccounts(input: TransferBetweenAccountsInput): Promise<TransferResult> {
  return callMethod(transferBetweenAccounts, transferBetweenAccountsInputSchema.parse(input));
}
