import { describe, expect, it } from 'vitest';
import { clientKey, forwardedClientAddress } from './client-address';

describe('clientKey', () => {
  it('keeps an IPv4 address, without a port', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.7:51234')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0000:0000:0000:0042',
      '[2001:db8:1:2::9]:443',
      '[2001:db8:1:2::9]',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2:a:b:1.2.3.4',
    ]) {
      expect(clientKey(address), address).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('[::ffff:203.0.113.7]:8080')).toBe('203.0.113.7');
  });

  it('keeps anything else as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('')).toBe('');
  });
});

describe('forwardedClientAddress', () => {
  it('trusts as many proxies as it is told, from the right, and no more', () => {
    const forwarded = '198.51.100.9, 203.0.113.7, 10.0.0.2';
    expect(forwardedClientAddress('10.0.0.1', forwarded, 0)).toBe('10.0.0.1');
    expect(forwardedClientAddress('10.0.0.1', forwarded, 1)).toBe('10.0.0.2');
    expect(forwardedClientAddress('10.0.0.1', forwarded, 2)).toBe('203.0.113.7');
    // More hops than the header holds: its leftmost entry, as Fastify reads it.
    expect(forwardedClientAddress('10.0.0.1', '203.0.113.7', 3)).toBe('203.0.113.7');
    expect(forwardedClientAddress('10.0.0.1', undefined, 1)).toBe('10.0.0.1');
    expect(forwardedClientAddress('10.0.0.1', ['198.51.100.9', '203.0.113.7'], 1)).toBe('203.0.113.7');
  });
});
