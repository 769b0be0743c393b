import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential: game launch codes and tickets, tokens of any kind. */
const SECRET_PARAMS = new Set(['code', 'token', 'ticket', 'rememberToken']);

const decode = (text: string): string | null => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
};

/**
 * A request URL with the values of credential parameters replaced, for the logs; also inside a
 * parameter that is itself a URL (the site's game pages carry the launch URL: /seamless?url=...).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = decode(pair.slice(0, eq));
      const value = decode(pair.slice(eq + 1));
      // Not decodable: keep nothing of it rather than guess.
      if (name === null || value === null) return '[REDACTED]';
      if (SECRET_PARAMS.has(name)) return `${pair.slice(0, eq)}=[REDACTED]`;
      if (value.includes('?')) {
        const inner = redactUrl(value);
        if (inner !== value) return `${pair.slice(0, eq)}=${encodeURIComponent(inner)}`;
      }
      return pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/**
 * The access log's request: Fastify's default fields, with the URL's credentials redacted (a game
 * page's URL carries its launch code; anything in a URL ends up in logs, proxies and histories).
 */
export function requestSerializer(req: FastifyRequest) {
  const version = req.headers['accept-version'];
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: Array.isArray(version) ? version[0] : version,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
