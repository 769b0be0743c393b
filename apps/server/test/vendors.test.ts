import { GAME_TYPES, vassGameTypeSchema, vendorCategorySchema, type VendorCategory } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import { getFailure, getOk, invalidFields } from './http';

const VENDORS = '/wps/relay/GCSGAME_newGameVendor';
const VASS = '/wps/relay/GCSGAME_getVassGameType';
type VassEntry = { vassalage: string; gameType: string; isGame: string | null };

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const categories = (query = '', headers: Record<string, string> = {}) =>
  getOk<VendorCategory[]>(t.app, `${VENDORS}${query}`, { headers });
const vass = (query = '', headers: Record<string, string> = {}) =>
  getOk<VassEntry[]>(t.app, `${VASS}${query}`, { headers });
const category = (list: VendorCategory[], title: string) => list.find((c) => c.title === title);

async function setVendor(
  merchant: string,
  code: string,
  gameType: string,
  patch: { enabled?: boolean; sort?: number },
) {
  await t.db.db
    .updateTable('vendor')
    .set(patch)
    .where('merchant_code', '=', merchant)
    .where('code', '=', code)
    .where('game_type', '=', gameType)
    .execute();
}

describe('GET /wps/relay/GCSGAME_newGameVendor', () => {
  it('groups GOLDEN vendors by game type in the fixed game-type order', async () => {
    const list = await categories();
    expect(() => vendorCategorySchema.array().parse(list)).not.toThrow();
    expect(list.map((c) => c.title)).toEqual([...GAME_TYPES]);
    for (const c of list) {
      expect(c.cards.every((card) => card.gameType === c.title)).toBe(true);
      expect(c.gameClassify).toEqual(c.cards.map((card) => card.vassalage));
    }
  });

  it('keeps the vendor order within a category, with hot flags, logos and wallets', async () => {
    const rng = category(await categories(), 'RNG')!;
    expect(rng.gameClassify).toEqual(['PG', 'JILI', 'PP', 'FC', 'CQ9', 'JDB', 'SPADE', 'HOUSE']);
    expect(rng.cards[0]).toEqual({
      vassalage: 'PG',
      gameType: 'RNG',
      displayName: 'PG Soft',
      isHot: 1,
      isGame: null,
      // Every icon an absolute URL on the brand's image CDN (the demo's /media on the request's host).
      logoUrl: expect.stringMatching(/^http:\/\/localhost(:80)?\/media\/vendors\/pg\.svg$/),
      smallIcon: expect.stringMatching(/^http:\/\/localhost(:80)?\/media\/vendors\/pg\.svg$/),
      mobileSmallIcon: expect.stringMatching(/^http:\/\/localhost(:80)?\/media\/vendors\/pg\.svg$/),
      h5Icon: expect.stringMatching(/^http:\/\/localhost(:80)?\/media\/vendors\/pg\.svg$/),
      lagerIcon: expect.stringMatching(/^http:\/\/localhost(:80)?\/media\/vendors\/pg\.svg$/),
      walletType: 'SEAMLESS',
    });
    expect(rng.cards.filter((c) => c.isHot === 1).map((c) => c.vassalage)).toEqual(['PG', 'JILI']);
    expect(rng.cards.find((c) => c.vassalage === 'PP')).toMatchObject({ isHot: 0, walletType: 'TRANSFER' });
    const pvp = category(await categories(), 'PVP')!;
    expect(pvp.cards.find((c) => c.vassalage === 'KM')?.isGame).toBe('VASSALAGE');
    expect(category(await categories(), 'COCKFIGHT')!.gameClassify).toEqual(['DS88', 'DIG', 'WS168']);
  });

  it('answers LOTUS without esports or cockfight categories and without SPADE', async () => {
    const list = await categories('', { merchant: 'LOTUS' });
    expect(list.map((c) => c.title)).toEqual(['RNG', 'LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'FISH', 'PVP']);
    expect(category(list, 'RNG')!.gameClassify).not.toContain('SPADE');
    expect(await categories('?gameType=ESPORTS', { merchant: 'LOTUS' })).toEqual([]);
    expect(await categories('?gameType=COCKFIGHT', { host: 'lotus.localhost' })).toEqual([]);
  });

  it('answers one category when a game type is asked for', async () => {
    const live = await categories('?gameType=LIVE');
    expect(live).toHaveLength(1);
    expect(live[0]!.title).toBe('LIVE');
    expect(live[0]!.gameClassify).toEqual(['EVO', 'SEXY', 'DG', 'SA', 'HOUSE']);
    expect((await categories('?gameType=ESPORTS')).map((c) => c.title)).toEqual(['ESPORTS']);
  });

  it('accepts the platform values real clients send', async () => {
    for (const platform of ['html5-desktop', 'flash,html5-desktop', 'html5']) {
      expect((await categories(`?platform=${platform}`)).length).toBe(GAME_TYPES.length);
    }
  });

  it('hides a disabled vendor, and a category left without vendors', async () => {
    await setVendor('GOLDEN', 'JILI', 'RNG', { enabled: false });
    for (const code of ['JILI', 'FC', 'JDB', 'HOUSE'])
      await setVendor('GOLDEN', code, 'FISH', { enabled: false });
    try {
      const list = await categories();
      expect(category(list, 'RNG')!.gameClassify).not.toContain('JILI');
      expect(category(list, 'FISH')).toBeUndefined();
      expect(list).toHaveLength(GAME_TYPES.length - 1);
      // The same vendor code stays under its other game types, and LOTUS is untouched.
      expect(category(list, 'LIVE')!.gameClassify).toContain('HOUSE');
      expect(category(await categories('', { merchant: 'LOTUS' }), 'RNG')!.gameClassify).toContain('JILI');
      expect((await vass('?vassalage=JILI')).map((v) => v.gameType)).toEqual([]);
    } finally {
      await setVendor('GOLDEN', 'JILI', 'RNG', { enabled: true });
      for (const code of ['JILI', 'FC', 'JDB', 'HOUSE'])
        await setVendor('GOLDEN', code, 'FISH', { enabled: true });
    }
  });

  it('follows an edited sort order', async () => {
    await setVendor('GOLDEN', 'HOUSE', 'RNG', { sort: -1 });
    try {
      expect(category(await categories('?gameType=RNG'), 'RNG')!.gameClassify[0]).toBe('HOUSE');
    } finally {
      await setVendor('GOLDEN', 'HOUSE', 'RNG', { sort: 7 });
    }
    expect(category(await categories('?gameType=RNG'), 'RNG')!.gameClassify[0]).toBe('PG');
  });

  it('refuses malformed queries, naming the field', async () => {
    const cases: [string, string][] = [
      ['?gameType=POKER', 'gameType'],
      ['?gameType=RNG1', 'gameType'],
      ['?platform=HTML5 Desktop', 'platform'],
      [`?platform=${'a'.repeat(65)}`, 'platform'],
    ];
    for (const [query, field] of cases) {
      const body = await getFailure(t.app, `${VENDORS}${query}`, 400, 'request.invalid');
      expect(invalidFields(body), query).toEqual([field]);
    }
  });

  it('refuses an unknown merchant or language', async () => {
    await getFailure(t.app, VENDORS, 404, 'system.merchant.unknown', { headers: { merchant: 'NOSUCH' } });
    await getFailure(t.app, VENDORS, 400, 'system.language.unsupported', {
      headers: { language: 'klingon' },
    });
  });
});

describe('GET /wps/relay/GCSGAME_getVassGameType', () => {
  it('lists every vendor and game type of the brand when no vendor is named', async () => {
    const all = await vass();
    expect(() => vassGameTypeSchema.parse(all)).not.toThrow();
    expect(all).toHaveLength(34);
    expect(Object.keys(all[0]!).sort()).toEqual(['gameType', 'isGame', 'vassalage']);
    const lotus = await vass('', { merchant: 'LOTUS' });
    expect(
      lotus.some((v) => v.gameType === 'ESPORTS' || v.gameType === 'COCKFIGHT' || v.vassalage === 'SPADE'),
    ).toBe(false);
    // 34 vendor rows less 3 esports, 3 cockfight and SPADE.
    expect(lotus).toHaveLength(27);
  });

  it('answers the game types of one vendor, in any case', async () => {
    expect(await vass('?vassalage=JILI')).toEqual([
      { vassalage: 'JILI', gameType: 'RNG', isGame: null },
      { vassalage: 'JILI', gameType: 'FISH', isGame: null },
    ]);
    expect(await vass('?vassalage=jili')).toEqual(await vass('?vassalage=JILI'));
    expect((await vass('?vassalage=HOUSE')).map((v) => v.gameType)).toEqual([
      'RNG',
      'LIVE',
      'FISH',
      'PVP',
      'SPORTS',
      'ESPORTS',
    ]);
    expect((await vass('?vassalage=HOUSE', { merchant: 'LOTUS' })).map((v) => v.gameType)).toEqual([
      'RNG',
      'LIVE',
      'FISH',
      'PVP',
      'SPORTS',
    ]);
    expect(await vass('?vassalage=KM')).toEqual([{ vassalage: 'KM', gameType: 'PVP', isGame: 'VASSALAGE' }]);
    expect(await vass('?vassalage=TCG_LOTTO_VN')).toEqual([
      { vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT', isGame: null },
    ]);
  });

  it('answers an empty list for a vendor the brand does not have', async () => {
    expect(await vass('?vassalage=NOPE')).toEqual([]);
    expect(await vass('?vassalage=SPADE', { merchant: 'LOTUS' })).toEqual([]);
    expect(await vass('?vassalage=TF', { merchant: 'LOTUS' })).toEqual([]);
  });

  it('refuses a malformed vendor code', async () => {
    for (const v of ['bad-name', 'a b', 'X'.repeat(41), "PG'--"]) {
      const body = await getFailure(
        t.app,
        `${VASS}?vassalage=${encodeURIComponent(v)}`,
        400,
        'request.invalid',
      );
      expect(invalidFields(body)).toEqual(['vassalage']);
    }
  });

  it('refuses an unknown merchant', async () => {
    await getFailure(t.app, VASS, 404, 'system.merchant.unknown', { headers: { host: 'nosuch.example' } });
  });
});

describe('parameters as real clients send them', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('treats empty filters as "all" and accepts a lower-case game type', async () => {
    const all = await t.app.inject({
      url: '/wps/relay/GCSGAME_getVassGameType',
      headers: { host: 'localhost' },
    });
    const empty = await t.app.inject({
      url: '/wps/relay/GCSGAME_getVassGameType?vassalage=',
      headers: { host: 'localhost' },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(all.json());

    const categories = await t.app.inject({
      url: '/wps/relay/GCSGAME_newGameVendor?gameType=',
      headers: { host: 'localhost' },
    });
    expect(categories.json<{ value: unknown[] }>().value.length).toBeGreaterThan(1);

    const fish = await t.app.inject({
      url: '/wps/relay/GCSGAME_newGameVendor?gameType=fish',
      headers: { host: 'localhost' },
    });
    expect(fish.json<{ value: { title: string }[] }>().value.map((c) => c.title)).toEqual(['FISH']);
  });
});
