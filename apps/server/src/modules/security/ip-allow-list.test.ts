import { describe, expect, it } from 'vitest';
import { isInRanges, parseAddress, parseRange, rangeOf } from './ip-allow-list';

describe('parseAddress', () => {
  it('accepts dotted-quad IPv4 and IPv6, in canonical form', () => {
    expect(parseAddress(' 203.0.113.5 ')).toMatchObject({ family: 'ipv4', text: '203.0.113.5' });
    expect(parseAddress('2001:DB8:0:0:0:0:0:1')).toMatchObject({ family: 'ipv6', text: '2001:db8::1' });
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address it carries', () => {
    expect(parseAddress('::ffff:127.0.0.1')).toMatchObject({ family: 'ipv4', text: '127.0.0.1' });
  });

  it.each(['', '127.1', '0x7f.0.0.1', '256.1.1.1', '1.2.3', 'fe80::1%eth0', 'example.com', '10.0.0.0/8', '1.2.3.4.5'])(
    'refuses %j',
    (input) => {
      expect(parseAddress(input)).toBeNull();
    },
  );
});

describe('parseRange', () => {
  it('takes a single address or an ordered range of one family', () => {
    expect(parseRange('10.0.0.1', undefined)).toMatchObject({ ok: true, to: null });
    expect(parseRange('10.0.0.1', '10.0.0.9')).toMatchObject({ ok: true, to: { text: '10.0.0.9' } });
    expect(parseRange('10.0.0.1', '10.0.0.1')).toMatchObject({ ok: true, to: null });
  });

  it('names what is wrong', () => {
    expect(parseRange('nope', undefined)).toEqual({ ok: false, problem: 'invalidFrom' });
    expect(parseRange('10.0.0.1', 'nope')).toEqual({ ok: false, problem: 'invalidTo' });
    expect(parseRange('10.0.0.1', '2001:db8::1')).toEqual({ ok: false, problem: 'mixedFamilies' });
    expect(parseRange('10.0.0.9', '10.0.0.1')).toEqual({ ok: false, problem: 'reversed' });
  });
});

describe('isInRanges', () => {
  const ranges = [rangeOf({ ip: '10.0.0.10', toIp: '10.0.1.5' }), rangeOf({ ip: '2001:db8::1', toIp: null })].filter(
    (range) => range !== null,
  );

  it('matches the ends and the inside of a range, and single addresses', () => {
    for (const ip of ['10.0.0.10', '10.0.0.200', '10.0.1.5', '2001:db8::1', '::ffff:10.0.0.11']) {
      const address = parseAddress(ip);
      expect(address !== null && isInRanges(address, ranges)).toBe(true);
    }
  });

  it('does not match outside, nor across families', () => {
    for (const ip of ['10.0.0.9', '10.0.1.6', '2001:db8::2', '::a00:a']) {
      const address = parseAddress(ip);
      expect(address !== null && isInRanges(address, ranges)).toBe(false);
    }
  });
});
