/**
 * Which game URLs the frame pages agree to show (the `url` query parameter is attacker-controlled:
 * anyone can send a link to /game?url=...). Accepted: a path of this site ("/play/slot?..."),
 * or an https URL on one of the brand's game-launch CDNs. Everything else (other hosts, http,
 * javascript:, protocol-relative "//host", "/\host" which browsers read as "//host", credentials in
 * the URL) is refused.
 */
export function acceptLaunchUrl(raw: string | null | undefined, cdns: readonly string[], origin: string) {
  const url = (raw ?? '').trim();
  if (!url) return null;
  if (url.startsWith('/')) {
    // Browsers treat "\" like "/" in URLs: "/\evil.com" is protocol-relative.
    if (url.startsWith('//') || url.includes('\\')) return null;
    let parsed: URL;
    try {
      parsed = new URL(url, origin);
    } catch {
      return null;
    }
    if (parsed.origin !== new URL(origin).origin) return null;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return null;
  return launchHosts(cdns).has(parsed.host.toLowerCase()) ? parsed.href : null;
}

/** Hosts (with port, if any) of the launch CDN list; entries that are paths ("/") mean this site. */
export function launchHosts(cdns: readonly string[]): Set<string> {
  const hosts = new Set<string>();
  for (const entry of cdns) {
    const e = entry.trim();
    if (!e || (e.startsWith('/') && !e.startsWith('//'))) continue;
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(e) ? e : `https://${e.replace(/^\/\//, '')}`;
    try {
      const host = new URL(withScheme).host.toLowerCase();
      if (host) hosts.add(host);
    } catch {
      /* a malformed entry allows nothing */
    }
  }
  return hosts;
}
