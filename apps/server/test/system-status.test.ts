import {
  CHAT_PATH,
  MODULE_SWITCHES,
  REGISTER_PATTERNS,
  WHITELABEL_FLAGS,
  systemStatusSchema,
  unscrambleCsPath,
  type DomainRoute,
  type ModuleNode,
  type SystemStatusValue,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import { getFailure, getOk, invalidFields } from './http';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const status = (headers: Record<string, string> = {}, query = '') =>
  getOk<SystemStatusValue>(t.app, `/wps/system/status${query}`, { headers });

const node = (tree: ModuleNode[], root: string, modId: string) =>
  tree.find((n) => n.modId === root)?.childrenNodes.find((c) => c.modId === modId);

describe('GET /wps/system/status', () => {
  it('answers the brand configuration of GOLDEN with the site open', async () => {
    const value = await status();
    // The answer matches the published contract, field for field.
    expect(() => systemStatusSchema.parse(value)).not.toThrow();
    expect(value).toMatchObject({
      status: 0,
      maintenance: false,
      maintenanceEndTime: null,
      regionRestriction: false,
      location: { ip: '127.0.0.1', countryCode: null },
    });
    expect(value.info).toMatchObject({
      merchantCode: 'GOLDEN',
      brandName: 'Golden Palm',
      currencySymbol: 'P',
      defaultLanguage: 'EN',
      languages: ['EN', 'CN', 'MY', 'ID', 'TH', 'VI', 'TY'],
      timezone: 'Asia/Manila',
      loginedToHomePage: false,
      analytics: { gtagId: null },
      imageCDNs: ['/media'],
      stats: { avgDepositSeconds: 95, avgWithdrawSeconds: 270 },
      social: { facebook: 'https://www.facebook.com/goldenpalm.example' },
    });
    expect(value.info.licence).toMatch(/^Golden Palm is operated under a gaming licence/);
  });

  it('answers LOTUS with its own currency, languages and the login-first flag', async () => {
    const value = await status({ host: 'lotus.localhost' });
    expect(value.info).toMatchObject({
      merchantCode: 'LOTUS',
      brandName: 'Royal Lotus',
      currencySymbol: 'RM',
      defaultLanguage: 'MY',
      languages: ['MY', 'EN'],
      timezone: 'Asia/Kuala_Lumpur',
      loginedToHomePage: true,
    });
    // No Language header: the licence comes in the brand default (Malay).
    expect(value.info.licence).toMatch(/^Royal Lotus ialah pengendali/);
  });

  it('gives the licence text in the request language, falling back to the brand default', async () => {
    expect((await status({ language: 'CN' })).info.licence).toMatch(/^Golden Palm 持有/);
    expect((await status({ language: 'TH' })).info.licence).toMatch(/^Golden Palm ดำเนินการ/);
    // A language the brand offers but the text lacks: the brand default (English) is used.
    const brand = await t.db.db
      .selectFrom('merchant')
      .select('licence')
      .where('code', '=', 'GOLDEN')
      .executeTakeFirstOrThrow();
    const { TH: _thai, ...withoutThai } = brand.licence;
    await t.db.db
      .updateTable('merchant')
      .set({ licence: JSON.stringify(withoutThai) })
      .where('code', '=', 'GOLDEN')
      .execute();
    try {
      expect((await status({ language: 'TH' })).info.licence).toMatch(/^Golden Palm is operated/);
    } finally {
      await t.db.db
        .updateTable('merchant')
        .set({ licence: JSON.stringify(brand.licence) })
        .where('code', '=', 'GOLDEN')
        .execute();
    }
    expect((await status({ host: 'lotus.localhost', language: 'EN' })).info.licence).toMatch(
      /^Royal Lotus is a licensed/,
    );
  });

  it('includes the whitelabel tree, the same as /wps/system/whitelabel', async () => {
    const value = await status();
    const tree = await getOk<ModuleNode[]>(t.app, '/wps/system/whitelabel');
    expect(value.info.whitelabel).toEqual(tree);
  });

  it('lists the registration rules of each brand in order with their patterns', async () => {
    const golden = (await status()).info.register;
    expect(golden.map((r) => r.field)).toEqual([
      'username',
      'password',
      'confirmPassword',
      'mobileNum',
      'verificationCode',
      'payeeName',
      'email',
      'affiliateCode',
      'captcha',
      'paymentPassword',
      'recommenderId',
      'qqNum',
      'line',
      'whatsapp',
      'facebook',
      'wechat',
      'idNumber',
    ]);
    expect(golden[0]).toEqual({
      field: 'username',
      enabled: true,
      required: true,
      acceptedPattern: REGISTER_PATTERNS.LETTER_FIRST_ALNUM,
      patternId: 'LETTER_FIRST_ALNUM',
      minLength: 2,
      maxLength: 15,
    });
    expect(golden.find((r) => r.field === 'captcha')).toMatchObject({ enabled: false, required: false });

    const lotus = (await status({ merchant: 'LOTUS' })).info.register;
    expect(lotus.find((r) => r.field === 'username')).toMatchObject({ minLength: 4, maxLength: 12 });
    expect(lotus.find((r) => r.field === 'captcha')).toMatchObject({ enabled: true, required: true });
    expect(lotus.find((r) => r.field === 'payeeName')).toMatchObject({
      acceptedPattern: REGISTER_PATTERNS.UPPER_SPACES,
    });
  });

  it('leaves out registration rows for fields the form does not have', async () => {
    await t.db.db
      .insertInto('register_rule')
      .values({
        merchant_code: 'GOLDEN',
        field: 'shoeSize',
        enabled: true,
        required: true,
        accepted_pattern: '*',
        pattern_id: 'ANY',
        min_length: 0,
        max_length: 5,
        sort: 99,
      })
      .execute();
    try {
      const fields = (await status()).info.register.map((r) => r.field);
      expect(fields).not.toContain('shoeSize');
      expect(fields).toHaveLength(17);
    } finally {
      await t.db.db.deleteFrom('register_rule').where('field', '=', 'shoeSize').execute();
    }
  });

  it('lists app resources with their QR codes', async () => {
    const { resources } = (await status()).info;
    expect(resources).toEqual([
      { resourceType: 'IOS', url: 'https://download.goldenpalm.example/ios', qrCodeUrl: 'qr/golden-ios.svg' },
      {
        resourceType: 'ANDROID',
        url: 'https://download.goldenpalm.example/android.apk',
        qrCodeUrl: 'qr/golden-android.svg',
      },
      { resourceType: 'LITE', url: 'https://www.goldenpalm.example/', qrCodeUrl: 'qr/golden-lite.svg' },
    ]);
  });

  it('lists customer-service entries with scrambled paths that unscramble to the built-in chat page', async () => {
    const { customerService } = (await status()).info;
    expect(customerService.map((c) => [c.csPosition, c.csType])).toEqual([
      ['HOME', 'LIVECHAT'],
      ['HOME', 'VIP'],
    ]);
    for (const entry of customerService) {
      expect(entry.path).not.toContain(CHAT_PATH.slice(1));
      expect(unscrambleCsPath(entry.path)).toBe(CHAT_PATH);
    }
  });

  it('includes the domain routes, fastest first', async () => {
    const { domainRoute } = (await status()).info;
    expect(domainRoute.domainList.map((d) => d.domain)).toEqual([
      'www.goldenpalm.example',
      'm.goldenpalm.example',
      'gp2.goldenpalm.example',
    ]);
  });

  it('shows a brand edit made in the database', async () => {
    await t.db.db
      .updateTable('merchant')
      .set({ gtag_id: 'G-TEST123', currency_symbol: '₱' })
      .where('code', '=', 'GOLDEN')
      .execute();
    t.brands.invalidate();
    try {
      const value = await status();
      expect(value.info.analytics.gtagId).toBe('G-TEST123');
      expect(value.info.currencySymbol).toBe('₱');
    } finally {
      await t.db.db
        .updateTable('merchant')
        .set({ gtag_id: null, currency_symbol: 'P' })
        .where('code', '=', 'GOLDEN')
        .execute();
      t.brands.invalidate();
    }
  });

  it('refuses a malformed host parameter with the field named', async () => {
    for (const host of ['bad host!', 'a/b', 'x'.repeat(254), 'lotus.localhost:123456']) {
      const body = await getFailure(
        t.app,
        `/wps/system/status?host=${encodeURIComponent(host)}`,
        400,
        'request.invalid',
        {
          headers: { merchant: 'GOLDEN' },
        },
      );
      expect(invalidFields(body)).toEqual(['host']);
    }
  });

  it('refuses a host parameter naming no brand', async () => {
    await getFailure(t.app, '/wps/system/status?host=nosuch.example', 404, 'system.merchant.unknown');
  });
});

describe('GET /wps/system/whitelabel', () => {
  it('answers the module tree: whitelabel flags, then module switches, in order', async () => {
    const tree = await getOk<ModuleNode[]>(t.app, '/wps/system/whitelabel');
    expect(tree.map((n) => [n.modId, n.enabled])).toEqual([
      ['WHITELABEL', '1'],
      ['MODULES', '1'],
    ]);
    expect(tree[0]!.childrenNodes.map((n) => n.modId)).toEqual([...WHITELABEL_FLAGS]);
    expect(tree[1]!.childrenNodes.map((n) => n.modId)).toEqual([...MODULE_SWITCHES]);
    expect(tree[0]!.childrenNodes.every((n) => n.enabled === '1' && n.childrenNodes.length === 0)).toBe(true);
    expect(node(tree, 'MODULES', 'SOCIALGOOGLE')?.enabled).toBe('0');
  });

  it('answers each brand its own switches as "1"/"0" strings', async () => {
    const tree = await getOk<ModuleNode[]>(t.app, '/wps/system/whitelabel', {
      headers: { merchant: 'LOTUS' },
    });
    expect(node(tree, 'WHITELABEL', 'USERNAMEREG3')?.enabled).toBe('1');
    expect(node(tree, 'WHITELABEL', 'MOBILENUMREG3')?.enabled).toBe('0');
    expect(node(tree, 'WHITELABEL', 'MOBILEVERCODELOGIN3')?.enabled).toBe('0');
    expect(node(tree, 'MODULES', 'FREEPLAY')?.enabled).toBe('0');
    expect(node(tree, 'MODULES', 'CONTRACT')?.enabled).toBe('1');
  });

  it('shows a switch turned off in the database', async () => {
    const where = { merchant_code: 'GOLDEN', mod_id: 'DIRECTREG3' };
    await t.db.db
      .updateTable('module_node')
      .set({ enabled: false })
      .where('merchant_code', '=', where.merchant_code)
      .where('mod_id', '=', where.mod_id)
      .execute();
    try {
      const tree = await getOk<ModuleNode[]>(t.app, '/wps/system/whitelabel');
      expect(node(tree, 'WHITELABEL', 'DIRECTREG3')?.enabled).toBe('0');
      // LOTUS is not affected.
      const lotus = await getOk<ModuleNode[]>(t.app, '/wps/system/whitelabel', {
        headers: { merchant: 'LOTUS' },
      });
      expect(node(lotus, 'WHITELABEL', 'DIRECTREG3')?.enabled).toBe('1');
    } finally {
      await t.db.db
        .updateTable('module_node')
        .set({ enabled: true })
        .where('merchant_code', '=', where.merchant_code)
        .where('mod_id', '=', where.mod_id)
        .execute();
    }
  });

  it('refuses an unknown merchant', async () => {
    await getFailure(t.app, '/wps/system/whitelabel', 404, 'system.merchant.unknown', {
      headers: { merchant: 'NOSUCH' },
    });
  });
});

describe('GET /wps/system/domainRoute', () => {
  it('lists the brand domains fastest first', async () => {
    const golden = await getOk<DomainRoute>(t.app, '/wps/system/domainRoute');
    expect(golden.domainList).toEqual([
      { domain: 'www.goldenpalm.example', speed: 38 },
      { domain: 'm.goldenpalm.example', speed: 52 },
      { domain: 'gp2.goldenpalm.example', speed: 117 },
    ]);
    const lotus = await getOk<DomainRoute>(t.app, '/wps/system/domainRoute', {
      headers: { host: 'lotus.localhost' },
    });
    expect(lotus.domainList.map((d) => d.domain)).toEqual([
      'www.royallotus.example',
      'rl2.royallotus.example',
    ]);
  });

  it('puts a newly added faster domain first', async () => {
    await t.db.db
      .insertInto('domain_route')
      .values({ merchant_code: 'LOTUS', domain: 'fast.royallotus.example', speed: 5 })
      .execute();
    try {
      const lotus = await getOk<DomainRoute>(t.app, '/wps/system/domainRoute', {
        headers: { merchant: 'LOTUS' },
      });
      expect(lotus.domainList[0]).toEqual({ domain: 'fast.royallotus.example', speed: 5 });
      const golden = await getOk<DomainRoute>(t.app, '/wps/system/domainRoute');
      expect(golden.domainList.map((d) => d.domain)).not.toContain('fast.royallotus.example');
    } finally {
      await t.db.db.deleteFrom('domain_route').where('domain', '=', 'fast.royallotus.example').execute();
    }
  });

  it('refuses an unknown merchant', async () => {
    await getFailure(t.app, '/wps/system/domainRoute', 404, 'system.merchant.unknown', {
      headers: { host: 'nosuch.example' },
    });
  });
});
