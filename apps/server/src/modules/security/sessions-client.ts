/**
 * How a sign-in's client is shown in the sessions list and the login history: the browser and
 * system read from the user agent, and a location from the address. The location is a sandbox
 * lookup over a small offline table of reserved and documentation ranges; a production deployment
 * plugs a GeoIP database in here. An address it does not know is "Unknown", never a guess.
 */
export const UNKNOWN_LOCATION = 'Unknown';

interface LocationRange {
  /** IPv4 prefix as dotted octets, matched at octet boundaries. */
  prefix: string;
  location: string;
}

/** RFC 5737 documentation ranges stand for three places, so demo data and tests show real-looking output. */
const SANDBOX_RANGES: LocationRange[] = [
  { prefix: '127.', location: 'This computer' },
  { prefix: '10.', location: 'Private network' },
  { prefix: '192.168.', location: 'Private network' },
  { prefix: '192.0.2.', location: 'London, United Kingdom' },
  { prefix: '198.51.100.', location: 'Lisbon, Portugal' },
  { prefix: '203.0.113.', location: 'Bucharest, Romania' },
];

function isPrivate172(ip: string): boolean {
  const match = /^172\.(\d{1,3})\./.exec(ip);
  const second = match === null ? NaN : Number(match[1]);
  return second >= 16 && second <= 31;
}

export function locationOfIp(ip: string): string {
  const address = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  if (address === '::1') return 'This computer';
  if (isPrivate172(address)) return 'Private network';
  if (/^f[cd][0-9a-f]{2}:/i.test(address)) return 'Private network';
  return SANDBOX_RANGES.find((range) => address.startsWith(range.prefix))?.location ?? UNKNOWN_LOCATION;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\//, 'Firefox'],
  [/HeadlessChrome\//, 'Chrome (headless)'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/okhttp|Dart\//, 'Mobile app'],
  [/curl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Windows"; "Unknown device" without a user agent. */
export function deviceOfUserAgent(userAgent: string | null): string {
  if (userAgent === null || userAgent.trim() === '') return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser !== undefined && system !== undefined) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 40);
}
