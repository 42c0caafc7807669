import { describe, expect, it } from 'vitest';
import { networkProblemOf } from './ip-network';

describe('networkProblemOf', () => {
  it('accepts single addresses, ranges and networks within the prefix length of their family', () => {
    expect(networkProblemOf('203.0.113.5', '')).toBeNull();
    expect(networkProblemOf('203.0.113.5', '203.0.113.9')).toBeNull();
    expect(networkProblemOf('203.0.113.0/24', '')).toBeNull();
    expect(networkProblemOf('203.0.113.0/32', '')).toBeNull();
    expect(networkProblemOf('2001:db8::/48', '')).toBeNull();
    expect(networkProblemOf('2001:db8::/128', '')).toBeNull();
  });

  it.each(['203.0.113.0/33', '2001:db8::/129', '203.0.113.0/', '203.0.113.0/-1', '203.0.113.0/x', '10.0.0.0/2.5'])(
    'refuses the prefix length of %j',
    (ip) => {
      expect(networkProblemOf(ip, '')).toBe('prefixLength');
    },
  );

  it('refuses an end address beside a network', () => {
    expect(networkProblemOf('203.0.113.0/24', '203.0.113.9')).toBe('withEnd');
  });
});
