/**
 * Player protection beyond limits on money: the session time limit, reality checks, a break that
 * keeps a member to withdrawing only, breaks across an operator's brands, no marketing to members
 * on a break, and the minimum age at sign-up.
 */
import { randomUUID } from 'node:crypto';
import type { ProtectionSession } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BetRepository } from '../src/modules/wallet/bet.repository';
import { BetService, type PlaceBetInput } from '../src/modules/wallet/bet.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { buildTestApp, type TestContext } from './helper';
import { freshIp, freshMobile, freshName, Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const PAYMENT_PASSWORD = '246810';
const M = 'GOLDEN';
let t: TestContext;
let id: Identity;
let ledger: LedgerService;
let bets: BetService;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  bets = new BetService(new BetRepository(t.db.db), ledger);
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
let seq = 0;
const round = () => `RS${Date.now().toString(36)}${++seq}`;
const bet = (stake: bigint, roundId = round()): PlaceBetInput => ({
  vendor: 'JILI',
  gameType: 'RNG',
  gameCode: 'fortune-gems',
  gameName: 'Fortune Gems',
  roundId,
  stake,
});

async function fund(memberId: string, minor: bigint, merchant = M): Promise<void> {
  const adjustment = await ledger.account(merchant, 'ADJUSTMENT');
  const main = await ledger.account(merchant, 'MAIN', memberId);
  await ledger.post(t.db.db, {
    merchant,
    reference: `TEST_FUND:${randomUUID()}`,
    kind: 'ADJUSTMENT',
    memberId,
    postings: [
      { accountId: adjustment, amount: -minor },
      { accountId: main, amount: minor },
    ],
  });
}

/** Moves the member's login back in time: their session then started that long ago. */
async function sessionStartedAgo(m: NewMember, ms: number): Promise<void> {
  await t.db.db
    .updateTable('member_session')
    .set({ created_at: new Date(Date.now() - ms) })
    .where('member_id', '=', m.id)
    .where('kind', '=', 'SESSION')
    .execute();
}

const session = (m: NewMember) =>
  id.ok<ProtectionSession>('/wps/member/protection/session', { token: m.token });
const events = (memberId: string, action?: string) => {
  let q = t.db.db.selectFrom('protection_event').selectAll().where('member_id', '=', memberId);
  if (action) q = q.where('action', '=', action);
  return q.orderBy('id').execute();
};
const settings = async (merchant: string, values: Record<string, unknown>) => {
  await t.db.db
    .insertInto('protection_settings')
    .values({ merchant_code: merchant, ...values })
    .onConflict((oc) => oc.column('merchant_code').doUpdateSet(values))
    .execute();
};

describe('the session time limit', () => {
  it('once the session has lasted the limit, the next bet and launch are refused; a new login starts afresh', async () => {
    const m = await id.registerGolden();
    await fund(m.id, 100_000n);
    await id.ok('/wps/member/protection/limits', {
      method: 'PUT',
      token: m.token,
      body: { kind: 'SESSION', period: 'S', amount: 30 },
    });
    await sessionStartedAgo(m, 10 * MINUTE);
    await bets.placeBet(M, m.id, bet(1_000n));
    expect((await session(m)).sessionMinutesLeft).toBe(20);

    await sessionStartedAgo(m, 31 * MINUTE);
    const before = await ledger.memberBalances(t.db.db, m.id);
    await expect(bets.placeBet(M, m.id, bet(1_000n))).rejects.toMatchObject({
      code: 'protection.limit.session',
    });
    expect(await ledger.memberBalances(t.db.db, m.id)).toEqual(before);
    const refused = await id.fails(
      '/wps/game/launchGame?vendor=JILI&gameCode=fortune-gems&language=en',
      { token: m.token, lang: 'vi' },
      403,
      'protection.limit.session',
    );
    expect(refused.message).toContain('giới hạn thời gian');
    expect((await session(m)).sessionMinutesLeft).toBe(0);
    // Withdrawing and the protection page stay open.
    await id.ok('/wps/member/protection', { token: m.token });

    // A new login is a new session.
    await sessionStartedAgo(m, 31 * MINUTE);
    await t.db.db
      .insertInto('member_session')
      .values({
        member_id: m.id,
        kind: 'SESSION',
        token_hash: `test-${randomUUID()}`,
        ip: '10.0.0.1',
        expires_at: new Date(Date.now() + 60 * MINUTE),
      })
      .execute();
    await bets.placeBet(M, m.id, bet(1_000n));
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});

describe('reality checks', () => {
  it('shows time played and the net result since login; the interval is the member’s or the brand’s', async () => {
    const m = await id.registerGolden();
    await fund(m.id, 100_000n);
    await sessionStartedAgo(m, 17 * MINUTE + 5_000);
    // A bet from before the login does not count toward this session.
    const old = round();
    await bets.placeBet(M, m.id, bet(500n, old));
    await t.db.db
      .updateTable('bet_record')
      .set({ placed_at: new Date(Date.now() - 60 * MINUTE) })
      .where('round_id', '=', old)
      .execute();
    const r1 = round();
    await bets.placeBet(M, m.id, bet(3_000n, r1));
    await bets.settleBet(M, 'JILI', r1, { payout: 5_000n });
    await bets.placeBet(M, m.id, bet(1_000n));
    const s = await session(m);
    expect(s).toMatchObject({ playedMinutes: 17, staked: 40, paid: 50, net: 10, realityCheckMinutes: null });

    await settings(M, { reality_check_minutes: 60 });
    expect((await session(m)).realityCheckMinutes).toBe(60);
    const set = await id.ok<ProtectionSession>('/wps/member/protection/reality-check', {
      method: 'PUT',
      token: m.token,
      body: { minutes: 15 },
    });
    expect(set).toMatchObject({ realityCheckMinutes: 15, realityCheckOwn: 15 });
    // Out of range: refused, nothing changes.
    await id.fails(
      '/wps/member/protection/reality-check',
      { method: 'PUT', token: m.token, body: { minutes: 241 } },
      400,
      'request.invalid',
    );
    expect((await session(m)).realityCheckMinutes).toBe(15);
    await settings(M, { reality_check_minutes: null });
  });

  it('each answered check is kept with the numbers shown and the choice', async () => {
    const m = await id.registerGolden();
    await id.ok('/wps/member/protection/reality-check', { token: m.token, body: { choice: 'CONTINUE' } });
    await id.ok('/wps/member/protection/reality-check', { token: m.token, body: { choice: 'LOGOUT' } });
    await id.fails(
      '/wps/member/protection/reality-check',
      { token: m.token, body: { choice: 'MAYBE' } },
      400,
      'request.invalid',
    );
    const rows = await events(m.id, 'reality.check');
    expect(rows.map((r) => (r.detail as { choice: string }).choice)).toEqual(['CONTINUE', 'LOGOUT']);
    expect(rows[0]!.detail).toMatchObject({ playedMinutes: 0, staked: 0, net: 0 });
  });
});

describe('a break keeps the member to withdrawing', () => {
  it('play, deposits, promotions, missions, rewards and points are refused early; withdrawal works', async () => {
    const m = await id.registerGolden();
    await id.ok('/wps/member/password/payment', {
      token: m.token,
      body: { password: m.password, newPaymentPassword: PAYMENT_PASSWORD },
      encrypt: true,
    });
    await fund(m.id, 100_000n);
    const account = await id.ok<{ id: string }>('/wps/cashier/payout-accounts', {
      token: m.token,
      body: {
        bankCode: 'BDO',
        accountName: m.payeeName,
        paymentPassword: PAYMENT_PASSWORD,
        accountNo: `10${String(process.pid % 1000).padStart(3, '0')}77${Date.now() % 1_000_000}`,
      },
      encrypt: true,
    });
    await id.ok('/wps/member/protection/exclusion', {
      token: m.token,
      body: { kind: 'SELF_EXCLUSION', term: '6M' },
    });
    const refused: [string, Record<string, unknown> | undefined][] = [
      ['/wps/game/launchGame?vendor=JILI&gameCode=fortune-gems&language=en', undefined],
      [
        '/lgw/lottery/bet',
        {
          gameCode: 'VN_HCM',
          numero: '1',
          requestId: `rg-lot-${Date.now()}`,
          lines: [{ betType: 'LO2', numbers: ['07'], amount: 1 }],
        },
      ],
      ['/wps/cashier/deposit', { channelId: '1', amount: '50', requestId: `rg-dep-${Date.now()}` }],
      ['/wps/relay/MCS2_joinPromotion', { promotionId: '1' }],
      ['/wps/relay/MCS2_claimPromotion', { promotionId: '1' }],
      ['/wps/relay/MCS2_signInPromotion', { promotionId: '1' }],
      ['/wps/mission/claim', { missionId: '1' }],
      ['/wps/rewards/claim', { source: 'MISSION', id: '1' }],
      [
        '/wps/points/passwordCheck/convertPoint',
        { requestId: `rg-pts-${Date.now()}`, points: 10, paymentPassword: PAYMENT_PASSWORD },
      ],
    ];
    for (const [url, body] of refused)
      await id.fails(
        url,
        // Calls that carry the payment password are sealed, as the site sends them.
        { token: m.token, ...(body ? { body, encrypt: 'paymentPassword' in body } : {}) },
        403,
        'protection.excluded',
      );
    // The protection page and the withdrawal stay open.
    expect((await session(m)).excluded).toBe(true);
    const w = await id.ok<{ status: string }>('/wps/cashier/withdraw', {
      token: m.token,
      body: {
        requestId: `rg-wd-${Date.now()}`,
        paymentPassword: PAYMENT_PASSWORD,
        payoutAccountId: account.id,
        amount: 100,
      },
      encrypt: true,
    });
    expect(w.status).toBeDefined();
    const main = (await ledger.memberBalances(t.db.db, m.id)).get('MAIN');
    expect(main).toBe(90_000n);
  });
});

describe('a break across the operator’s brands', () => {
  it('reaches the same person’s accounts on the group’s other brands (same mobile or e-mail), with history on each', async () => {
    await settings('GOLDEN', { operator_group: 'GRP-TEST' });
    await settings('LOTUS', { operator_group: 'GRP-TEST' });
    const m = await id.registerGolden({ email: 'Same.Person@example.com' });
    const row = await t.db.db
      .selectFrom('member')
      .select(['country_dialing_code', 'mobile_num'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    const insert = (values: { username: string; email?: string; mobile?: string }) =>
      t.db.db
        .insertInto('member')
        .values({
          merchant_code: 'LOTUS',
          username: values.username,
          password_hash: 'x',
          referral_code: `X${values.username}`.slice(0, 12),
          email: values.email ?? null,
          country_dialing_code: values.mobile ? row.country_dialing_code : null,
          mobile_num: values.mobile ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const byMobile = await insert({ username: freshName('lm'), mobile: row.mobile_num! });
    const byEmail = await insert({ username: freshName('le'), email: 'same.person@EXAMPLE.com' });
    const stranger = await insert({ username: freshName('ls'), mobile: freshMobile() });

    await id.ok('/wps/member/protection/exclusion', {
      token: m.token,
      body: { kind: 'TIMEOUT', days: 7, allBrands: true },
    });
    for (const other of [byMobile, byEmail]) {
      const ex = await t.db.db
        .selectFrom('protection_exclusion')
        .selectAll()
        .where('member_id', '=', other.id)
        .executeTakeFirstOrThrow();
      expect(ex).toMatchObject({ merchant_code: 'LOTUS', kind: 'TIMEOUT', term: '7D', all_brands: true });
      const [ev] = await events(other.id, 'timeout.started');
      expect(ev!.detail).toMatchObject({ fromBrand: 'GOLDEN', fromMember: m.id });
    }
    expect(await events(stranger.id)).toHaveLength(0);
    // A break on one brand only stays there.
    const solo = await id.registerGolden();
    await id.ok('/wps/member/protection/exclusion', {
      token: solo.token,
      body: { kind: 'TIMEOUT', days: 1 },
    });
    const lotusSolo = await insert({
      username: freshName('lo'),
      mobile: (
        await t.db.db
          .selectFrom('member')
          .select('mobile_num')
          .where('id', '=', solo.id)
          .executeTakeFirstOrThrow()
      ).mobile_num!,
    });
    expect(await events(lotusSolo.id)).toHaveLength(0);
    await settings('GOLDEN', { operator_group: null });
    await settings('LOTUS', { operator_group: null });
  });
});

describe('no marketing to members on a break', () => {
  it('an operator notice to every member skips those on a break', async () => {
    const resting = await id.registerGolden();
    const playing = await id.registerGolden();
    await id.ok('/wps/member/protection/exclusion', {
      token: resting.token,
      body: { kind: 'TIMEOUT', days: 1 },
    });
    await id.ok('/wps/admin/messages', {
      headers: { merchant: M, 'x-api-key': ADMIN_KEY },
      body: { all: true, title: 'Weekend reload', content: '50% bonus' },
    });
    await id.ok('/wps/admin/messages', {
      headers: { merchant: M, 'x-api-key': ADMIN_KEY },
      body: { usernames: [resting.username, playing.username], title: 'Cashback', content: 'Claim now' },
    });
    const inbox = (m: NewMember) =>
      t.db.db
        .selectFrom('member_message')
        .select('kind')
        .where('member_id', '=', m.id)
        .where('kind', '=', 'SYSTEM')
        .execute();
    expect(await inbox(playing)).toHaveLength(2);
    expect(await inbox(resting)).toHaveLength(0);
  });
});

describe('minimum age at sign-up', () => {
  // Ages count on the brand's calendar (GOLDEN: Manila), which is a day ahead of UTC's from 16:00 UTC.
  const yearsAgo = (years: number, days = 0) => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCFullYear(d.getUTCFullYear() - years);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  const register = async (extra: Record<string, unknown>, lang = 'en') => {
    const ip = freshIp();
    const mobileNum = freshMobile();
    const username = freshName();
    const verificationCode = await id.registerCode(mobileNum, { ip });
    const res = await id.send('/wps/member/register', {
      method: 'PUT',
      body: {
        username,
        password: 'abc12345',
        confirmPassword: 'abc12345',
        mobileNum,
        countryDialingCode: '63',
        payeeName: 'Juan Dela Cruz',
        verificationCode,
        ...extra,
      },
      encrypt: true,
      ip,
      lang,
    });
    const row = await t.db.db
      .selectFrom('member')
      .select(['id', 'date_of_birth'])
      .where('merchant_code', '=', M)
      .where('username', '=', username)
      .executeTakeFirst();
    return { res, row };
  };

  it('a brand that asks the date of birth refuses a sign-up without it or under its age, creating nothing', async () => {
    await settings(M, { ask_birth_date: true, min_age: 21 });
    expect(await id.ok('/wps/system/protection')).toEqual({ askBirthDate: true, minAge: 21 });
    const missing = await register({});
    expect(missing.res.body).toMatchObject({ success: false, errorCode: 'request.invalid' });
    expect(missing.row).toBeUndefined();
    const young = await register({ dateOfBirth: yearsAgo(21, 1) }, 'th');
    expect(young.res.status).toBe(422);
    expect(young.res.body).toMatchObject({ success: false, errorCode: 'register.underage' });
    expect(young.res.body.message).toContain('21');
    expect(young.row).toBeUndefined();
    const impossible = await register({ dateOfBirth: '2001-02-30' });
    expect(impossible.res.body).toMatchObject({ success: false, errorCode: 'request.invalid' });
    expect(impossible.row).toBeUndefined();
    const adult = await register({ dateOfBirth: yearsAgo(21) });
    expect(adult.res.status, JSON.stringify(adult.res.body)).toBe(200);
    expect(adult.row?.date_of_birth).toBe(yearsAgo(21));
    await settings(M, { ask_birth_date: false, min_age: 18 });
  });

  it('a brand that does not ask still checks a date of birth given', async () => {
    const young = await register({ dateOfBirth: yearsAgo(17) });
    expect(young.res.body).toMatchObject({ success: false, errorCode: 'register.underage' });
    expect(young.row).toBeUndefined();
    const none = await register({});
    expect(none.res.status).toBe(200);
  });
});

describe('the back office', () => {
  const admin = (merchant = M) => ({ merchant, 'x-api-key': ADMIN_KEY });
  const audits = (action: string) =>
    t.db.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

  it('lists players with limits and breaks (an audited read), and one player’s history', async () => {
    const resting = await id.registerGolden();
    const limited = await id.registerGolden();
    await id.ok('/wps/member/protection/exclusion', {
      token: resting.token,
      body: { kind: 'TIMEOUT', days: 3 },
    });
    await id.ok('/wps/member/protection/limits', {
      method: 'PUT',
      token: limited.token,
      body: { kind: 'DEPOSIT', period: 'W', amount: '500' },
    });
    const before = (await audits('protection.players')).length;
    type Page = { list: { username: string; exclusion: unknown; limits: unknown[] }[] };
    const breaks = await id.ok<Page>('/wps/admin/protection/players?kind=TIMEOUT&pageSize=100', {
      headers: admin(),
    });
    expect(breaks.list.find((p) => p.username === resting.username)?.exclusion).toMatchObject({
      kind: 'TIMEOUT',
      term: '3D',
    });
    expect(breaks.list.some((p) => p.username === limited.username)).toBe(false);
    const limits = await id.ok<Page>(`/wps/admin/protection/players?kind=LIMIT&q=${limited.username}`, {
      headers: admin(),
    });
    expect(limits.list).toHaveLength(1);
    expect(limits.list[0]!.limits).toEqual([{ kind: 'DEPOSIT', period: 'W', amount: 500, pending: null }]);
    expect((await audits('protection.players')).length).toBe(before + 2);

    const tab = await id.ok<{ history: { action: string }[]; exclusion: unknown }>(
      `/wps/admin/players/${resting.id}/protection`,
      { headers: admin() },
    );
    expect(tab.history.map((h) => h.action)).toEqual(['timeout.started']);
    expect(tab.exclusion).toMatchObject({ kind: 'TIMEOUT' });
    // Another brand's staff cannot read a GOLDEN member through their brand.
    await id.fails(
      `/wps/admin/players/${resting.id}/protection`,
      { headers: admin('LOTUS') },
      404,
      'player.not.found',
    );
  });

  it('counts reality-check interventions by answer', async () => {
    // Other tests of this file answer checks too, moments earlier: the figures are compared
    // before and after this member's answers, over the same period.
    const from = new Date(Date.now() - 60_000).toISOString();
    type Report = { total: number; continued: number; loggedOut: number; members: number };
    const report = () =>
      id.ok<Report>(`/wps/admin/protection/reality-checks?from=${encodeURIComponent(from)}`, {
        headers: admin(),
      });
    const before = await report();
    const m = await id.registerGolden();
    for (const choice of ['CONTINUE', 'CONTINUE', 'LOGOUT'])
      await id.ok('/wps/member/protection/reality-check', { token: m.token, body: { choice } });
    const after = await report();
    expect({
      total: after.total - before.total,
      continued: after.continued - before.continued,
      loggedOut: after.loggedOut - before.loggedOut,
      members: after.members - before.members,
    }).toEqual({ total: 3, continued: 2, loggedOut: 1, members: 1 });
  });

  it('changes the brand’s rules with an audit row; bad input changes nothing', async () => {
    const current = await id.ok<Record<string, unknown>>('/wps/admin/protection/settings', {
      headers: admin(),
    });
    await id.fails(
      '/wps/admin/protection/settings',
      { method: 'PUT', headers: admin(), body: { ...current, minAge: 16 } },
      400,
      'request.invalid',
    );
    expect(await id.ok('/wps/admin/protection/settings', { headers: admin() })).toEqual(current);
    const next = { ...current, minAge: 21, askBirthDate: true, exclusionTerms: ['6M', 'PERMANENT'] };
    expect(
      await id.ok('/wps/admin/protection/settings', { method: 'PUT', headers: admin(), body: next }),
    ).toEqual(next);
    const [row] = (await audits('protection.settings')).slice(-1);
    expect(row).toMatchObject({ merchant_code: M, target: `brand:${M}` });
    expect(row!.before).toMatchObject({ minAge: current.minAge });
    expect(row!.after).toMatchObject({ minAge: 21 });
    await id.ok('/wps/admin/protection/settings', { method: 'PUT', headers: admin(), body: current });
  });
});
