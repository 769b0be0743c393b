import geoip from 'geoip-country';

/** ISO country code of an address from the GeoLite2 data shipped in the geoip-country package; null if unknown or private. */
export function countryOf(ip: string): string | null {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return geoip.lookup(plain)?.country ?? null;
}
