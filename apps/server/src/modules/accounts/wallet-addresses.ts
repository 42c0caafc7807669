import { randomBytes } from 'node:crypto';
import type { WalletCurrency } from '@app/shared/accounts';

/**
 * Deposit addresses of the sandbox custody adapter. They are well-formed on each asset's test
 * network — Bitcoin testnet bech32 (`tb1…`, BIP 173), and Ethereum-style 20-byte hex for ETH and
 * USDT (an ERC-20 token) — so wallets and QR scanners accept them, and no main-network coin can
 * be sent to them by mistake. A production custody adapter derives real addresses instead.
 */

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function bech32Polymod(values: number[]): number {
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    BECH32_GENERATORS.forEach((generator, bit) => {
      if ((top >>> bit) & 1) checksum ^= generator;
    });
  }
  return checksum >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const codes = Array.from({ length: hrp.length }, (_, index) => hrp.charCodeAt(index));
  return [...codes.map((code) => code >>> 5), 0, ...codes.map((code) => code & 31)];
}

/** 8-bit bytes regrouped into 5-bit words, zero-padded at the end (BIP 173 convertbits). */
function toFiveBitWords(bytes: Uint8Array): number[] {
  const words: number[] = [];
  let accumulator = 0;
  let bits = 0;
  for (const byte of bytes) {
    accumulator = (accumulator << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((accumulator >>> bits) & 31);
    }
  }
  if (bits > 0) words.push((accumulator << (5 - bits)) & 31);
  return words;
}

export function bech32Encode(hrp: string, data: number[]): string {
  const values = [...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0];
  const polymod = bech32Polymod(values) ^ 1;
  const checksum = [0, 1, 2, 3, 4, 5].map((index) => (polymod >>> (5 * (5 - index))) & 31);
  return `${hrp}1${[...data, ...checksum].map((word) => BECH32_CHARSET.charAt(word)).join('')}`;
}

/** True when the string is a bech32 string with a valid checksum (BIP 173). */
export function isValidBech32(address: string): boolean {
  const separator = address.lastIndexOf('1');
  if (separator < 1 || address.length - separator < 7) return false;
  const hrp = address.slice(0, separator);
  const encoded = address.slice(separator + 1);
  const data = Array.from({ length: encoded.length }, (_, index) => BECH32_CHARSET.indexOf(encoded.charAt(index)));
  if (data.some((word) => word < 0)) return false;
  return bech32Polymod([...hrpExpand(hrp), ...data]) === 1;
}

/** A fresh sandbox deposit address for the asset. */
export function sandboxDepositAddress(currency: WalletCurrency): string {
  const keyHash = randomBytes(20);
  switch (currency) {
    case 'BTC':
      // Witness version 0, 20-byte key hash: a P2WPKH address on testnet.
      return bech32Encode('tb', [0, ...toFiveBitWords(keyHash)]);
    case 'ETH':
    case 'USDT':
      return `0x${keyHash.toString('hex')}`;
  }
}
