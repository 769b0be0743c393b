import {
  launchGameQuerySchema,
  launchGameSchema,
  LOTTERY_GAME_TYPES,
  ok,
  popularGamesQuerySchema,
  popularGamesSchema,
  type Language,
  type PopularGame,
  type PrizeMode,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BrandResolver } from '../../platform/brand';
import { ok as envelope } from '../../platform/envelope';
import { getOrPost } from '../../platform/get-or-post';
import { mediaBase, requestOrigin } from '../../platform/media-url';
import type { GameService } from '../games';
import type { GameLaunchService, LaunchOrigin } from './launch.service';

/** The FB sports vendor's lobby (GCS_gameLaunchFB). */
const FB_VENDOR = 'FB';

export interface LobbyRouteOptions {
  brands: BrandResolver;
  games: GameService;
  launcher: GameLaunchService;
  /** Popular lotteries: /lgw/games/popular asked for a lottery type or a prize mode. */
  lotteryPopular: (
    merchant: string,
    lang: Language,
    q: { count: number; gameType?: string; prizeMode?: PrizeMode },
  ) => Promise<PopularGame[]>;
}

/** Launching any game (vendor, house engine or lottery) and the popular lists, lotteries included. */
export async function lobbyRoutes(app: FastifyInstance, opts: LobbyRouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { games, launcher, lotteryPopular } = opts;
  const tags = ['games'];

  /** The caller's origin and the brand's own hosts, for absolute launch and exit URLs. */
  const launchOrigin = (req: FastifyRequest): LaunchOrigin => ({
    origin: requestOrigin(req),
    ownsHost: (host) => opts.brands.ownsHost(req.brand.code, host),
    ip: req.ip,
  });

  r.get(
    '/lgw/games/popular',
    {
      schema: {
        summary: 'The most played games of the last days, topped up with hot games',
        tags,
        querystring: popularGamesQuerySchema,
        response: { 200: ok(popularGamesSchema) },
      },
    },
    async (req) => {
      const q = req.query;
      const lotteries =
        q.prizeMode !== undefined || (LOTTERY_GAME_TYPES as readonly string[]).includes(q.gameType ?? '');
      if (lotteries) return envelope(await lotteryPopular(req.brand.code, req.lang, q));
      return envelope(await games.popular(req.brand.code, req.lang, q.count, q.gameType, mediaBase(req)));
    },
  );

  getOrPost(app, '/wps/game/launchGame', {
    // Trial accounts too: they play with play money.
    auth: 'member',
    summary: 'Launch a game: its URL on a launch CDN (money moves into a transfer-wallet vendor first)',
    tags,
    data: launchGameQuerySchema,
    response: ok(launchGameSchema),
    handler: async (req, q) =>
      envelope(await launcher.launch(req.brand, req.member!, q, req.lang, launchOrigin(req))),
  });

  r.get(
    '/wps/relay/GCS_gameLaunchFB',
    {
      config: { auth: 'member' },
      schema: {
        summary: 'Launch the FB sports lobby',
        tags,
        querystring: z.object({ backUrl: z.string().max(512).optional() }),
        response: { 200: ok(launchGameSchema) },
      },
    },
    async (req) =>
      envelope(
        await launcher.launch(
          req.brand,
          req.member!,
          { vendor: FB_VENDOR, gameType: 'SPORTS', backUrl: req.query.backUrl ?? '/fbsports' },
          req.lang,
          launchOrigin(req),
        ),
      ),
  );
}
