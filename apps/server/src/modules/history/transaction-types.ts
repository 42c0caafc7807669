import type { TransactionType } from '@app/shared/api/history';

/**
 * Which ledger kinds (dotted lowerCamelCase, see ledger-engine.ts) each transaction type of the
 * history covers. A kind belongs to a type when it equals one of the type's kinds or starts with it
 * followed by a dot ('transfer.p2p' covers 'transfer.p2p.fee'). Kinds no type claims are 'other'.
 * Order matters: the first type that claims a kind wins, so narrower kinds come first.
 */
export const TRANSACTION_TYPE_KINDS: readonly { type: Exclude<TransactionType, 'other'>; kinds: readonly string[] }[] =
  [
    { type: 'fee', kinds: ['fee', 'transfer.fee', 'payout.fee'] },
    { type: 'reversal', kinds: ['reversal'] },
    { type: 'incomingBank', kinds: ['incoming'] },
    { type: 'ownAccounts', kinds: ['transfer.account', 'transfer.ownAccounts', 'transfer.betweenAccounts'] },
    { type: 'p2p', kinds: ['transfer.p2p'] },
    { type: 'wire', kinds: ['transfer.wire', 'payout.wire'] },
    { type: 'eft', kinds: ['transfer.eft', 'payout.eft'] },
    { type: 'oct', kinds: ['transfer.oct', 'payout.oct', 'payout.card'] },
    { type: 'cryptoEft', kinds: ['transfer.cryptoEft', 'payout.cryptoEft', 'payout.crypto'] },
    { type: 'instantPayment', kinds: ['transfer.instant', 'payout.instant', 'transfer.instantPayment'] },
    { type: 'massPayout', kinds: ['transfer.mass', 'payout.mass'] },
    { type: 'globalPayout', kinds: ['transfer.global', 'payout.global', 'paymentLink'] },
    { type: 'card', kinds: ['card'] },
    { type: 'invoice', kinds: ['invoice'] },
    { type: 'exchange', kinds: ['fx', 'exchange', 'transfer.exchange'] },
  ];

/** English names for API users; screens and the CSV (history-texts.ts) use their own words. */
export const TRANSACTION_TYPE_NAMES: Readonly<Record<TransactionType, string>> = {
  incomingBank: 'Incoming bank transfer',
  ownAccounts: 'Between own accounts',
  p2p: 'Transfer to a user',
  wire: 'Wire transfer',
  eft: 'EFT transfer',
  oct: 'Card payout',
  cryptoEft: 'Crypto transfer',
  instantPayment: 'Instant payment',
  massPayout: 'Mass payout',
  globalPayout: 'Payment link',
  card: 'Card payment',
  invoice: 'Invoice payment',
  exchange: 'Currency exchange',
  fee: 'Fee',
  reversal: 'Reversal',
  other: 'Other',
};

function kindMatches(kind: string, claimed: string): boolean {
  return kind === claimed || kind.startsWith(`${claimed}.`);
}

export function transactionTypeOf(kind: string): TransactionType {
  for (const entry of TRANSACTION_TYPE_KINDS) {
    if (entry.kinds.some((claimed) => kindMatches(kind, claimed))) return entry.type;
  }
  return 'other';
}

/**
 * The kinds a filter on `type` selects: `include` lists claimed kinds; `exclude` those of the types
 * listed before it (first claim wins) — for 'other', every claimed kind.
 */
export function kindFilterOf(type: TransactionType): { include: string[] | 'all'; exclude: string[] } {
  if (type === 'other') {
    return { include: 'all', exclude: TRANSACTION_TYPE_KINDS.flatMap((entry) => [...entry.kinds]) };
  }
  const index = TRANSACTION_TYPE_KINDS.findIndex((entry) => entry.type === type);
  const entry = TRANSACTION_TYPE_KINDS[index];
  if (entry === undefined) return { include: [], exclude: [] };
  return {
    include: [...entry.kinds],
    exclude: TRANSACTION_TYPE_KINDS.slice(0, index).flatMap((earlier) => [...earlier.kinds]),
  };
}
