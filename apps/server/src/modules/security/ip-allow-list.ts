import ipaddr from 'ipaddr.js';

/**
 * Addresses and ranges of the IP allow-list, parsed and compared on bytes. Only the plain forms
 * people type are accepted: dotted-quad IPv4 (no "127.1", octal or hex shorthands that parsers
 * disagree on) and IPv6 without a zone. An IPv4-mapped IPv6 address (what a dual-stack socket
 * reports for an IPv4 client) is treated as the IPv4 address it carries. A network in CIDR form
 * (`203.0.113.0/24`, `2001:db8::/48`) is taken as the range of addresses it covers, so entries
 * keep the single-address-or-range shape every client of the list already reads.
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

export type RangeProblem =
  'invalidFrom' | 'invalidTo' | 'mixedFamilies' | 'reversed' | 'invalidPrefixLength' | 'networkWithEnd';

type ParsedRange = { ok: true; from: ParsedAddress; to: ParsedAddress | null } | { ok: false; problem: RangeProblem };

const PREFIX_LENGTH_PATTERN = /^\d{1,3}$/;

function addressOfBytes(family: IpFamily, bytes: number[]): ParsedAddress {
  const address = ipaddr.fromByteArray(bytes);
  const text = address instanceof ipaddr.IPv6 ? address.toRFC5952String() : address.toString();
  return { family, bytes, text };
}

/**
 * `address/prefixLength` as its first and last address. The host bits of the address are ignored
 * (`203.0.113.77/24` is `203.0.113.0/24`), as most network tools do. An IPv4-mapped IPv6 network
 * of at least 96 bits is the IPv4 network it carries, like a single mapped address.
 */
export function parseNetwork(input: string): ParsedRange {
  const value = input.trim();
  const slash = value.lastIndexOf('/');
  const address = parseAddress(value.slice(0, slash));
  if (address === null) return { ok: false, problem: 'invalidFrom' };
  const prefixText = value.slice(slash + 1);
  const isMapped = address.family === 'ipv4' && value.slice(0, slash).includes(':');
  const prefixLength = Number(prefixText) - (isMapped ? 96 : 0);
  const maxPrefixLength = address.bytes.length * 8;
  if (!PREFIX_LENGTH_PATTERN.test(prefixText) || prefixLength < 0 || prefixLength > maxPrefixLength) {
    return { ok: false, problem: 'invalidPrefixLength' };
  }
  const masks = address.bytes.map((_byte, index) => {
    const networkBits = Math.min(8, Math.max(0, prefixLength - index * 8));
    return (0xff << (8 - networkBits)) & 0xff;
  });
  const first = address.bytes.map((byte, index) => byte & (masks[index] ?? 0));
  const last = address.bytes.map((byte, index) => byte | (~(masks[index] ?? 0) & 0xff));
  const from = addressOfBytes(address.family, first);
  // A /32 (or /128) network is a single address: stored and shown as one.
  return { ok: true, from, to: prefixLength === maxPrefixLength ? null : addressOfBytes(address.family, last) };
}

/**
 * A single address (no `toIp`), a range, or a network in CIDR form (no `toIp`); the ends of a
 * range must be of one family and in order.
 */
export function parseRange(ip: string, toIp: string | undefined): ParsedRange {
  if (ip.includes('/')) return toIp === undefined ? parseNetwork(ip) : { ok: false, problem: 'networkWithEnd' };
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
