import { transferP2P, type TransferResult } from '@app/shared/api/transfers';
import type { z } from 'zod';
import { callMethod } from '../../../lib/api-client';

export const transferP2PInputSchema = transferP2P.input;
export type TransferP2PInput = z.input<typeof transferP2PInputSchema>;

/** Sends money to another customer by e-mail (optionally recurring: a pre-approved payment). */
export function submitTransferP2P(input: TransferP2PInput): Promise<TransferResult> {
  return callMethod(transferP2P, transferP2PInputSchema.parse(input));
}
