/*
 * Hub88 Games API, operator side, as a client. Protocol as published:
 * - https://docs.hub88.io/developer-docs/operator-api-reference/games-api (game/url, game/list, game/round)
 * - https://docs.hub88.io/developer-docs/operator-api-reference/operator-api-overview/demo-and-real-gameplay
 *   (demo: currency "XXX", no user nor token)
 * - https://docs.hub88.io/developer-docs/operator-api-reference/operator-api-overview/error-codes
 *   (HTTP 400/401/403/404/500 with {"error": "..."})
 * - https://docs.hub88.io/developer-docs/supplier-api-reference (request signing: RSA-SHA256 of the
 *   body, base64, in X-Hub88-Signature)
 * - https://docs.hub88.io/developer-docs/operator-api-reference/wallet-api (the wallet side, served by
 *   hub88-wallet.service.ts; amounts are integers × 100 000)
 */
import { z } from 'zod';
import { hub88Sign } from './hub88.signature';

export const HUB88_DEMO_CURRENCY = 'XXX';

const TIMEOUT_MS = 10_000;

/** A game of Hub88's game list (fields we read; Hub88 sends more). */
const gameSchema = z.looseObject({
  game_code: z.string().min(1).max(128),
  name: z.string().max(255),
  /** The studio (game provider) whose game it is. */
  product: z.string().max(128),
  category: z.string().max(128).nullable().optional(),
  url_thumb: z.string().max(2048).nullable().optional(),
  url_background: z.string().max(2048).nullable().optional(),
  platforms: z.array(z.string()).nullable().optional(),
  enabled: z.boolean().optional(),
  freebet_support: z.boolean().nullable().optional(),
  languages: z.array(z.string()).nullable().optional(),
});
export type Hub88Game = z.output<typeof gameSchema>;

const urlAnswer = z.looseObject({ url: z.string().min(1).max(4096) });

export interface Hub88ClientConfig {
  baseUrl: string;
  operatorId: number;
  privateKey: string;
}

export interface GameUrlRequest {
  /** Omitted in demo mode. */
  user?: string;
  token?: string;
  gameCode: string;
  /** ISO 4217, or XXX for demo. */
  currency: string;
  lang: string;
  platform: 'GPL_DESKTOP' | 'GPL_MOBILE';
  country: string;
  ip: string;
  lobbyUrl: string;
  depositUrl?: string;
  subPartnerId?: string;
}

/** A Games API call that failed: the HTTP status (0: no answer) and Hub88's error text. */
export class Hub88ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly reason: string,
  ) {
    super(`hub88 games api: ${httpStatus} ${reason}`);
  }
}

/** Hub88's Games API with a brand's operator id and key: every body signed as sent. */
export class Hub88Client {
  constructor(
    private readonly config: Hub88ClientConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async call(path: string, body: Record<string, unknown>): Promise<unknown> {
    const text = JSON.stringify({ ...body, operator_id: this.config.operatorId });
    const url = `${this.config.baseUrl.replace(/\/+$/, '')}${path}`;
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub88-signature': hub88Sign(text, this.config.privateKey),
        },
        body: text,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new Hub88ApiError(0, err instanceof Error ? err.message : 'no answer');
    }
    const answer = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(answer);
    } catch {
      // Not JSON: reported with the status below.
    }
    if (!res.ok) {
      const reason = (json as { error?: unknown } | null)?.error;
      throw new Hub88ApiError(res.status, typeof reason === 'string' ? reason : answer.slice(0, 200));
    }
    return json;
  }

  /** The landing URL of a game for a session (real) or for fun (demo: currency XXX, no user/token). */
  async gameUrl(r: GameUrlRequest): Promise<string> {
    const body: Record<string, unknown> = {
      platform: r.platform,
      game_code: r.gameCode,
      currency: r.currency,
      lang: r.lang,
      country: r.country,
      ip: r.ip,
      lobby_url: r.lobbyUrl,
      meta: {},
    };
    if (r.user !== undefined) body.user = r.user;
    if (r.token !== undefined) body.token = r.token;
    if (r.depositUrl) body.deposit_url = r.depositUrl;
    if (r.subPartnerId) body.sub_partner_id = r.subPartnerId;
    const parsed = urlAnswer.safeParse(await this.call('/operator/generic/v2/game/url', body));
    if (!parsed.success) throw new Hub88ApiError(200, 'game/url answer without url');
    return parsed.data.url;
  }

  /** The operator's game list; entries that do not read as games are skipped. */
  async gameList(): Promise<Hub88Game[]> {
    const json = await this.call('/operator/generic/v2/game/list', {});
    if (!Array.isArray(json)) throw new Hub88ApiError(200, 'game/list answer is not a list');
    const games: Hub88Game[] = [];
    for (const g of json) {
      const parsed = gameSchema.safeParse(g);
      if (parsed.success) games.push(parsed.data);
    }
    return games;
  }

  /** Where a round's details are shown (Hub88's round page for one transaction of the round). */
  async roundUrl(user: string, round: string, transactionUuid: string): Promise<string> {
    const parsed = urlAnswer.safeParse(
      await this.call('/operator/generic/v2/game/round', { user, round, transaction_uuid: transactionUuid }),
    );
    if (!parsed.success) throw new Hub88ApiError(200, 'game/round answer without url');
    return parsed.data.url;
  }
}
