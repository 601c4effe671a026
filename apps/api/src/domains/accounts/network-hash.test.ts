import { describe, expect, it } from 'vitest';
import { hashSignupNetwork, networkOf } from './network-hash.ts';

describe('networkOf', () => {
  it('keeps an IPv4 address’s /24 and an IPv6 address’s /48, never the address', () => {
    expect(networkOf('192.0.2.17')).toBe('192.0.2.0/24');
    expect(networkOf('::ffff:192.0.2.200')).toBe('192.0.2.0/24');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:0db8:00ab:ffff:0:0:0:1')).toBe('2001:db8:ab::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0::/48');
  });

  it('answers undefined for what is not an address', () => {
    for (const text of ['', 'localhost', '192.0.2', '300.1.1.1', '2001:db8::1::2']) expect(networkOf(text), text).toBeUndefined();
  });
});

describe('hashSignupNetwork', () => {
  it('hashes one network alike and two networks differently, 32 hex characters, salted', () => {
    const one = hashSignupNetwork('192.0.2.17', 'salt');
    expect(one).toMatch(/^[0-9a-f]{32}$/);
    expect(hashSignupNetwork('192.0.2.250', 'salt')).toBe(one);
    expect(hashSignupNetwork('::ffff:192.0.2.1', 'salt')).toBe(one);
    expect(hashSignupNetwork('192.0.3.17', 'salt')).not.toBe(one);
    expect(hashSignupNetwork('192.0.2.17', 'another salt')).not.toBe(one);
    expect(hashSignupNetwork('2001:db8:1:2::5', 'salt')).toBe(hashSignupNetwork('2001:db8:1:ffff::9', 'salt'));
    expect(hashSignupNetwork('2001:db8:1:2::5', 'salt')).not.toBe(hashSignupNetwork('2001:db8:2:2::5', 'salt'));
    expect(hashSignupNetwork('not an address', 'salt')).toBeNull();
    // The network itself is not what is stored.
    expect(one).not.toContain('192');
  });
});
