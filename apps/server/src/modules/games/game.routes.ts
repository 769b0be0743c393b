import {
  favoriteChangeSchema,
  favoriteIdsQuerySchema,
  favoriteListQuerySchema,
  favoriteListSchema,
  gameListQuerySchema,
  gameListSchema,
  hotGamesQuerySchema,
  hotGamesSchema,
  launchGameQuerySchema,
  launchGameSchema,
  LOTTERY_GAME_TYPES,
  ok,
  popularGamesQuerySchema,
  popularGamesSchema,
  recentGamesQuerySchema,
  recentGamesSchema,
  winnerBoardQuerySchema,
  winnerBoardSchema,
  type GameType,
  type Language,
  type PopularGame,
  type PrizeMode,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EncodedResponseCache } from '../../platform/encoded-response-cache';
import { ok as envelope } from '../../platform/envelope';
import { mediaBase, requestOrigin } from '../../platform/media-url';
import type { CatalogueService } from './catalogue.service';
import type { GameService } from './game.service';
import type { GameLaunchService, LaunchOrigin } from './launch.service';

/** The FB sports vendor's lobby (GCS_gameLaunchFB). */
const FB_VENDOR = 'FB';

/**
 * A relay real clients send as GET (data in the query) or POST (data in a JSON body): both verbs
 * are registered with the same schema and handler (ARCHITECTURE section 3).
 */
function getOrPost<S extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  o: {
    auth?: 'member' | 'real';
    summary: string;
    tags: string[];
    data: S;
    response: R;
    handler: (req: FastifyRequest, data: z.output<S>) => Promise<unknown>;
  },
) {
  for (const method of ['GET', 'POST'] as const) {
    // The schema is typed loosely on purpose: the two verbs read the same data from different
    // places, and the handler gets it cast once below.
    const schema: FastifySchema = {
      summary: o.summary,
      tags: o.tags,
      ...(method === 'GET' ? { querystring: o.data } : { body: o.data }),
      response: { 200: o.response },
    };
    app.route({
      method,
      url,
      ...(o.auth ? { config: { auth: o.auth } } : {}),
      schema,
      // The schema has parsed it: the query or the body is S's output.
      handler: (req) => o.handler(req, (method === 'GET' ? req.query : req.body) as z.output<S>),
    });
  }
}

/** The caller's origin and the brand's own hosts, for absolute launch and exit URLs. */
const launchOrigin = (req: FastifyRequest): LaunchOrigin => ({
  origin: requestOrigin(req),
  ownsHost: (host) => req.server.brands.ownsHost(req.brand.code, host),
});

