import { describe, expect, it } from 'vitest';
import { isInRanges, parseAddress, parseNetwork, parseRange, rangeOf } from './ip-allow-list';

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

describe('a network in CIDR form', () => {
  it('is the range of addresses it covers', () => {
    expect(parseRange('203.0.113.0/24', undefined)).toMatchObject({
      ok: true,
      from: { family: 'ipv4', text: '203.0.113.0' },
      to: { text: '203.0.113.255' },
    });
    expect(parseRange('2001:DB8::/48', undefined)).toMatchObject({
      ok: true,
      from: { family: 'ipv6', text: '2001:db8::' },
      to: { text: '2001:db8:0:ffff:ffff:ffff:ffff:ffff' },
    });
    expect(parseNetwork('10.0.0.0/8')).toMatchObject({ to: { text: '10.255.255.255' } });
    expect(parseNetwork('0.0.0.0/0')).toMatchObject({ from: { text: '0.0.0.0' }, to: { text: '255.255.255.255' } });
  });

  it('ignores host bits, and is a single address at full length', () => {
    expect(parseNetwork('203.0.113.77/24')).toMatchObject({
      from: { text: '203.0.113.0' },
      to: { text: '203.0.113.255' },
    });
    expect(parseNetwork('198.51.100.7/32')).toMatchObject({ ok: true, from: { text: '198.51.100.7' }, to: null });
    expect(parseNetwork('2001:db8::1/128')).toMatchObject({ ok: true, from: { text: '2001:db8::1' }, to: null });
    expect(parseNetwork('198.51.100.7/31')).toMatchObject({
      from: { text: '198.51.100.6' },
      to: { text: '198.51.100.7' },
    });
  });

  it('takes an IPv4-mapped IPv6 network as the IPv4 network it carries', () => {
    expect(parseNetwork('::ffff:203.0.113.0/120')).toMatchObject({
      from: { family: 'ipv4', text: '203.0.113.0' },
      to: { text: '203.0.113.255' },
    });
  });

  it.each([
    ['203.0.113.0/33', 'invalidPrefixLength'],
    ['2001:db8::/129', 'invalidPrefixLength'],
    ['203.0.113.0/', 'invalidPrefixLength'],
    ['203.0.113.0/-1', 'invalidPrefixLength'],
    ['203.0.113.0/2.5', 'invalidPrefixLength'],
    ['203.0.113.0/ 24', 'invalidPrefixLength'],
    ['::ffff:203.0.113.0/64', 'invalidPrefixLength'],
    ['203.0.113/24', 'invalidFrom'],
    ['/24', 'invalidFrom'],
    ['203.0.113.0/24/8', 'invalidFrom'],
  ])('refuses %j: %s', (input, problem) => {
    expect(parseRange(input, undefined)).toEqual({ ok: false, problem });
  });

  it('has no end address of its own', () => {
    expect(parseRange('203.0.113.0/24', '203.0.113.9')).toEqual({ ok: false, problem: 'networkWithEnd' });
  });

  it('admits the addresses of the network only', () => {
    const parsed = parseRange('203.0.113.0/24', undefined);
    if (!parsed.ok) throw new Error('not parsed');
    const range = rangeOf({ ip: parsed.from.text, toIp: parsed.to?.text ?? null });
    if (range === null) throw new Error('no range');
    const admits = (ip: string) => {
      const address = parseAddress(ip);
      return address !== null && isInRanges(address, [range]);
    };
    expect(['203.0.113.0', '203.0.113.77', '203.0.113.255'].map(admits)).toEqual([true, true, true]);
    expect(['203.0.112.255', '203.0.114.0', '203.0.114.77'].map(admits)).toEqual([false, false, false]);
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
