import { convertAmount, formatAmount, FX_ROUNDING_MODE, MoneyError } from '@app/shared/money';

/**
 * The other side of a conversion before the transfer is made, computed as the server computes it
 * (shared money helpers, half-up): shown as an estimate, since the rate may move before it posts.
 */
export function convertEstimate(
  amountMinor: bigint,
  params: { from: string; to: string; rate: string | undefined },
): string | undefined {
  if (params.from === params.to) return formatAmount(amountMinor, params.to);
  if (params.rate === undefined) return undefined;
  try {
    return formatAmount(
      convertAmount(amountMinor, { from: params.from, to: params.to, rate: params.rate, rounding: FX_ROUNDING_MODE }),
      params.to,
    );
  } catch (error) {
    if (error instanceof MoneyError || error instanceof RangeError) return undefined;
    throw error;
  }
}
