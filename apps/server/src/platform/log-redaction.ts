import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential: game launch codes and tickets, tokens of any kind. */
const SECRET_PARAMS = new Set(['code', 'token', 'ticket', 'rememberToken']);

/** A request URL with the values of credential parameters replaced, for the logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const raw = eq < 0 ? pair : pair.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        // Not decodable: keep nothing of it rather than guess.
        return '[REDACTED]';
      }
      return SECRET_PARAMS.has(name) && eq >= 0 ? `${raw}=[REDACTED]` : pair;
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
