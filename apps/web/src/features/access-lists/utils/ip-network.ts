export type NetworkProblem = 'prefixLength' | 'withEnd';

const PREFIX_LENGTH_PATTERN = /^\d{1,3}$/;

/**
 * What is wrong with a network in CIDR form (`203.0.113.0/24`, `2001:db8::/48`) before it is sent:
 * a prefix length beyond the address's bits, or an end address beside it (a network is a range
 * already). The server checks the same, and the address itself.
 */
export function networkProblemOf(ip: string, toIp: string): NetworkProblem | null {
  const slash = ip.lastIndexOf('/');
  if (slash === -1) return null;
  if (toIp !== '') return 'withEnd';
  const prefixLength = ip.slice(slash + 1);
  const maxPrefixLength = ip.slice(0, slash).includes(':') ? 128 : 32;
  return PREFIX_LENGTH_PATTERN.test(prefixLength) && Number(prefixLength) <= maxPrefixLength ? null : 'prefixLength';
}
