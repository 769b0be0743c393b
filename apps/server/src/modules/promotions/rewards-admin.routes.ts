import {
  activeInputSchema,
  adminMissionListSchema,
  adminMissionSchema,
  adminRebateSchema,
  adminReferralSchema,
  adminVipLevelListSchema,
  missionInputSchema,
  ok,
  REWARD_PAUSE_KINDS,
  rebateForecastSchema,
  rebateRatesInputSchema,
  referralRuleInputSchema,
  rewardPauseInputSchema,
  rewardPauseListSchema,
  rewardPauseSchema,
  vipLevelsInputSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorName, operatorRoute } from '../../platform/operator-auth';
import type { RewardsAdminService } from './rewards-admin.service';

const tags = ['operator'];
const config = operatorRoute('rewards.manage');
const idParams = z.object({ id: z.string().max(20) });

/**
 * The back office's rewards setup under /wps/admin/rewards: missions, VIP levels, rebate terms and
 * their forecast, the referral programme and the pause of each reward kind. Every change is audited
 * with what it was before and after.
 */
export async function rewardsAdminRoutes(app: FastifyInstance, opts: { admin: RewardsAdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { admin } = opts;

  // ---- pauses --------------------------------------------------------------------------------------
  r.get(
    '/wps/admin/rewards/pauses',
    {
      config,
      schema: {
        tags,
        summary: 'Which reward kinds are paused on the brand',
        response: { 200: ok(rewardPauseListSchema) },
      },
    },
    async (req) => envelope({ list: await admin.pauseList(req.brand.code) }),
  );
  r.put(
    '/wps/admin/rewards/pauses/:kind',
    {
      config,
      schema: {
        tags,
        summary: 'Pauses or resumes a reward kind (what members hold is kept)',
        params: z.object({ kind: z.enum(REWARD_PAUSE_KINDS) }),
        body: rewardPauseInputSchema,
        response: { 200: ok(rewardPauseSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.setPause(
        req.brand.code,
        req.params.kind,
        req.body.paused,
        operatorName(req),
      );
      req.auditDetail = {
        action: req.body.paused ? 'rewards.pause' : 'rewards.resume',
        target: `reward-kind:${req.params.kind}`,
        before,
        after,
      };
      return envelope(after);
    },
  );

  // ---- missions ------------------------------------------------------------------------------------
  r.get(
    '/wps/admin/rewards/missions',
    {
      config,
      schema: {
        tags,
        summary: 'The brand’s missions, active and paused',
        response: { 200: ok(adminMissionListSchema) },
      },
    },
    async (req) => envelope({ list: await admin.missions(req.brand.code) }),
  );
  r.post(
    '/wps/admin/rewards/missions',
    {
      config,
      schema: {
        tags,
        summary: 'Creates a mission',
        body: missionInputSchema,
        response: { 200: ok(adminMissionSchema) },
      },
    },
    async (req) => {
      const after = await admin.createMission(req.brand.code, req.body);
      req.auditDetail = {
        action: 'rewards.mission.create',
        target: `mission:${after.id}`,
        before: null,
        after,
      };
      return envelope(after);
    },
  );
  r.put(
    '/wps/admin/rewards/missions/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edits a mission (claims already paid keep their reward)',
        params: idParams,
        body: missionInputSchema,
        response: { 200: ok(adminMissionSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.updateMission(req.brand.code, req.params.id, req.body);
      req.auditDetail = { action: 'rewards.mission.update', target: `mission:${after.id}`, before, after };
      return envelope(after);
    },
  );
  r.post(
    '/wps/admin/rewards/missions/:id/active',
    {
      config,
      schema: {
        tags,
        summary: 'Pauses or resumes one mission',
        params: idParams,
        body: activeInputSchema,
        response: { 200: ok(adminMissionSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.setMissionActive(req.brand.code, req.params.id, req.body.active);
      req.auditDetail = {
        action: req.body.active ? 'rewards.mission.resume' : 'rewards.mission.pause',
        target: `mission:${after.id}`,
        before,
        after,
      };
      return envelope(after);
    },
  );

  // ---- VIP -----------------------------------------------------------------------------------------
  r.get(
    '/wps/admin/rewards/vip',
    {
      config,
      schema: {
        tags,
        summary: 'The brand’s VIP levels and benefits',
        response: { 200: ok(adminVipLevelListSchema) },
      },
    },
    async (req) => envelope({ list: await admin.vipLevels(req.brand.code) }),
  );
  r.put(
    '/wps/admin/rewards/vip',
    {
      config,
      schema: {
        tags,
        summary: 'Replaces the VIP ladder (levels members hold stay; paid upgrades keep their bonus)',
        body: vipLevelsInputSchema,
        response: { 200: ok(adminVipLevelListSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.saveVipLevels(req.brand.code, req.body.levels);
      req.auditDetail = { action: 'rewards.vip.save', target: `brand:${req.brand.code}`, before, after };
      return envelope({ list: after });
    },
  );

  // ---- rebates -------------------------------------------------------------------------------------
  r.get(
    '/wps/admin/rewards/rebates',
    {
      config,
      schema: {
        tags,
        summary: 'The rebate rule and rates per VIP level and game type',
        response: { 200: ok(adminRebateSchema) },
      },
    },
    async (req) => envelope(await admin.rebates(req.brand)),
  );
  r.post(
    '/wps/admin/rewards/rebates/forecast',
    {
      config,
      schema: {
        tags,
        summary: 'What the last 30 days would have cost at the current and at these terms (changes nothing)',
        body: rebateRatesInputSchema,
        response: { 200: ok(rebateForecastSchema) },
      },
    },
    async (req) => {
      const forecast = await admin.forecast(req.brand, req.body);
      // A read: nothing changed, so the audit row says only what was priced.
      req.auditDetail = {
        action: 'rewards.rebates.forecast',
        target: `brand:${req.brand.code}`,
        after: forecast,
      };
      return envelope(forecast);
    },
  );
  r.put(
    '/wps/admin/rewards/rebates',
    {
      config,
      schema: {
        tags,
        summary: 'Saves the rebate rule and rates, applying from the next brand-zone day',
        body: rebateRatesInputSchema,
        response: { 200: ok(adminRebateSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.saveRebates(req.brand, req.body);
      req.auditDetail = { action: 'rewards.rebates.save', target: `brand:${req.brand.code}`, before, after };
      return envelope(after);
    },
  );

  // ---- referral ------------------------------------------------------------------------------------
  r.get(
    '/wps/admin/rewards/referral',
    {
      config,
      schema: { tags, summary: 'The referral programme’s rule', response: { 200: ok(adminReferralSchema) } },
    },
    async (req) => envelope(await admin.referral(req.brand.code)),
  );
  r.put(
    '/wps/admin/rewards/referral',
    {
      config,
      schema: {
        tags,
        summary: 'Saves the referral rule (paid and held rewards keep their terms)',
        body: referralRuleInputSchema,
        response: { 200: ok(adminReferralSchema) },
      },
    },
    async (req) => {
      const { before, after } = await admin.saveReferral(req.brand.code, req.body);
      req.auditDetail = { action: 'rewards.referral.save', target: `brand:${req.brand.code}`, before, after };
      return envelope(after);
    },
  );
}
