import { describe, expect, it } from 'vitest';
import { isIpOrCidr, parseAllowList } from './ip';

describe('allow-list entries', () => {
  it('takes IPv4, IPv6 and CIDR blocks of both', () => {
    for (const ok of [
      '10.0.0.1',
      '0.0.0.0/0',
      '192.168.1.0/24',
      '::1',
      '2001:db8::/32',
      'fe80::1',
      '::ffff:10.0.0.1',
    ])
      expect(isIpOrCidr(ok), ok).toBe(true);
  });
  it('refuses anything else', () => {
    for (const bad of [
      '',
      '10.0.0',
      '256.1.1.1',
      '01.2.3.4',
      '10.0.0.1/33',
      '::1/129',
      '10.0.0.1/',
      '1.2.3.4/8/1',
      'example.com',
      '2001:db8::g',
      '1:2:3:4:5:6:7:8:9',
      'localhost',
    ])
      expect(isIpOrCidr(bad), bad).toBe(false);
  });
  it('reads one entry per line or comma, without blanks or repeats', () => {
    expect(parseAllowList(' 10.0.0.1\n\n10.0.0.0/8, 10.0.0.1\n')).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });
});
