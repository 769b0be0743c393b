import { LANGUAGES, type HelpCenter, type SystemStatusValue } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/platform/messages';
import { buildAppOn, buildTestApp, type TestContext } from './helper';
import { getFailure, getOk } from './http';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The merchant code that answered, by way of the permission call. */
async function brandOf(headers: Record<string, string>, query = ''): Promise<string> {
  return (await getOk<SystemStatusValue>(t.app, `/wps/system/status${query}`, { headers })).info.merchantCode;
}

/** The title of the first help section ('about'), which each brand has in EN, CN and MY. */
async function aboutTitle(headers: Record<string, string>, query = ''): Promise<string> {
  return (await getOk<HelpCenter>(t.app, `/wps/system/helpCenter${query}`, { headers })).list[0]!.title;
}

const EVERY_API_CALL = [
  '/wps/system/status',
  '/wps/system/whitelabel',
  '/wps/system/domainRoute',
  '/wps/system/helpCenter',
  '/wps/system/customerService',
  '/wps/relay/MCSFE_getListAnnouncements',
  '/wps/relay/GCSGAME_newGameVendor',
  '/wps/relay/GCSGAME_getVassGameType',
  '/wps/session/key',
];

describe('brand resolution', () => {
  it('finds the brand from the Host header, ignoring case and port', async () => {
    expect(await brandOf({ host: 'localhost' })).toBe('GOLDEN');
    expect(await brandOf({ host: '127.0.0.1:8080' })).toBe('GOLDEN');
    expect(await brandOf({ host: 'golden.localhost' })).toBe('GOLDEN');
    expect(await brandOf({ host: 'lotus.localhost' })).toBe('LOTUS');
    expect(await brandOf({ host: 'lotus.localhost:5173' })).toBe('LOTUS');
    expect(await brandOf({ host: 'LOTUS.Localhost' })).toBe('LOTUS');
  });

  it('lets the Merchant header win over the Host, in any case and with spaces around it', async () => {
    expect(await brandOf({ host: 'lotus.localhost', merchant: 'GOLDEN' })).toBe('GOLDEN');
    expect(await brandOf({ host: 'localhost', merchant: 'lotus' })).toBe('LOTUS');
    expect(await brandOf({ host: 'localhost', merchant: ' Lotus ' })).toBe('LOTUS');
  });

  it('lets ?host= on the permission call override the Host header, but not the Merchant header', async () => {
    expect(await brandOf({ host: 'localhost' }, '?host=lotus.localhost')).toBe('LOTUS');
    expect(await brandOf({ host: 'localhost' }, '?host=lotus.localhost:443')).toBe('LOTUS');
    expect(await brandOf({ host: 'lotus.localhost' }, '?host=golden.localhost')).toBe('GOLDEN');
    expect(await brandOf({ host: 'localhost', merchant: 'GOLDEN' }, '?host=lotus.localhost')).toBe('GOLDEN');
  });

  it('refuses an unknown Merchant header even when the Host names a brand', async () => {
    for (const merchant of ['NOSUCH', 'gold en', 'x', 'GOLDEN;DROP', 'A'.repeat(21)]) {
      const body = await getFailure(t.app, '/wps/system/status', 404, 'system.merchant.unknown', {
        headers: { host: 'localhost', merchant },
      });
      expect(body.message).toBe(MESSAGES.EN['system.merchant.unknown']);
    }
  });

  it('refuses an unknown host, and an unknown ?host= even when the Host names a brand', async () => {
    await getFailure(t.app, '/wps/system/status', 404, 'system.merchant.unknown', {
      headers: { host: 'nosuch.example' },
    });
    await getFailure(t.app, '/wps/system/status?host=nosuch.example', 404, 'system.merchant.unknown', {
      headers: { host: 'localhost' },
    });
  });

  it('refuses an unknown merchant on every API call', async () => {
    for (const url of EVERY_API_CALL) {
      await getFailure(t.app, url, 404, 'system.merchant.unknown', { headers: { merchant: 'NOSUCH' } });
      await getFailure(t.app, url, 404, 'system.merchant.unknown', { headers: { host: 'nosuch.example' } });
    }
  });

  it('serves a configured default brand to unknown hosts, but never to an unknown Merchant header', async () => {
    const other = await buildAppOn(t.db, { DEFAULT_MERCHANT: 'LOTUS' });
    try {
      const status = (headers: Record<string, string>) =>
        getOk<SystemStatusValue>(other, '/wps/system/status', { headers });
      expect((await status({ host: 'nosuch.example' })).info.merchantCode).toBe('LOTUS');
      expect((await status({ host: 'golden.localhost' })).info.merchantCode).toBe('GOLDEN');
      await getFailure(other, '/wps/system/status', 404, 'system.merchant.unknown', {
        headers: { host: 'nosuch.example', merchant: 'NOSUCH' },
      });
    } finally {
      await other.close();
    }
  });
});

