import { describe, expect, it } from 'vitest';
import { csvCell } from './audit-search.service';
import { ipAllowed, parseAllowEntry } from './ip-allow-list';

describe('the allow-list entries', () => {
  it('accepts IPv4 and IPv6 addresses and CIDRs, and nothing else', () => {
    expect(parseAllowEntry(' 10.1.2.3 ')).toBe('10.1.2.3');
    expect(parseAllowEntry('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(parseAllowEntry('2001:DB8::/32')).toBe('2001:db8::/32');
    for (const bad of [
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0',
      'example.com',
      '10.0.0.1/8/1',
      '10.0.0.0/x',
      '',
    ])
      expect(parseAllowEntry(bad), bad).toBeNull();
  });

  it('matches addresses in the list; an empty list allows everyone', () => {
    expect(ipAllowed([], '203.0.113.9')).toBe(true);
    const list = ['10.0.0.0/8', '2001:db8::/32', '192.0.2.7'];
    expect(ipAllowed(list, '10.200.1.1')).toBe(true);
    expect(ipAllowed(list, '::ffff:10.200.1.1')).toBe(true);
    expect(ipAllowed(list, '2001:db8:1::5')).toBe(true);
    expect(ipAllowed(list, '192.0.2.7')).toBe(true);
    expect(ipAllowed(list, '192.0.2.8')).toBe(false);
    expect(ipAllowed(list, '2001:db9::1')).toBe(false);
    expect(ipAllowed(list, 'not-an-ip')).toBe(false);
  });
});

describe('CSV cells', () => {
  it('quote by RFC 4180 and neutralise formulas', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)']) expect(csvCell(f)).toBe(`'${f}`);
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });
});
