import {
  adminHouseGameSchema,
  adminHouseRoomHoursSchema,
  adminHouseRoomPatchSchema,
  BACCARAT_LIMITS,
  CARDS_RAKE_PERCENT,
  CARDS_ROOMS,
  HOUSE_ROOM_ENGINES,
  minorText,
  ok,
  type AdminHouseGame,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../../platform/envelope';
import { operatorRoute } from '../../../platform/operator-auth';
import { BACCARAT_SIMULATIONS } from './baccarat/baccarat-simulation';
import { CARDS_SIMULATIONS } from './cards/cards-simulation';
import { COCKFIGHT_SIMULATIONS } from './cockfight/cockfight-simulation';
import { FISH_SIMULATIONS } from './fish/fish-simulation';
import type { GameSimulation } from './game-simulation';
import type { HouseRoomsService } from './house-rooms.service';
import { JACKPOT_TERMS, jackpotReturn, SLOT_PUBLISHED_RTP } from './jackpot/jackpot-figures';
import type { JackpotService } from './jackpot/jackpot.service';
import { HOUSE_SIMULATIONS } from './simulations';
import { SPORTSBOOK_SIMULATIONS } from './sportsbook/sportsbook-simulation';

/** The platform settings each engine runs with (from the server's configuration). */
export interface HouseSettings {
  baccaratBetSeconds: number;
  cardsDecisionSeconds: number;
  cockfightBetSeconds: number;
  sportsbookMinuteMs: number;
}

const figures = (sims: GameSimulation[]) =>
  sims.map((s) => ({ name: s.name, rtp: Math.round(s.publishedRtp * 1e6) / 1e4 }));

/** The house games' published returns, settings and the brand's open rooms and tables. */
export async function houseAdminRoutes(
  app: FastifyInstance,
  opts: { rooms: HouseRoomsService; jackpot: JackpotService; settings: HouseSettings },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = operatorRoute('games.manage');
  const s = opts.settings;

  r.get(
    '/wps/admin/games/house',
    {
      config,
      schema: {
        summary: 'House games: published returns, platform settings and the brand’s open rooms and tables',
        tags: ['operator'],
        response: { 200: ok(z.array(adminHouseGameSchema)) },
      },
    },
    async (req) => {
      const merchant = req.brand.code;
      const closedCards = await opts.rooms.closed(merchant, 'CARDS');
      const closedTables = await opts.rooms.closed(merchant, 'BACCARAT');
      const stored = {
        CARDS: (await opts.rooms.settings(merchant, 'CARDS')).rows,
        BACCARAT: (await opts.rooms.settings(merchant, 'BACCARAT')).rows,
      };
      const room = (engine: 'CARDS' | 'BACCARAT', roomId: string, detail: string) => {
        const row = stored[engine].find((r) => r.roomId === roomId);
        const closed = engine === 'CARDS' ? closedCards : closedTables;
        return {
          roomId,
          enabled: row?.enabled ?? true,
          hours: row?.hours ?? null,
          openNow: !closed.has(roomId),
          detail,
        };
      };
      const slot = HOUSE_SIMULATIONS.slice(0, 1);
      const jackpot = jackpotReturn();
      const games: AdminHouseGame[] = [
        {
          engine: 'SLOT',
          configurations: 1,
          // The paytable's return (what the bets pay back), the jackpot's, and the sum players see.
          figures: [
            ...figures(slot),
            { name: 'Progressive jackpot: contribution + seed share', rtp: jackpot.percent },
            { name: 'Published RTP: paytable + jackpot', rtp: SLOT_PUBLISHED_RTP.total },
          ],
          settings: [
            { key: 'jackpotPool', value: minorText(await opts.jackpot.amount(merchant)) },
            { key: 'jackpotContribution', value: `${jackpot.contributionPercent}%` },
            { key: 'jackpotOdds', value: `1 / ${JACKPOT_TERMS.oddsMinor / 100n}` },
            { key: 'jackpotSeed', value: minorText(JACKPOT_TERMS.seedMinor) },
          ],
          rooms: [],
        },
        {
          engine: 'BACCARAT',
          configurations: 1,
          figures: figures(BACCARAT_SIMULATIONS),
          settings: [
            { key: 'betSeconds', value: String(s.baccaratBetSeconds) },
            ...Object.entries(BACCARAT_LIMITS).map(([type, l]) => ({
              key: `limit.${type}`,
              value: `${l.min} – ${l.max}`,
            })),
          ],
          rooms: opts.rooms.all('BACCARAT').map((id) => room('BACCARAT', id, '')),
        },
        { engine: 'FISH', configurations: 1, figures: figures(FISH_SIMULATIONS), settings: [], rooms: [] },
        {
          engine: 'CARDS',
          configurations: 1,
          figures: figures(CARDS_SIMULATIONS),
          settings: [
            { key: 'decisionSeconds', value: String(s.cardsDecisionSeconds) },
            { key: 'rakePercent', value: String(CARDS_RAKE_PERCENT) },
          ],
          rooms: CARDS_ROOMS.map((c) => room('CARDS', c.roomId, String(c.ante))),
        },
        {
          engine: 'COCKFIGHT',
          configurations: 1,
          figures: figures(COCKFIGHT_SIMULATIONS),
          settings: [{ key: 'betSeconds', value: String(s.cockfightBetSeconds) }],
          rooms: [],
        },
        {
          engine: 'SPORTSBOOK',
          configurations: 1,
          figures: figures(SPORTSBOOK_SIMULATIONS),
          settings: [{ key: 'minuteMs', value: String(s.sportsbookMinuteMs) }],
          rooms: [],
        },
      ];
      return envelope(games);
    },
  );

  r.put(
    '/wps/admin/games/house/:engine/rooms/:roomId',
    {
      config,
      schema: {
        summary:
          'Opens or closes a house card room or baccarat table for the brand (at least one stays open)',
        tags: ['operator'],
        params: z.object({
          engine: z.enum(HOUSE_ROOM_ENGINES),
          roomId: z.string().regex(/^[a-z0-9]{1,16}$/),
        }),
        body: adminHouseRoomPatchSchema,
        response: { 200: ok(z.object({ roomId: z.string(), enabled: z.boolean() })) },
      },
    },
    async (req) => {
      const { engine, roomId } = req.params;
      const wasOpen = await opts.rooms.set(req.brand.code, engine, roomId, req.body.enabled);
      req.auditDetail = {
        action: 'house.room.set',
        target: `house-room:${engine}/${roomId}`,
        before: { enabled: wasOpen },
        after: { enabled: req.body.enabled },
      };
      return envelope({ roomId, enabled: req.body.enabled });
    },
  );

  r.put(
    '/wps/admin/games/house/:engine/rooms/:roomId/hours',
    {
      config,
      schema: {
        summary:
          'Sets a house card room’s or baccarat table’s opening hours for the brand (its time zone), or all day',
        tags: ['operator'],
        params: z.object({
          engine: z.enum(HOUSE_ROOM_ENGINES),
          roomId: z.string().regex(/^[a-z0-9]{1,16}$/),
        }),
        body: adminHouseRoomHoursSchema,
        response: { 200: ok(adminHouseRoomHoursSchema.extend({ roomId: z.string() })) },
      },
    },
    async (req) => {
      const { engine, roomId } = req.params;
      const before = await opts.rooms.setHours(req.brand.code, engine, roomId, req.body.hours);
      req.auditDetail = {
        action: 'house.room.hours',
        target: `house-room:${engine}/${roomId}`,
        before: { hours: before },
        after: { hours: req.body.hours },
      };
      return envelope({ roomId, hours: req.body.hours });
    },
  );
}
