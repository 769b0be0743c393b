import { BlockList, isIP } from 'node:net';

/**
 * Parses one allow-list entry: an IPv4 or IPv6 address, or a CIDR range of either. Returns the
 * canonical text, or null when it is neither.
 */
export function parseAllowEntry(entry: string): string | null {
  const text = entry.trim();
  const [addr, bits, extra] = text.split('/');
  if (extra !== undefined || !addr) return null;
  const family = isIP(addr);
  if (!family) return null;
  if (bits === undefined) return addr.toLowerCase();
  if (!/^\d{1,3}$/.test(bits)) return null;
  const prefix = Number(bits);
  if (prefix > (family === 4 ? 32 : 128)) return null;
  return `${addr.toLowerCase()}/${prefix}`;
}

/** Whether `ip` is in the list (entries already parsed); an empty list allows every address. */
export function ipAllowed(list: readonly string[], ip: string): boolean {
  if (list.length === 0) return true;
  const block = new BlockList();
  for (const entry of list) {
    const [addr, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) block.addAddress(addr, type);
    else block.addSubnet(addr, Number(bits), type);
  }
  // An IPv4 client reached over an IPv6 socket arrives as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const candidates = mapped ? [ip, mapped[1]!] : [ip];
  return candidates.some((c) => {
    const family = isIP(c);
    return family !== 0 && block.check(c, family === 6 ? 'ipv6' : 'ipv4');
  });
}
