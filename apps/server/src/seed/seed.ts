import { randomBytes } from 'node:crypto';
import {
  BANNER_GROUPS,
  brandThemeSchema,
  MODULE_SWITCHES,
  WHITELABEL_FLAGS,
  scrambleCsPath,
  toMinor,
} from '@app/contracts';
import type { Kysely } from 'kysely';
import { seedDemoStaff } from '../modules/staff';
import { LedgerService } from '../modules/wallet';
import { hashPassword } from '../platform/password';
import type { Database, LocalizedText } from '../db/schema';
import { DEMO_BRANDS, patternOf, type DemoBrand } from './demo-brands';
import { DEMO_GAMES, gameIconPath } from './game-catalogue';
import { HELP_SECTIONS } from './help-content';
import { seedPromotions } from './promotions';
import { seedPoints } from './points';
import { seedMissions } from './missions';
import { seedVipAndRebates } from './vip-rebate';
import { seedReferral } from './referral';
import { seedChat } from './chat';
import { fillMissingLanguages, type SeededTexts } from './fill-languages';

/** Where the demo brands' customer-service entries pointed before the built-in chat. */
const SERVICE_PATH_BEFORE_CHAT = '/helpmc#contact';

const withBrand = (t: LocalizedText, brand: string): LocalizedText =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.replaceAll('{brand}', brand)]));

/**
 * Inserts the demo brands and their content. Idempotent: every insert skips rows that exist,
 * so running it on every start changes nothing after the first, and operator edits survive.
 */
export async function seedDemo(db: Kysely<Database>, brands: DemoBrand[] = DEMO_BRANDS): Promise<void> {
  // Password hashing is slow on purpose: done before the transaction, and only for missing accounts.
  const hashes = new Map<string, string>();
  for (const b of brands) {
    for (const a of b.accounts) {
      const exists = await db
        .selectFrom('member')
        .select('id')
        .where('merchant_code', '=', b.code)
        .where('username', '=', a.username)
        .executeTakeFirst();
      if (!exists) {
        hashes.set(`${b.code}/${a.username}`, await hashPassword(a.password));
        if (a.paymentPassword)
          hashes.set(`${b.code}/${a.username}/pay`, await hashPassword(a.paymentPassword));
      }
    }
  }
  await db.transaction().execute(async (tx) => {
    for (const b of brands) {
      await seedBrand(tx, b);
      await seedCashier(tx, b);
      await seedAccounts(tx, b, hashes);
      // A database seeded before a language was translated gets it (texts nobody has edited only).
      await fillMissingLanguages(tx, seededTexts(b));
    }
  });
  // Opening balances go through the ledger like any other money, once (the reference is unique).
  const ledger = new LedgerService(db);
  for (const b of brands) {
    for (const a of b.accounts) {
      if (!a.openingBalance) continue;
      const member = await db
        .selectFrom('member')
        .select('id')
        .where('merchant_code', '=', b.code)
        .where('username', '=', a.username)
        .executeTakeFirstOrThrow();
      const amount = must(toMinor(a.openingBalance), a.openingBalance);
      await ledger.post(db, {
        merchant: b.code,
        reference: `seed:opening:${a.username}`,
        kind: 'ADJUSTMENT',
        memberId: member.id,
        memo: { reason: 'Demo opening balance' },
        postings: [
          { accountId: await ledger.account(b.code, 'ADJUSTMENT'), amount: -amount },
          { accountId: await ledger.account(b.code, 'MAIN', member.id), amount },
        ],
      });
    }
  }
  // The engagement features' demo content, each part's own seed (inserts only what is missing):
  // VIP levels and rebate rules.
  await seedVipAndRebates(db, brands);
  // Points rules and the points mall.
  await seedPoints(db, brands);
  // Promotions.
  await seedPromotions(db, brands);
  // The back office's demo staff (finance and support work on GOLDEN).
  if (brands.some((b) => b.code === 'GOLDEN')) await seedDemoStaff(db);
  // Missions.
  await seedMissions(db, brands);
  // The referral programme.
  await seedReferral(db, brands);
  // The built-in chat: switched on, its texts and canned replies.
  await seedChat(db, brands);
}

function must(minor: bigint | null, text: string): bigint {
  if (minor === null) throw new Error(`seed: ${text} is not an amount`);
  return minor;
}

