import type { Claimable, Language } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import type { RewardSource } from './reward-source';
import { RewardCentreService } from './reward-centre.service';

const brand = { code: 'GOLDEN', defaultLanguage: 'EN' } as Brand;
const reward = (source: Claimable['source'], id: string, amount: number | null = 5): Claimable => ({
  source,
  id,
  title: `${source} ${id}`,
  amount,
  turnoverRequired: amount ?? 0,
  expiresTime: null,
});

/** A source that lists `list` and, on claim, answers the listed reward or refuses an unknown id. */
function fakeSource(source: Claimable['source'], list: Claimable[]): RewardSource & { claimed: string[] } {
  const claimed: string[] = [];
  return {
    source,
    claimed,
    claimables: async () => list,
    claim: async (_b: Brand, _m: string, id: string, _l: Language) => {
      const found = list.find((c) => c.id === id);
      if (!found || claimed.includes(id)) throw new AppError('reward.not.claimable');
      claimed.push(id);
      return found;
    },
  };
}

describe('reward centre', () => {
  it('lists every source’s rewards grouped in source order, with the count', async () => {
    const referral = fakeSource('REFERRAL', [reward('REFERRAL', '44')]);
    const mission = fakeSource('MISSION', [reward('MISSION', '3'), reward('MISSION', '1')]);
    const promo = fakeSource('PROMOTION', [reward('PROMOTION', '9', null)]);
    const centre = new RewardCentreService([referral, mission, promo], () => {});
    const r = await centre.claimable(brand, '7', 'EN');
    expect(r.count).toBe(4);
    expect(r.list.map((c) => `${c.source}:${c.id}`)).toEqual([
      'PROMOTION:9',
      'MISSION:3',
      'MISSION:1',
      'REFERRAL:44',
    ]);
  });

  it('a failing source is logged and left out; the others still show', async () => {
    const log = vi.fn();
    const broken: RewardSource = {
      source: 'REBATE',
      claimables: async () => {
        throw new Error('rebate table missing');
      },
      claim: async () => {
        throw new Error('unreachable');
      },
    };
    const centre = new RewardCentreService([broken, fakeSource('MISSION', [reward('MISSION', '1')])], log);
    const r = await centre.claimable(brand, '7', 'EN');
    expect(r).toEqual({ list: [reward('MISSION', '1')], count: 1 });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toMatchObject({ source: 'REBATE', merchant: 'GOLDEN', memberId: '7' });
  });

  it('a source that does not answer in time is left out too', async () => {
    const log = vi.fn();
    const hanging: RewardSource = {
      source: 'PROMOTION',
      claimables: () => new Promise<Claimable[]>(() => {}),
      claim: async () => reward('PROMOTION', '1'),
    };
    const centre = new RewardCentreService(
      [hanging, fakeSource('MISSION', [reward('MISSION', '2')])],
      log,
      50,
    );
    const r = await centre.claimable(brand, '7', 'EN');
    expect(r.list.map((c) => c.id)).toEqual(['2']);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('sources are asked in parallel', async () => {
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = (source: Claimable['source']): RewardSource => ({
      source,
      claimables: async () => {
        started.push(source);
        await gate;
        return [reward(source, '1')];
      },
      claim: async () => reward(source, '1'),
    });
    const centre = new RewardCentreService([slow('PROMOTION'), slow('MISSION')], () => {});
    const pending = centre.claimable(brand, '7', 'EN');
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Both started before either answered.
    expect(started).toEqual(['PROMOTION', 'MISSION']);
    release();
    expect((await pending).count).toBe(2);
  });

  it('sees sources registered after it was made', async () => {
    const sources: RewardSource[] = [];
    const centre = new RewardCentreService(sources, () => {});
    sources.push(fakeSource('MISSION', [reward('MISSION', '1')]));
    expect((await centre.claimable(brand, '7', 'EN')).count).toBe(1);
  });

  it('passes a claim to the named source only, which pays once', async () => {
    const mission = fakeSource('MISSION', [reward('MISSION', '1')]);
    const referral = fakeSource('REFERRAL', [reward('REFERRAL', '1')]);
    const centre = new RewardCentreService([mission, referral], () => {});
    await expect(centre.claim(brand, '7', 'MISSION', '1', 'EN')).resolves.toEqual(reward('MISSION', '1'));
    expect(mission.claimed).toEqual(['1']);
    expect(referral.claimed).toEqual([]);
    await expect(centre.claim(brand, '7', 'MISSION', '1', 'EN')).rejects.toMatchObject({
      code: 'reward.not.claimable',
    });
    expect(mission.claimed).toEqual(['1']);
  });

  it('refuses a source that is unknown or not running, naming the field', async () => {
    const centre = new RewardCentreService([fakeSource('MISSION', [])], () => {});
    for (const source of ['REBATE', 'NOPE']) {
      const err = await centre.claim(brand, '7', source, '1', 'EN').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'request.invalid', value: { fields: [{ field: 'source' }] } });
    }
  });
});
