/**
 * Whether a text is an IPv4 or IPv6 address, or a CIDR block of one (the shapes the server's
 * allow-list takes). IPv6 is checked by the browser's own URL parser, which knows every short form.
 */
export function isIpOrCidr(text: string): boolean {
  const [addr, prefix, ...rest] = text.trim().split('/');
  if (!addr || rest.length > 0) return false;
  const v4 = isIPv4(addr);
  const v6 = !v4 && isIPv6(addr);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}

function isIPv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

function isIPv6(s: string): boolean {
  if (!s.includes(':') || /[^0-9a-fA-F:.]/.test(s)) return false;
  try {
    return new URL(`http://[${s}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** The lines of the editor as entries: trimmed, blank lines and repeats dropped. */
export function parseAllowList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
