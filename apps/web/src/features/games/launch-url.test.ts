import { describe, expect, it } from 'vitest';
import { acceptLaunchUrl, launchHosts } from './launch-url';

const ORIGIN = 'https://www.golden.example';
const CDNS = ['/', 'https://games.cdn.example', 'play.cdn2.example:8443', '//proto.cdn.example/'];

describe('acceptLaunchUrl', () => {
  it('accepts paths of this site', () => {
    expect(acceptLaunchUrl('/play/slot?code=ab12&lang=en&backUrl=%2Frng', CDNS, ORIGIN)).toBe(
      '/play/slot?code=ab12&lang=en&backUrl=%2Frng',
    );
    expect(acceptLaunchUrl('  /game/x#top ', [], ORIGIN)).toBe('/game/x#top');
  });

  it('refuses protocol-relative and backslash tricks', () => {
    expect(acceptLaunchUrl('//evil.example/x', CDNS, ORIGIN)).toBeNull();
    expect(acceptLaunchUrl('/\\evil.example/x', CDNS, ORIGIN)).toBeNull();
    expect(acceptLaunchUrl('/x\\y', CDNS, ORIGIN)).toBeNull();
  });

  it('accepts https URLs on a launch CDN host only', () => {
    expect(acceptLaunchUrl('https://games.cdn.example/lobby?t=1', CDNS, ORIGIN)).toBe(
      'https://games.cdn.example/lobby?t=1',
    );
    expect(acceptLaunchUrl('https://GAMES.cdn.example/', CDNS, ORIGIN)).toBe('https://games.cdn.example/');
    expect(acceptLaunchUrl('https://play.cdn2.example:8443/g', CDNS, ORIGIN)).toBe(
      'https://play.cdn2.example:8443/g',
    );
    expect(acceptLaunchUrl('https://proto.cdn.example/g', CDNS, ORIGIN)).toBe('https://proto.cdn.example/g');
    expect(acceptLaunchUrl('https://play.cdn2.example/g', CDNS, ORIGIN)).toBeNull(); // wrong port
    expect(acceptLaunchUrl('https://evil.example/g', CDNS, ORIGIN)).toBeNull();
    expect(acceptLaunchUrl('https://games.cdn.example.evil.example/g', CDNS, ORIGIN)).toBeNull();
  });

  it('refuses other schemes, credentials, junk and nothing', () => {
    expect(acceptLaunchUrl('http://games.cdn.example/g', CDNS, ORIGIN)).toBeNull();
    expect(acceptLaunchUrl('javascript:alert(1)', CDNS, ORIGIN)).toBeNull();
    expect(acceptLaunchUrl('data:text/html,hi', CDNS, ORIGIN)).toBeNull();
    expect(acceptLaunchUrl('https://user:pw@games.cdn.example/g', CDNS, ORIGIN)).toBeNull();
    expect(acceptLaunchUrl('play/slot', CDNS, ORIGIN)).toBeNull();
    expect(acceptLaunchUrl('', CDNS, ORIGIN)).toBeNull();
    expect(acceptLaunchUrl(null, CDNS, ORIGIN)).toBeNull();
  });

  it('a site-only CDN list allows no outside host', () => {
    expect(acceptLaunchUrl(`${ORIGIN}/play/slot`, ['/'], ORIGIN)).toBeNull();
  });
});

describe('launchHosts', () => {
  it('reads hosts from URLs, bare hosts and protocol-relative entries; paths add none', () => {
    expect([...launchHosts(CDNS)].sort()).toEqual([
      'games.cdn.example',
      'play.cdn2.example:8443',
      'proto.cdn.example',
    ]);
    expect(launchHosts(['/', '', 'http://[bad'])).toEqual(new Set());
  });
});