describe('language selection', () => {
  it('answers content in the language asked for, in any case', async () => {
    expect(await aboutTitle({})).toBe('About us');
    expect(await aboutTitle({ language: 'CN' })).toBe('关于我们');
    expect(await aboutTitle({ language: 'cn' })).toBe('关于我们');
    expect(await aboutTitle({ language: ' my ' })).toBe('Tentang kami');
  });

  it('uses the brand default language when none is asked for', async () => {
    expect(await aboutTitle({ merchant: 'LOTUS' })).toBe('Tentang kami');
    expect(await aboutTitle({ merchant: 'LOTUS', language: '' })).toBe('Tentang kami');
    expect(await aboutTitle({ merchant: 'LOTUS', language: 'EN' })).toBe('About us');
  });

  it('falls back to the brand default for a known language the brand does not offer', async () => {
    // LOTUS offers MY and EN only.
    expect(await aboutTitle({ merchant: 'LOTUS', language: 'CN' })).toBe('Tentang kami');
    expect(await aboutTitle({ merchant: 'LOTUS', language: 'TH' })).toBe('Tentang kami');
  });

  it('falls back to the brand default when the content has no text in an offered language', async () => {
    expect(await aboutTitle({ language: 'TH' })).toBe('เกี่ยวกับเรา');
    // GOLDEN offers Thai; an operator's help section without a Thai title shows the English one.
    const about = await t.db.db
      .selectFrom('help_section')
      .select('title')
      .where('merchant_code', '=', 'GOLDEN')
      .where('tag', '=', 'about')
      .executeTakeFirstOrThrow();
    const { TH: _thai, ...withoutThai } = about.title;
    const setTitle = (title: object) =>
      t.db.db
        .updateTable('help_section')
        .set({ title: JSON.stringify(title) })
        .where('merchant_code', '=', 'GOLDEN')
        .where('tag', '=', 'about')
        .execute();
    await setTitle(withoutThai);
    try {
      expect(await aboutTitle({ language: 'TH' })).toBe('About us');
    } finally {
      await setTitle(about.title);
    }
  });

  it('honours ?language= when there is no Language header, the header winning otherwise', async () => {
    expect(await aboutTitle({}, '?language=cn')).toBe('关于我们');
    expect(await aboutTitle({ language: 'MY' }, '?language=CN')).toBe('Tentang kami');
  });

  it('refuses an unknown language code with a message in the brand default language', async () => {
    for (const language of ['XX', 'english', 'zh-CN', 'E']) {
      const body = await getFailure(t.app, '/wps/system/helpCenter', 400, 'system.language.unsupported', {
        headers: { language },
      });
      expect(body.message).toBe(MESSAGES.EN['system.language.unsupported']);
    }
    const lotus = await getFailure(t.app, '/wps/system/helpCenter', 400, 'system.language.unsupported', {
      headers: { merchant: 'LOTUS', language: 'XX' },
    });
    expect(lotus.message).toBe(MESSAGES.MY['system.language.unsupported']);
    await getFailure(t.app, '/wps/system/helpCenter?language=klingon', 400, 'system.language.unsupported');
  });

  it('refuses an unknown language on every API call', async () => {
    for (const url of EVERY_API_CALL) {
      await getFailure(t.app, url, 400, 'system.language.unsupported', { headers: { language: 'XX' } });
    }
  });
});

describe('error messages', () => {
  it('are worded in each of the seven request languages', async () => {
    const seen = new Set<string>();
    for (const language of LANGUAGES) {
      const body = await getFailure(t.app, '/wps/no/such/call', 404, 'system.not.found', {
        headers: { language },
      });
      expect(body.message).toBe(MESSAGES[language]['system.not.found']);
      seen.add(body.message);
    }
    // Seven languages, seven different texts.
    expect(seen.size).toBe(LANGUAGES.length);
  });

  it('use the brand default when the brand does not offer the language asked for', async () => {
    const body = await getFailure(t.app, '/wps/no/such/call', 404, 'system.not.found', {
      headers: { merchant: 'LOTUS', language: 'VI' },
    });
    expect(body.message).toBe(MESSAGES.MY['system.not.found']);
  });

  it('honour the asked-for language even when the brand is unknown', async () => {
    const body = await getFailure(t.app, '/wps/system/status', 404, 'system.merchant.unknown', {
      headers: { merchant: 'NOSUCH', language: 'VI' },
    });
    expect(body.message).toBe(MESSAGES.VI['system.merchant.unknown']);
  });

  it('word validation failures in the request language', async () => {
    const body = await getFailure(
      t.app,
      '/wps/relay/GCSGAME_newGameVendor?gameType=POKER',
      400,
      'request.invalid',
      {
        headers: { language: 'TH' },
      },
    );
    expect(body.message).toBe(MESSAGES.TH['request.invalid']);
  });
});

describe('?host= outside the permission call', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is ignored: the Host header decides the brand', async () => {
    const res = await t.app.inject({
      url: '/wps/relay/GCSGAME_newGameVendor?host=lotus.localhost',
      headers: { host: 'localhost' },
    });
    const categories = res.json<{ value: { title: string }[] }>().value.map((c) => c.title);
    // GOLDEN has esports vendors, LOTUS has none.
    expect(categories).toContain('ESPORTS');
  });
});
