/**
 * The daily jobs that read a day's members by id (rebate levels, points earners, the rebate
 * preview) take the ids as one array parameter: a million-member brand has more bettors in a day
 * than the wire protocol's 65,535 parameters, and an IN list of them failed the whole day's run.
 */
import { TRIAL_IS_AGENT } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PointsRepository } from '../src/modules/points/points.repository';
import { RebateRepository } from '../src/modules/promotions/rebate.repository';
import { RewardsAdminRepository } from '../src/modules/promotions/rewards-admin.repository';
import { buildTestApp, type TestContext } from './helper';

let t: TestContext;
let ids: string[] = [];
let trial = '';
let player = '';

beforeAll(async () => {
  t = await buildTestApp();
  const members = await t.db.db
    .selectFrom('member')
    .select('id')
    .where('merchant_code', '=', 'GOLDEN')
    .orderBy('id')
    .limit(2)
    .execute();
  [trial, player] = members.map((m) => m.id) as [string, string];
  await t.db.db.updateTable('member').set({ is_agent: TRIAL_IS_AGENT }).where('id', '=', trial).execute();
  // 70,000 ids no member has, around the two real ones.
  const none = Array.from({ length: 70_000 }, (_, i) => String(900_000_000 + i));
  ids = [...none.slice(0, 35_000), trial, player, ...none.slice(35_000)];
});

afterAll(async () => {
  await t.close();
});

describe('a day of 70,002 members read by id', () => {
  it('finds the trial accounts among them (points earning)', async () => {
    const found = await new PointsRepository(t.db.db).trialMembers(ids);
    expect([...found]).toEqual([trial]);
  });

  it('gives the members of the brand their VIP level (rebate run and preview)', async () => {
    // The rebate leaves trial accounts out; the preview lists every member asked for.
    const rebate = await new RebateRepository(t.db.db).eligibleLevels('GOLDEN', ids);
    expect([...rebate.keys()]).toEqual([player]);
    const preview = await new RewardsAdminRepository(t.db.db).memberLevels('GOLDEN', ids);
    expect(new Set(preview.keys())).toEqual(new Set([trial, player]));
    // Another brand's members are not read.
    expect((await new RewardsAdminRepository(t.db.db).memberLevels('LOTUS', ids)).size).toBe(0);
  });
});
