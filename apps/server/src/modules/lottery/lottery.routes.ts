import {
  adminLotteryDrawPageSchema,
  adminLotteryDrawsQuerySchema,
  adminLotteryGamePatchSchema,
  adminLotteryGameSchema,
  adminLotteryRtpRowSchema,
  lotteryBetRequestSchema,
  lotteryBetResultSchema,
  lotteryCancelRequestSchema,
  lotteryCancelResultSchema,
  lotteryDrawsQuerySchema,
  lotteryDrawsSchema,
  lotteryGameGroupsSchema,
  lotteryGameInfoSchema,
  lotteryGameQuerySchema,
  lotteryMenuQuerySchema,
  lotteryMenusSchema,
  lotteryMyBetsQuerySchema,
  lotteryMyBetsSchema,
  lotteryOpenedQuerySchema,
  lotteryOpenedSchema,
  lotteryOpenNumeroQuerySchema,
  lotteryOpenNumerosSchema,
  lotteryRecentQuerySchema,
  lotteryRecentSchema,
  ok,
  PRIZE_MODES,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { lotteryRtpBpValueSchema } from '../../platform/brand';
import { ok as envelope } from '../../platform/envelope';
import type { BrandResolver } from '../../platform/brand';
import type { LotteryAdminService } from './lottery-admin.service';
import type { LotteryDrawService } from './lottery-draws.service';
import type { LotteryMenuService } from './lottery-menus.service';
import type { LotterySlipService } from './lottery-slips.service';
import { operatorName, operatorRoute } from '../../platform/operator-auth';

/** The lottery calls (SPEC section 7): public reads by the brand of the host, member calls by session. */
export async function lotteryRoutes(
  app: FastifyInstance,
  opts: {
    menus: LotteryMenuService;
    slips: LotterySlipService;
    draws: LotteryDrawService;
    admin: LotteryAdminService;
    brands: BrandResolver;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { menus, slips, draws } = opts;
  const tags = ['lottery'];

  r.get(
    '/lgw/games/game_menus',
    {
      schema: {
        summary: 'Lottery menus: one per tag (VN, SEA, FAST) with each game’s current draw',
        tags,
        querystring: lotteryMenuQuerySchema,
        response: { 200: ok(lotteryMenusSchema) },
      },
    },
    async (req) => envelope(await menus.menus(req.brand.code, req.lang, req.query)),
  );

  r.get(
    '/lgw/vn/games/game_menu',
    {
      schema: {
        summary: 'Lottery game groups: one per lottery vendor with each game’s current draw',
        tags,
        querystring: lotteryMenuQuerySchema,
        response: { 200: ok(lotteryGameGroupsSchema) },
      },
    },
    async (req) => envelope(await menus.gameGroups(req.brand.code, req.lang, req.query)),
  );

  r.get(
    '/lgw/vn/games/game_menu/recent',
    {
      config: { auth: 'member' },
      schema: {
        summary: 'The member’s lottery games, last played first',
        tags,
        querystring: lotteryRecentQuerySchema,
        response: { 200: ok(lotteryRecentSchema) },
      },
    },
    async (req) => envelope(await menus.recent(req.brand.code, req.member!.memberId, req.lang, req.query)),
  );

  r.get(
    '/lgw/vn/numeros/opened/game',
    {
      schema: {
        summary: 'A lottery game’s drawn draws with their results, newest first',
        tags,
        querystring: lotteryOpenedQuerySchema,
        response: { 200: ok(lotteryOpenedSchema) },
      },
    },
    async (req) => envelope(await menus.opened(req.brand.code, req.query)),
  );

  r.get(
    '/lotto/lgw/games/opened/numero',
    {
      schema: {
        summary: 'Every lottery game’s latest drawn draw and winning number',
        tags,
        querystring: lotteryOpenNumeroQuerySchema,
        response: { 200: ok(lotteryOpenNumerosSchema) },
      },
    },
    async (req) => envelope(await menus.openNumeros(req.brand.code, req.query)),
  );

  r.get(
    '/lgw/lottery/game',
    {
      config: { auth: 'optional' },
      schema: {
        summary: 'A lottery game for its betting page: draw, bet types, odds, stake limits, balance',
        tags,
        querystring: lotteryGameQuerySchema,
        response: { 200: ok(lotteryGameInfoSchema) },
      },
    },
    async (req) => envelope(await slips.gameInfo(req.brand, req.member, req.lang, req.query)),
  );

  r.get(
    '/lgw/lottery/draws',
    {
      schema: {
        summary: 'A lottery game’s draws (current and past), newest first',
        tags,
        querystring: lotteryDrawsQuerySchema,
        response: { 200: ok(lotteryDrawsSchema) },
      },
    },
    async (req) => envelope({ list: await menus.draws(req.brand.code, req.query) }),
  );

  r.get(
    '/lgw/lottery/bets',
    {
      config: { auth: 'member' },
      schema: {
        summary: 'The member’s last 10 lottery bet lines (of a game, or all), newest first',
        tags,
        querystring: lotteryMyBetsQuerySchema,
        response: { 200: ok(lotteryMyBetsSchema) },
      },
    },
    async (req) =>
      envelope({ list: await slips.myBets(req.brand.code, req.member!.memberId, req.lang, req.query) }),
  );

  r.post(
    '/lgw/lottery/bet',
    {
      config: { auth: 'member' },
      schema: {
        summary: 'A bet slip on the current draw before its lock time (one debit; idempotent on requestId)',
        tags,
        body: lotteryBetRequestSchema,
        response: { 200: ok(lotteryBetResultSchema) },
      },
    },
    async (req) => envelope(await slips.bet(req.brand, req.member!, req.lang, req.body)),
  );

  r.post(
    '/wps/admin/lottery/draws/cancel',
    {
      config: operatorRoute('lottery.manage'),
      schema: {
        summary: 'Cancels a lottery draw that is not settled: every bet line is refunded, once',
        tags: ['admin'],
        body: lotteryCancelRequestSchema,
        response: { 200: ok(lotteryCancelResultSchema) },
      },
    },
    async (req) => {
      const { vendor, gameCode, numero } = req.body;
      const before = await opts.admin.draw(req.brand.code, vendor, gameCode, numero);
      const done = await draws.cancel(req.brand.code, req.body);
      req.auditDetail = {
        action: 'lottery.draw.cancel',
        target: `lottery-draw:${vendor}/${gameCode}/${numero}`,
        before: before
          ? { status: before.status, lines: before.lines, stake: before.stake }
          : { status: 'NOT_STORED' },
        after: {
          status: done.draw.status,
          reason: req.body.reason,
          refunded: done.refunded,
          amount: done.amount,
        },
      };
      return envelope(done);
    },
  );

  r.get(
    '/wps/admin/lottery/games',
    {
      config: operatorRoute('lottery.manage'),
      schema: {
        summary: 'The brand’s lottery games with their draw schedules and the draw taking bets now',
        tags: ['admin'],
        response: { 200: ok(z.array(adminLotteryGameSchema)) },
      },
    },
    async (req) => envelope(await opts.admin.games(req.brand.code, req.lang)),
  );

  r.put(
    '/wps/admin/lottery/games/:vendor/:gameCode',
    {
      config: operatorRoute('lottery.manage'),
      schema: {
        summary:
          'Switches a lottery game on or off for the brand: off takes no new slips and leaves the menus; draws already open still settle or are cancelled by staff',
        tags: ['admin'],
        params: z.object({
          vendor: z.string().regex(/^[A-Z0-9_]{1,32}$/),
          gameCode: z.string().regex(/^[a-z0-9-]{1,40}$/),
        }),
        body: adminLotteryGamePatchSchema,
        response: { 200: ok(adminLotteryGameSchema) },
      },
    },
    async (req) => {
      const { vendor, gameCode } = req.params;
      const { before, after } = await opts.admin.setEnabled(
        req.brand.code,
        vendor,
        gameCode,
        req.body.enabled,
        operatorName(req),
        req.lang,
      );
      req.auditDetail = {
        action: 'lottery.game.switch',
        target: `lottery-game:${vendor}/${gameCode}`,
        before: { enabled: before.enabled },
        after: { enabled: after.enabled },
      };
      return envelope(after);
    },
  );

  r.get(
    '/wps/admin/lottery/draws',
    {
      config: operatorRoute('lottery.manage'),
      schema: {
        summary: 'The brand’s lottery draws, newest first: results, RNG records, lines, stakes and payouts',
        tags: ['admin'],
        querystring: adminLotteryDrawsQuerySchema,
        response: { 200: ok(adminLotteryDrawPageSchema) },
      },
    },
    async (req) => envelope(await opts.admin.draws(req.brand.code, req.query)),
  );

  // The brand's lottery return per prize mode (odds follow from it; each line keeps its odds).
  const rtpTable = z.object({ list: z.array(adminLotteryRtpRowSchema) });

  r.get(
    '/wps/admin/lottery/rtp',
    {
      config: operatorRoute('lottery.manage'),
      schema: {
        summary: 'The brand’s lottery return per prize mode (basis points), its own or the default',
        tags: ['admin'],
        response: { 200: ok(rtpTable) },
      },
    },
    async (req) => envelope({ list: await menus.rtpTable(req.brand.code) }),
  );

  r.post(
    '/wps/admin/lottery/rtp',
    {
      config: operatorRoute('lottery.manage'),
      schema: {
        summary:
          'Sets the brand’s lottery return per prize mode (basis points, 8000 to 9900; null: back to the default); new slips are priced at it',
        tags: ['admin'],
        body: z.object({
          rtpBp: z
            .partialRecord(z.enum(PRIZE_MODES), lotteryRtpBpValueSchema.nullable())
            .refine((m) => Object.keys(m).length > 0, { error: 'name at least one prize mode' }),
        }),
        response: { 200: ok(rtpTable) },
      },
    },
    async (req) => {
      menus.forgetBrand(req.brand.code);
      const before = await menus.rtpTable(req.brand.code);
      const stored = await opts.brands.setLotteryRtp(req.brand.code, req.body.rtpBp);
      if (!stored) throw new AppError('system.merchant.unknown');
      // This instance prices new slips at it at once; others within their brand cache time.
      menus.forgetBrand(req.brand.code);
      const after = await menus.rtpTable(req.brand.code);
      const changed = Object.keys(req.body.rtpBp);
      const pick = (rows: typeof after) =>
        Object.fromEntries(
          rows.filter((x) => changed.includes(x.prizeMode)).map((x) => [x.prizeMode, x.rtpBp]),
        );
      req.auditDetail = {
        action: 'lottery.rtp.set',
        target: 'lottery-rtp',
        before: pick(before),
        after: pick(after),
      };
      return envelope({ list: after });
    },
  );
}