/** Game lists, favourites, recent games, boards and launch (SPEC section 7). */
export async function gameRoutes(
  app: FastifyInstance,
  opts: {
    catalogue: CatalogueService;
    games: GameService;
    launcher: GameLaunchService;
    /** Popular lotteries: /lgw/games/popular asked for a lottery type or a prize mode. */
    lotteryPopular?: (
      merchant: string,
      lang: Language,
      q: { count: number; gameType?: GameType; prizeMode?: PrizeMode },
    ) => Promise<PopularGame[]>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { catalogue, games, launcher, lotteryPopular } = opts;
  const tags = ['games'];
  const gameLists = new EncodedResponseCache(ok(gameListSchema));

  r.get(
    '/wps/relay/GCSGAME_gameList',
    {
      schema: {
        summary: 'Games of a type or vendor with search, classification, minimum-bet and line filters, paged',
        tags,
        querystring: gameListQuerySchema,
        response: { 200: ok(gameListSchema) },
      },
    },
    // The hottest call of the site: a page is the same for every caller until the catalogue
    // snapshot changes, so its finished bytes are kept (a budget of bench:games).
    async (req, reply) => {
      const merchant = req.brand.code;
      const media = mediaBase(req);
      const bytes = await gameLists.get(
        merchant,
        await catalogue.version(merchant),
        `${req.lang}|${media}|${JSON.stringify(req.query)}`,
        async () => envelope(await catalogue.list(merchant, req.query, req.lang, media)),
      );
      return EncodedResponseCache.send(req, reply, bytes);
    },
  );

  getOrPost(app, '/wps/relay/GCSGAME_hotGamesV2', {
    summary: 'Hot games of a vendor, of a game type, or of the whole brand',
    tags,
    // A POST may come without a body.
    data: hotGamesQuerySchema.optional(),
    response: ok(hotGamesSchema),
    handler: async (req, q) =>
      envelope({
        list: await catalogue.hot(
          req.brand.code,
          req.lang,
          {
            ...(q?.vassalage ? { vendor: q.vassalage } : {}),
            ...(q?.gameType ? { gameType: q.gameType } : {}),
          },
          mediaBase(req),
        ),
      }),
  });

  r.get(
    '/wps/relay/MCSFE_getFavoriteGames',
    {
      config: { auth: 'real' },
      schema: {
        summary: 'Node ids of the member’s favourite games',
        tags,
        querystring: favoriteIdsQuerySchema,
        response: { 200: ok(z.array(z.number().int())) },
      },
    },
    async (req) =>
      envelope(await games.favoriteIds(req.brand.code, req.member!.memberId, req.query.gameType)),
  );

  r.get(
    '/wps/relay/MCSFE_getFavoriteGamesList',
    {
      config: { auth: 'real' },
      schema: {
        summary: 'The member’s favourite games, newest first, paged',
        tags,
        querystring: favoriteListQuerySchema,
        response: { 200: ok(favoriteListSchema) },
      },
    },
    async (req) =>
      envelope(
        await games.favoriteList(
          req.brand.code,
          req.member!.memberId,
          req.lang,
          {
            pageNo: req.query.pageNo,
            pageSize: req.query.pageSize,
            ...(req.query.gameType ? { gameType: req.query.gameType } : {}),
          },
          mediaBase(req),
        ),
      ),
  );

  for (const [name, add] of [
    ['MCSFE_addFavoriteGame', true],
    ['MCSFE_removeFavoriteGame', false],
  ] as const) {
    getOrPost(app, `/wps/relay/${name}`, {
      auth: 'real',
      summary: `${add ? 'Add' : 'Remove'} a favourite game (nodeId, vendor, gameType); answers the ids after`,
      tags,
      data: favoriteChangeSchema,
      response: ok(z.array(z.number().int())),
      handler: async (req, change) =>
        envelope(await games.changeFavorite(req.brand.code, req.member!.memberId, change, add)),
    });
  }

  r.get(
    '/wps/relay/GCS_recentGame',
    {
      config: { auth: 'member' },
      schema: {
        summary: 'Games the member launched, newest first, paged',
        tags,
        querystring: recentGamesQuerySchema,
        response: { 200: ok(recentGamesSchema) },
      },
    },
    async (req) =>
      envelope(
        await games.recent(
          req.brand.code,
          req.member!.memberId,
          req.lang,
          {
            pageNo: req.query.pageNo,
            pageSize: req.query.pageSize,
            ...(req.query.gameType ? { gameType: req.query.gameType } : {}),
            ...(req.query.vassalage ? { vendor: req.query.vassalage } : {}),
          },
          mediaBase(req),
        ),
      ),
  );

  // GCSGAME_getRankList is the name other real clients use for the same winner board.
  for (const url of ['/wps/relay/ODSFE2_getWinnerBoard', '/wps/relay/GCSGAME_getRankList'])
    r.get(
      url,
      {
        schema: {
          summary: 'The newest real wins of the brand (settled bets paying more than their stake)',
          tags,
          querystring: winnerBoardQuerySchema,
          response: { 200: ok(winnerBoardSchema) },
        },
      },
      async (req) => {
        const category = req.query.gameCategory;
        const list = await games.winners(
          req.brand.code,
          req.lang,
          req.query.limitNum,
          category && category !== 'ALL' ? category : undefined,
        );
        return envelope({ list: list.map((vo) => ({ vo })) });
      },
    );

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
      if (lotteries && lotteryPopular) return envelope(await lotteryPopular(req.brand.code, req.lang, q));
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
