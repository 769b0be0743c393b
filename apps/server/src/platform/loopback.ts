import { BlockList, isIPv4 } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Whether a socket's peer address is this machine (127.0.0.0/8, ::1, or IPv4 loopback mapped into
 * IPv6). Pass the socket's own address, never a forwarded one: a header is whatever the client says.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(.+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return loopback.check(mapped, 'ipv4');
  return loopback.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}
