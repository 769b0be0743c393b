import {
  favoriteChangeSchema,
  favoriteIdsQuerySchema,
  favoriteListQuerySchema,
  favoriteListSchema,
  gameListQuerySchema,
  gameListSchema,
  hotGamesQuerySchema,
  hotGamesSchema,
  ok,
  recentGamesQuerySchema,
  recentGamesSchema,
  winnerBoardQuerySchema,
  winnerBoardSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EncodedResponseCache } from '../../platform/encoded-response-cache';
import type { FrontCache } from '../../platform/front-cache';
import { ok as envelope } from '../../platform/envelope';
import { mediaBase } from '../../platform/media-url';
import type { CatalogueService } from './catalogue.service';
import type { GameService } from './game.service';
import { getOrPost } from '../../platform/get-or-post';

/** Game lists, favourites, recent games and boards (SPEC section 7). */
export async function gameRoutes(
  app: FastifyInstance,
  opts: {
    catalogue: CatalogueService;
    games: GameService;
    front: FrontCache;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { catalogue, games, front } = opts;
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
      onSend: front.keep,
    },
    // The hottest call of the site: a page is the same for every caller until the catalogue
    // snapshot changes, so its finished bytes are kept (a budget of bench:games), and the whole
    // answer is given ahead of the framework to the next identical request while the snapshot
    // is current (it depends on the query, brand, language, host and encoding only).
    async (req, reply) => {
      const merchant = req.brand.code;
      const media = mediaBase(req);
      const version = await catalogue.version(merchant);
      front.currentWhile(req, () => catalogue.currentVersion(merchant) === version);
      const bytes = await gameLists.get(
        merchant,
        version,
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
}