async function seedCashier(db: Kysely<Database>, b: DemoBrand): Promise<void> {
  const c = b.cashier;
  await db
    .insertInto('cashier_setting')
    .values({
      merchant_code: b.code,
      single_wallet: c.singleWallet,
      withdraw_min: must(toMinor(c.withdrawMin), c.withdrawMin),
      withdraw_max: must(toMinor(c.withdrawMax), c.withdrawMax),
      withdraw_daily_count: c.withdrawDailyCount,
      withdraw_confirm_minutes: c.withdrawConfirmMinutes,
      upline_transfer_enabled: c.uplineTransfer,
      // Made here, kept in the database, never committed: the demo gateway signs with it.
      gateway_secret: randomBytes(32).toString('hex'),
    })
    .onConflict((oc) => oc.column('merchant_code').doNothing())
    .execute();
  // So a local operator sees both paths: smaller payments by one person, larger ones by two.
  // An operator's later change is kept (the seed only fills a brand that has no row).
  await db
    .insertInto('cashier_settings')
    .values({
      merchant_code: b.code,
      withdrawal_approval_threshold: must(
        toMinor(c.withdrawalApprovalThreshold),
        c.withdrawalApprovalThreshold,
      ),
      updated_by: 'seed',
    })
    .onConflict((oc) => oc.column('merchant_code').doNothing())
    .execute();
  await db
    .insertInto('payment_channel')
    .values(
      c.channels.map((ch, i) => ({
        merchant_code: b.code,
        code: ch.code,
        kind: ch.kind,
        name: JSON.stringify(ch.name),
        min_amount: must(toMinor(ch.min), ch.min),
        max_amount: must(toMinor(ch.max), ch.max),
        fee_bp: ch.feeBp,
        fee_fixed: must(toMinor(ch.feeFixed), ch.feeFixed),
        presets: ch.presets.map((p) => must(toMinor(p), p)),
        bank_name: ch.bank?.bankName ?? null,
        account_name: ch.bank?.accountName ?? null,
        account_no: ch.bank?.accountNo ?? null,
        gateway: ch.gateway ?? null,
        sort: i,
      })),
    )
    .onConflict((oc) => oc.columns(['merchant_code', 'code']).doNothing())
    .execute();
  await db
    .insertInto('payout_bank')
    .values(
      c.payoutBanks.map((pb, i) => ({
        merchant_code: b.code,
        code: pb.code,
        kind: pb.kind,
        name: pb.name,
        sort: i,
      })),
    )
    .onConflict((oc) => oc.columns(['merchant_code', 'code']).doNothing())
    .execute();
}

async function seedAccounts(db: Kysely<Database>, b: DemoBrand, hashes: Map<string, string>): Promise<void> {
  for (const a of b.accounts) {
    const hash = hashes.get(`${b.code}/${a.username}`);
    if (!hash) continue;
    const upline = a.upline
      ? await db
          .selectFrom('member')
          .select('id')
          .where('merchant_code', '=', b.code)
          .where('username', '=', a.upline)
          .executeTakeFirstOrThrow()
      : null;
    await db
      .insertInto('member')
      .values({
        merchant_code: b.code,
        username: a.username,
        password_hash: hash,
        payment_password_hash: hashes.get(`${b.code}/${a.username}/pay`) ?? null,
        is_agent: a.isAgent,
        affiliate_code: a.affiliateCode ?? null,
        upline_id: upline?.id ?? null,
        referral_code: `${a.username.toUpperCase().replace(/[^A-Z0-9]/g, '')}${b.code.slice(0, 2)}`,
        payee_name: a.payeeName ?? null,
        email: a.email ?? null,
        country_dialing_code: a.mobile?.dialing ?? null,
        mobile_num: a.mobile?.number ?? null,
        register_method: 'SEED',
      })
      .onConflict((oc) => oc.columns(['merchant_code', 'username']).doNothing())
      .execute();
  }
}

/** A brand's banners and notices numbered as stored: `sort` counts from 1 within a group (type). */
function numbered<T, K extends string>(items: T[], keyOf: (item: T) => K): (T & { sort: number })[] {
  const seen = new Map<K, number>();
  return items.map((item) => {
    const sort = (seen.get(keyOf(item)) ?? 0) + 1;
    seen.set(keyOf(item), sort);
    return { ...item, sort };
  });
}

/** The texts of a brand the seed stores, keyed as their rows are. */
function seededTexts(b: DemoBrand): SeededTexts {
  return {
    merchant: b.code,
    licence: b.licence,
    banners: numbered(b.banners, (x) => x.group),
    notices: numbered(b.notices, (x) => x.type),
    help: b.helpTags.map((tag) => ({ tag, ...helpSection(tag, b) })),
    channels: b.cashier.channels,
  };
}

function helpSection(tag: string, b: DemoBrand): { title: LocalizedText; content: LocalizedText } {
  const section = HELP_SECTIONS[tag];
  if (!section) throw new Error(`no help content for tag ${tag}`);
  return { title: section.title, content: withBrand(section.content, b.name) };
}

