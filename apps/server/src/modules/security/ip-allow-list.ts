import ipaddr from 'ipaddr.js';

/**
 * Addresses and ranges of the IP allow-list, parsed and compared on bytes. Only the plain forms
 * people type are accepted: dotted-quad IPv4 (no "127.1", octal or hex shorthands that parsers
 * disagree on) and IPv6 without a zone. An IPv4-mapped IPv6 address (what a dual-stack socket
 * reports for an IPv4 client) is treated as the IPv4 address it carries.
 */

export type IpFamily = 'ipv4' | 'ipv6';

export interface ParsedAddress {
  family: IpFamily;
  bytes: number[];
  /** The canonical text: dotted quad, or RFC 5952 for IPv6. */
  text: string;
}

export interface AddressRange {
  family: IpFamily;
  from: number[];
  to: number[];
}

export function parseAddress(input: string): ParsedAddress | null {
  const value = input.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) {
    const address = ipaddr.IPv4.parse(value);
    return { family: 'ipv4', bytes: address.toByteArray(), text: address.toString() };
  }
  if (value.includes('%') || !ipaddr.IPv6.isValid(value)) return null;
  const address = ipaddr.IPv6.parse(value);
  if (address.isIPv4MappedAddress()) {
    const v4 = address.toIPv4Address();
    return { family: 'ipv4', bytes: v4.toByteArray(), text: v4.toString() };
  }
  return { family: 'ipv6', bytes: address.toByteArray(), text: address.toRFC5952String() };
}

export function compareBytes(left: readonly number[], right: readonly number[]): number {
  for (let index = 0; index < left.length; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export type RangeProblem = 'invalidFrom' | 'invalidTo' | 'mixedFamilies' | 'reversed';

/** A single address (no `toIp`) or a range; the ends must be of one family and in order. */
export function parseRange(
  ip: string,
  toIp: string | undefined,
): { ok: true; from: ParsedAddress; to: ParsedAddress | null } | { ok: false; problem: RangeProblem } {
  const from = parseAddress(ip);
  if (from === null) return { ok: false, problem: 'invalidFrom' };
  if (toIp === undefined) return { ok: true, from, to: null };
  const to = parseAddress(toIp);
  if (to === null) return { ok: false, problem: 'invalidTo' };
  if (to.family !== from.family) return { ok: false, problem: 'mixedFamilies' };
  const order = compareBytes(from.bytes, to.bytes);
  if (order > 0) return { ok: false, problem: 'reversed' };
  // A range of one address is a single address: stored and shown as one.
  return { ok: true, from, to: order === 0 ? null : to };
}

/** The stored entry as a range to match; null for a row that no longer parses (never matches). */
export function rangeOf(entry: { ip: string; toIp: string | null }): AddressRange | null {
  const from = parseAddress(entry.ip);
  if (from === null) return null;
  const to = entry.toIp === null ? from : parseAddress(entry.toIp);
  if (to?.family !== from.family) return null;
  return { family: from.family, from: from.bytes, to: to.bytes };
}

export function isInRanges(address: ParsedAddress, ranges: readonly AddressRange[]): boolean {
  return ranges.some(
    (range) =>
      range.family === address.family &&
      compareBytes(range.from, address.bytes) <= 0 &&
      compareBytes(address.bytes, range.to) <= 0,
  );
}
