import { describe, expect, it } from 'vitest';
import {
  FUNDING_REFERENCE_LENGTH,
  fundingReferenceCandidates,
  generateFundingReference,
  isValidFundingReference,
} from './funding-reference';
import { isValidAbaRoutingNumber } from './funding-rails';
import { bech32Encode, isValidBech32, sandboxDepositAddress } from './wallet-addresses';

describe('funding references', () => {
  it('are drawn valid, in the look-alike-free alphabet', () => {
    for (let index = 0; index < 200; index += 1) {
      const reference = generateFundingReference();
      expect(reference).toHaveLength(FUNDING_REFERENCE_LENGTH);
      expect(reference).toMatch(/^[A-HJ-NP-Z2-9]{8}\d{2}$/);
      expect(isValidFundingReference(reference)).toBe(true);
    }
  });

  it('catch every single-character typo and every swap of neighbours', () => {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    for (let round = 0; round < 20; round += 1) {
      const reference = generateFundingReference();
      for (let position = 0; position < reference.length; position += 1) {
        const characters = position < 8 ? alphabet : '0123456789';
        for (const replacement of characters) {
          if (replacement === reference[position]) continue;
          const typo = reference.slice(0, position) + replacement + reference.slice(position + 1);
          expect(isValidFundingReference(typo), typo).toBe(false);
        }
        // Swaps inside the body or inside the check digits (a swap across them breaks the pattern or the sum).
        const isSameKind = position + 1 < 8 || position === 8;
        if (isSameKind && position + 1 < reference.length && reference[position] !== reference[position + 1]) {
          const swapped =
            reference.slice(0, position) +
            (reference[position + 1] ?? '') +
            (reference[position] ?? '') +
            reference.slice(position + 2);
          expect(isValidFundingReference(swapped), swapped).toBe(false);
        }
      }
    }
  });

  it('are found in remittance text however the payer wrote them', () => {
    const reference = generateFundingReference();
    const spaced = `${reference.slice(0, 4)} ${reference.slice(4, 8)}-${reference.slice(8)}`;
    for (const text of [reference, reference.toLowerCase(), `Ref: ${spaced}, thanks`, `INVOICE 12 / ${reference}`]) {
      expect(fundingReferenceCandidates(text), text).toContain(reference);
    }
    expect(fundingReferenceCandidates('no reference here')).toEqual([]);
    expect(fundingReferenceCandidates('x'.repeat(2_000)).length).toBeLessThanOrEqual(32);
  });
});

describe('sandbox bank and wallet details', () => {
  it('checks ABA routing numbers by their check digit', () => {
    expect(isValidAbaRoutingNumber('011000015')).toBe(true);
    expect(isValidAbaRoutingNumber('011000016')).toBe(false);
    expect(isValidAbaRoutingNumber('01100001')).toBe(false);
  });

  it('makes bech32 testnet addresses with valid checksums (BIP 173 test vector included)', () => {
    expect(isValidBech32('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(true);
    expect(bech32Encode('a', [])).toBe('a12uel5l');
    for (let index = 0; index < 20; index += 1) {
      const address = sandboxDepositAddress('BTC');
      expect(address).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
      expect(isValidBech32(address)).toBe(true);
      expect(isValidBech32(`${address.slice(0, -1)}${address.endsWith('q') ? 'p' : 'q'}`)).toBe(false);
    }
    expect(sandboxDepositAddress('USDT')).toMatch(/^0x[0-9a-f]{40}$/);
  });
});