async function seedBrand(db: Kysely<Database>, b: DemoBrand): Promise<void> {
  await db
    .insertInto('merchant')
    .values({
      code: b.code,
      name: b.name,
      default_language: b.defaultLanguage,
      languages: b.languages,
      currency: b.currency,
      currency_symbol: b.currencySymbol,
      timezone: b.timezone,
      logined_to_home_page: b.loginedToHomePage,
      blocked_countries: b.blockedCountries,
      maintenance_on: false,
      maintenance_end_time: null,
      gtag_id: b.gtagId,
      image_cdns: ['/media'],
      launch_game_cdns: ['/'],
      social: JSON.stringify(b.social),
      licence: JSON.stringify(b.licence),
      stats: JSON.stringify(b.stats),
      legacy_crypto: b.legacyCrypto ?? false,
      geetest_id: b.geetestId ?? null,
      lottery_rtp_bp: JSON.stringify(b.lotteryRtpBp ?? {}),
      theme: JSON.stringify(brandThemeSchema.parse(b.theme)),
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  // Brands seeded before themes existed get theirs; a theme an operator has set stays.
  await db
    .updateTable('merchant')
    .set({ theme: JSON.stringify(b.theme) })
    .where('code', '=', b.code)
    .where('theme', 'is', null)
    .execute();

  await db
    .insertInto('merchant_host')
    .values(b.hosts.map((host) => ({ host, merchant_code: b.code })))
    .onConflict((oc) => oc.column('host').doNothing())
    .execute();

  const nodes = [
    { merchant_code: b.code, mod_id: 'WHITELABEL', parent_mod_id: null, enabled: true, sort: 0 },
    { merchant_code: b.code, mod_id: 'MODULES', parent_mod_id: null, enabled: true, sort: 1 },
    ...WHITELABEL_FLAGS.map((f, i) => ({
      merchant_code: b.code,
      mod_id: f,
      parent_mod_id: 'WHITELABEL',
      enabled: b.flags[f],
      sort: i,
    })),
    ...MODULE_SWITCHES.map((s, i) => ({
      merchant_code: b.code,
      mod_id: s,
      parent_mod_id: 'MODULES',
      enabled: b.switches[s],
      sort: i,
    })),
  ];
  await db
    .insertInto('module_node')
    .values(nodes)
    .onConflict((oc) => oc.columns(['merchant_code', 'mod_id']).doNothing())
    .execute();

  await db
    .insertInto('register_rule')
    .values(
      b.rules.map((r, i) => ({
        merchant_code: b.code,
        field: r.field,
        enabled: r.enabled,
        required: r.required,
        accepted_pattern: patternOf(r.pattern),
        pattern_id: r.pattern,
        min_length: r.min,
        max_length: r.max,
        sort: i,
      })),
    )
    .onConflict((oc) => oc.columns(['merchant_code', 'field']).doNothing())
    .execute();

  const banners = numbered(b.banners, (x) => x.group);
  if (!BANNER_GROUPS.every((g) => banners.some((x) => x.group === g)))
    throw new Error(`${b.code}: a banner group has no banner`);
  // Site content is seeded once: after that it is staff's (back office), and a banner, notice or
  // help page they deleted must not come back at the next start.
  const seeded = async (table: 'banner' | 'announcement' | 'help_section') =>
    !!(await db
      .selectFrom(table)
      .select('merchant_code')
      .where('merchant_code', '=', b.code)
      .executeTakeFirst());
  if (!(await seeded('banner')))
    await db
      .insertInto('banner')
      .values(
        banners.map((banner) => ({
          merchant_code: b.code,
          group_name: banner.group,
          image_path: `banners/${b.code.toLowerCase()}/${banner.group}-${banner.sort}.svg`,
          title: JSON.stringify(banner.title),
          linkage_type: banner.linkageType ?? null,
          linkage: banner.linkage ?? null,
          sort: banner.sort,
          active: true,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_code', 'group_name', 'sort']).doNothing())
      .execute();

  if (!(await seeded('announcement')))
    await db
      .insertInto('announcement')
      .values(
        numbered(b.notices, (x) => x.type).map((n) => ({
          merchant_code: b.code,
          type: n.type,
          title: JSON.stringify(n.title),
          content: JSON.stringify(n.content),
          sort: n.sort,
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_code', 'type', 'sort']).doNothing())
      .execute();

  await db
    .insertInto('vendor')
    .values(
      b.vendors.map((v, i) => ({
        merchant_code: b.code,
        code: v.code,
        game_type: v.gameType,
        display_name: v.name,
        is_hot: v.hot ?? false,
        is_game: v.isGame ?? null,
        logo_path: `vendors/${v.code.toLowerCase()}.svg`,
        wallet_type: v.wallet,
        sort: i,
        enabled: true,
        // The house vendor is the platform's own; every other demo vendor is the simulated studio.
        adapter: v.code === 'HOUSE' ? 'HOUSE' : 'SIMULATED',
      })),
    )
    .onConflict((oc) => oc.columns(['merchant_code', 'code', 'game_type']).doNothing())
    .execute();
  await seedGames(db, b);

  if (!(await seeded('help_section')))
    await db
      .insertInto('help_section')
      .values(
        b.helpTags.map((tag, i) => {
          const section = helpSection(tag, b);
          return {
            merchant_code: b.code,
            tag,
            title: JSON.stringify(section.title),
            content: JSON.stringify(section.content),
            sort: i,
          };
        }),
      )
      .onConflict((oc) => oc.columns(['merchant_code', 'tag']).doNothing())
      .execute();

  await db
    .insertInto('customer_service')
    .values(
      b.customerService.map((cs) => ({
        merchant_code: b.code,
        cs_position: cs.position,
        cs_type: cs.type,
        path: scrambleCsPath(cs.url, cs.key),
      })),
    )
    .onConflict((oc) => oc.columns(['merchant_code', 'cs_position', 'cs_type']).doNothing())
    .execute();
  // Entries seeded while the service window opened the help page now open the built-in chat; an
  // entry an operator has changed is left as it is.
  for (const cs of b.customerService)
    await db
      .updateTable('customer_service')
      .set({ path: scrambleCsPath(cs.url, cs.key) })
      .where('merchant_code', '=', b.code)
      .where('cs_position', '=', cs.position)
      .where('cs_type', '=', cs.type)
      .where('path', '=', scrambleCsPath(SERVICE_PATH_BEFORE_CHAT, cs.key))
      .execute();

  await db
    .insertInto('app_resource')
    .values(
      b.resources.map((r, i) => ({
        merchant_code: b.code,
        resource_type: r.type,
        url: r.url,
        qr_path: `qr/${b.code.toLowerCase()}-${r.type.toLowerCase()}.svg`,
        sort: i,
      })),
    )
    .onConflict((oc) => oc.columns(['merchant_code', 'resource_type']).doNothing())
    .execute();

  await db
    .insertInto('domain_route')
    .values(b.domains.map((d) => ({ merchant_code: b.code, domain: d.domain, speed: d.speed })))
    .onConflict((oc) => oc.columns(['merchant_code', 'domain']).doNothing())
    .execute();
}

/** Rows per insert: far below PostgreSQL's 65535 bind parameters (16 a row) on either driver. */
const GAME_CHUNK = 200;

/** The brand's vendors' games (game-catalogue.ts), and which adapter serves each vendor. */
async function seedGames(db: Kysely<Database>, b: DemoBrand): Promise<void> {
  // Databases seeded while every vendor defaulted to the simulated studio get the house vendor's own
  // adapter here (new rows name theirs when inserted).
  await db
    .updateTable('vendor')
    .set({ adapter: 'HOUSE' })
    .where('merchant_code', '=', b.code)
    .where('code', '=', 'HOUSE')
    .where('adapter', '<>', 'HOUSE')
    .execute();

  const offered = new Set(b.vendors.map((v) => `${v.code}/${v.gameType}`));
  const perVendor = new Map<string, number>();
  const rows = DEMO_GAMES.filter((g) => offered.has(`${g.vendor}/${g.gameType}`)).map((g) => {
    const sort = perVendor.get(g.vendor) ?? 0;
    perVendor.set(g.vendor, sort + 1);
    return {
      merchant_code: b.code,
      vendor_code: g.vendor,
      game_type: g.gameType,
      game_id: g.gameId,
      game_code: g.gameCode,
      display_name: g.names.EN,
      names: JSON.stringify(g.names),
      classify: g.classify,
      min_bet: must(toMinor(g.minBet), g.minBet),
      line_num: g.lines,
      is_hot: g.hot,
      is_game: g.isGame,
      default_play_type: null,
      icon_path: gameIconPath(g.vendor, g.gameCode),
      engine: g.engine,
      sort,
    };
  });
  for (let i = 0; i < rows.length; i += GAME_CHUNK) {
    await db
      .insertInto('game')
      .values(rows.slice(i, i + GAME_CHUNK))
      .onConflict((oc) => oc.columns(['merchant_code', 'vendor_code', 'game_code']).doNothing())
      .execute();
  }
}
