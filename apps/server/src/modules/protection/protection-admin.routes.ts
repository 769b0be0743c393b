import {
  ok,
  PROTECTED_FILTERS,
  playerProtectionSchema,
  protectedPlayerSchema,
  protectionSettingsSchema,
  realityCheckReportSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorName, operatorRoute } from '../../platform/operator-auth';
import type { ProtectionService } from './protection.service';

const tags = ['admin'];
const DAY_MS = 86_400_000;

const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/**
 * The back office's player protection: who has limits and breaks (a read of personal data in
 * bulk: audited), reality-check interventions, the brand's rules (changes audited), and one
 * player's limits, break and history.
 */
export async function protectionAdminRoutes(app: FastifyInstance, opts: { protection: ProtectionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { protection } = opts;

  r.get(
    '/wps/admin/protection/players',
    {
      config: operatorRoute('protection.view', { auditRead: true }),
      schema: {
        tags,
        summary: 'Players with a limit, a time-out or a self-exclusion in force, latest change first',
        querystring: z.object({
          ...paging,
          kind: z.enum(PROTECTED_FILTERS).default('ALL'),
          q: z.string().trim().max(64).optional(),
        }),
        response: {
          200: ok(
            z.object({
              list: z.array(protectedPlayerSchema),
              page: z.number(),
              pageSize: z.number(),
              hasMore: z.boolean(),
            }),
          ),
        },
      },
    },
    async (req) => {
      req.auditDetail = { action: 'protection.players', target: null, after: req.query };
      return envelope(await protection.protectedPlayers(req.brand, req.query));
    },
  );

  r.get(
    '/wps/admin/protection/reality-checks',
    {
      config: operatorRoute('protection.view'),
      schema: {
        tags,
        summary: 'Reality checks answered in a window (default: the last 30 days), by answer',
        querystring: z.object({
          from: z.iso.datetime({ offset: true }).optional(),
          to: z.iso.datetime({ offset: true }).optional(),
        }),
        response: { 200: ok(realityCheckReportSchema) },
      },
    },
    async (req) => {
      const to = req.query.to ? new Date(req.query.to) : new Date();
      const from = req.query.from ? new Date(req.query.from) : new Date(to.getTime() - 30 * DAY_MS);
      return envelope(await protection.realityReport(req.brand, from, to));
    },
  );

  r.get(
    '/wps/admin/protection/settings',
    {
      config: operatorRoute('protection.view'),
      schema: {
        tags,
        summary: 'The brand’s protection rules',
        response: { 200: ok(protectionSettingsSchema) },
      },
    },
    async (req) => envelope(await protection.settings(req.brand)),
  );

  r.put(
    '/wps/admin/protection/settings',
    {
      config: operatorRoute('protection.manage'),
      schema: {
        tags,
        summary: 'Changes the brand’s protection rules (audited with before and after)',
        body: protectionSettingsSchema,
        response: { 200: ok(protectionSettingsSchema) },
      },
    },
    async (req) => {
      const { before, after } = await protection.saveSettings(req.brand, req.body, operatorName(req));
      req.auditDetail = { action: 'protection.settings', target: `brand:${req.brand.code}`, before, after };
      return envelope(after);
    },
  );

  r.get(
    '/wps/admin/players/:memberId/protection',
    {
      config: operatorRoute('protection.view', { auditRead: true }),
      schema: {
        tags,
        summary: 'One player’s limits, break in force and protection history (newest first)',
        params: z.object({ memberId: z.string().regex(/^\d{1,18}$/) }),
        querystring: z.object(paging),
        response: { 200: ok(playerProtectionSchema) },
      },
    },
    async (req) => {
      req.auditDetail = { action: 'protection.player.view', target: `member:${req.params.memberId}` };
      return envelope(
        await protection.playerProtection(req.brand, req.params.memberId, req.query.page, req.query.pageSize),
      );
    },
  );
}
