/**
 * Screenshots of every back-office page, for looking at what we build (not a test). Starts the
 * real server on a fresh database (PostgreSQL when TEST_DATABASE_URL is set, else a temporary
 * PGlite) with the demo data, signs the demo owner in with the README's TOTP secret and
 * photographs each page: 1280 px light and dark, and a tablet (820 × 1180). Needs `npm run build`.
 *
 * Usage: node --openssl-legacy-provider --import tsx apps/web/e2e/backoffice-shots.ts [outDir] [page...]
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tools/chromium';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { type DbTarget, openDb } from '../../server/src/db/client';
import { migrate } from '../../server/src/db/migrate';
import { seedDemo } from '../../server/src/seed/seed';
import { createPostgresDatabase } from '../../server/test/helper';

const [out = '/tmp/bo-shots', ...only] = process.argv.slice(2);
const PORT = Number(process.env.SHOTS_PORT ?? 8384);
const BASE = `http://127.0.0.1:${PORT}`;
const OWNER = { username: 'owner', password: 'DemoOwner!2026', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };

/**
 * The pages photographed: a name for the file, the path under /backoffice, and optionally a
 * button clicked first (its first match: a dialog opened from the page).
 */
const PAGES: [string, string, string?][] = [
  ['dashboard', '/dashboard'],
  ['players', '/players'],
  ['player', '/players/:first'],
  ['deposits', '/cashier/deposits?status='],
  ['withdrawals', '/cashier/withdrawals?status='],
  ['approvals', '/cashier/approvals'],
  ['staff', '/staff'],
  ['api-keys', '/api-keys'],
  ['security', '/security'],
  ['integrations', '/integrations'],
  ['kyc', '/kyc?state=ALL'],
  ['aml', '/aml'],
  ['aml-rules', '/aml/rules'],
  ['aml-report', '/aml/report'],
  ['protection', '/protection'],
  ['protection-reality', '/protection?tab=reality'],
  ['protection-rules', '/protection?tab=settings'],
  ['promotions', '/promotions'],
  ['promotion-categories', '/promotions?tab=categories'],
  // GOLDEN's daily reload (the demo seed's second promotion).
  ['promotion-edit', '/promotions/2'],
  ['promotion-new', '/promotions/new'],
  ['rewards-missions', '/rewards?tab=missions'],
  ['rewards-vip', '/rewards?tab=vip'],
  ['rewards-rebates', '/rewards?tab=rebates'],
  ['rewards-referral', '/rewards?tab=referral'],
  ['rewards-points', '/rewards?tab=points'],
  ['rewards-mall', '/rewards?tab=mall'],
  ['rewards-pauses', '/rewards?tab=pauses'],
  ['games', '/games'],
  ['games-vendors', '/games?tab=vendors'],
  ['games-list', '/games?tab=games'],
  ['games-house', '/games?tab=house'],
  ['lottery', '/lottery'],
  ['lottery-draws', '/lottery?tab=draws'],
  ['lottery-returns', '/lottery?tab=returns'],
  ['content-banners', '/content'],
  ['content-notices', '/content?tab=notices'],
  ['content-help', '/content?tab=help'],
  ['content-footer', '/content?tab=footer'],
  ['content-preview', '/content?tab=preview'],
  ['content-broadcasts', '/content?tab=broadcasts'],
  ['games-icons', '/games?tab=games', 'Icons'],
  ['audit', '/audit'],
  ['reports-exports', '/reports?tab=exports'],
  ['account', '/account'],
  ['agents', '/agents'],
  ['agents-templates', '/agents?tab=templates'],
  ['agents-statements', '/agents?tab=statements'],
  ['agents-moves', '/agents?tab=moves'],
  ['payment-channels', '/payment-channels'],
  ['payout-banks', '/payment-channels?tab=payout'],
  ['brands', '/brands?tab=brands'],
  ['brand-settings', '/brands?tab=settings'],
  ['brand-maintenance', '/brands?tab=maintenance'],
  ['reports-agents', '/reports?tab=agents'],
  ['reports-compliance', '/reports?tab=compliance'],
  ['reports-players', '/reports?tab=players'],
  ['reports-rewards', '/reports?tab=rewards'],
  ['reports-cashier', '/reports?tab=cashier'],
  ['reports-business', '/reports?tab=business'],
  // The chat desk: the waiting list (VIP first), and the conversation the owner answers.
  ['chat', '/chat'],
  ['chat-open', '/chat?view=mine&c=:chat'],
  ['chat-search', '/chat/search?q=deposit'],
  ['chat-settings', '/chat/settings'],
];
const VIEWS = [
  { name: 'light', width: 1280, height: 800, theme: 'light' },
  { name: 'dark', width: 1280, height: 800, theme: 'dark' },
  { name: 'tablet', width: 820, height: 1180, theme: 'light' },
] as const;

let target: DbTarget;
let cleanup = async () => {};
if (process.env.TEST_DATABASE_URL) {
  const created = await createPostgresDatabase();
  target = { kind: 'postgres', url: created.url };
  cleanup = created.drop;
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-shots-'));
  target = { kind: 'pglite', dataDir: dir };
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}
const db = await openDb(target);
await migrate(db);
await seedDemo(db.db);
const app = await buildApp({
  config: loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' }),
  db,
});
await app.listen({ port: PORT, host: '127.0.0.1' });

/**
 * A few conversations on GOLDEN's chat desk (the demo seeds none): a VIP member and a visitor
 * waiting, and a member the owner answers, with an image. Returns the answered one's id.
 */
async function seedChatDesk(): Promise<string> {
  const k = db.db;
  const owner = await k
    .selectFrom('staff')
    .select(['id', 'display_name'])
    .where('username', '=', OWNER.username)
    .executeTakeFirstOrThrow();
  const members = await k
    .selectFrom('member')
    .select(['id', 'username'])
    .where('merchant_code', '=', 'GOLDEN')
    .where('username', 'in', ['demo01', 'demo02'])
    .orderBy('username')
    .execute();
  const [demo01, demo02] = members;
  if (!demo01 || !demo02) throw new Error('demo members missing');
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  const conversation = async (
    values: { member?: string; nickname: string; queue: 'GENERAL' | 'VIP'; lang: string; since: number },
    open: boolean,
    messages: { sender: 'PLAYER' | 'STAFF' | 'SYSTEM'; text?: string; image?: boolean; at: number }[],
  ) => {
    const c = await k
      .insertInto('chat_conversation')
      .values({
        merchant_code: 'GOLDEN',
        member_id: values.member ?? null,
        visitor_token_hash: values.member ? null : Buffer.alloc(32, Number(values.since)),
        nickname: values.nickname,
        queue: values.queue,
        status: open ? 'OPEN' : 'WAITING',
        staff_id: open ? `STAFF:${owner.id}` : null,
        staff_name: open ? owner.display_name : null,
        lang: values.lang,
        created_at: minutesAgo(values.since),
        asked_at: minutesAgo(values.since),
        taken_at: open ? minutesAgo(values.since - 1) : null,
        last_message_at: minutesAgo(messages.at(-1)?.at ?? values.since),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const m of messages) {
      let imageId: string | null = null;
      if (m.image) {
        imageId = randomUUID();
        const bytes = readFileSync(path.join(import.meta.dirname, '../public/icons/icon-192.png'));
        await k
          .insertInto('chat_image')
          .values({
            id: imageId,
            merchant_code: 'GOLDEN',
            conversation_id: c.id,
            uploader: 'PLAYER',
            uploaded_by: null,
            content_type: 'image/png',
            bytes,
            size: bytes.length,
          })
          .execute();
      }
      await k
        .insertInto('chat_message')
        .values({
          conversation_id: c.id,
          merchant_code: 'GOLDEN',
          sender: m.sender,
          staff_name: m.sender === 'STAFF' ? owner.display_name : null,
          text: m.text ?? null,
          image_id: imageId,
          created_at: minutesAgo(m.at),
        })
        .execute();
    }
    return c.id;
  };
  const welcome = 'Welcome to Golden Palm support! Tell us how we can help.';
  await conversation({ nickname: 'guest_mai', queue: 'GENERAL', lang: 'EN', since: 14 }, false, [
    { sender: 'SYSTEM', text: welcome, at: 14 },
    { sender: 'PLAYER', text: 'Hello, how do I sign up with my mobile number?', at: 13 },
  ]);
  await conversation(
    { member: demo02.id, nickname: demo02.username, queue: 'VIP', lang: 'EN', since: 4 },
    false,
    [
      { sender: 'SYSTEM', text: welcome, at: 4 },
      { sender: 'PLAYER', text: 'My withdrawal has been pending for two hours, can you check it?', at: 4 },
    ],
  );
  return conversation(
    { member: demo01.id, nickname: demo01.username, queue: 'GENERAL', lang: 'EN', since: 30 },
    true,
    [
      { sender: 'SYSTEM', text: welcome, at: 30 },
      {
        sender: 'PLAYER',
        text: 'Hi, I made a deposit 20 minutes ago and it is not in my wallet yet.',
        at: 30,
      },
      {
        sender: 'STAFF',
        text: 'Thank you. I am checking your deposit now; please allow me a few minutes.',
        at: 27,
      },
      { sender: 'PLAYER', text: 'Here is the transfer slip.', at: 25 },
      { sender: 'PLAYER', image: true, at: 25 },
    ],
  );
}
const chatId = only.length === 0 || only.some((n) => n.startsWith('chat')) ? await seedChatDesk() : '';

/**
 * Signs the owner in once (a TOTP code is accepted once: a second sign-in within its 30 s would be
 * refused as a replay) and returns the session's cookies for every view's context.
 */
async function signIn(browser: Browser): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${BASE}/backoffice/`);
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(OWNER.secret) }).generate();
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.locator('.bo-shell').waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

async function open(
  browser: Browser,
  state: Awaited<ReturnType<BrowserContext['storageState']>>,
  view: (typeof VIEWS)[number],
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: view.width, height: view.height },
    storageState: state,
  });
  await context.addInitScript((theme) => localStorage.setItem('bo.theme', theme), view.theme);
  const page = await context.newPage();
  await page.goto(`${BASE}/backoffice/`);
  await page.locator('.bo-shell').waitFor();
  await page.getByLabel('Brand').selectOption('GOLDEN');
  return page;
}

/** The first player of the search list, for the player page. */
async function firstPlayer(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const res = await fetch('/wps/admin/players?pageSize=1', { headers: { merchant: 'GOLDEN' } });
    const body = (await res.json()) as { value: { list: { memberId: string | number }[] } };
    return String(body.value.list[0]?.memberId ?? '');
  });
}

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const state = await signIn(browser);
  for (const view of VIEWS) {
    const page = await open(browser, state, view);
    const first = await firstPlayer(page);
    for (const [name, at, click] of PAGES) {
      if (only.length > 0 && !only.includes(name)) continue;
      await page.goto(`${BASE}/backoffice${at.replace(':first', first).replace(':chat', chatId)}`);
      await page.locator('.bo-shell').waitFor();
      // Lists and charts settle: no request in flight for half a second.
      await page.waitForLoadState('networkidle');
      if (click) {
        await page.getByRole('button', { name: click, exact: true }).first().click();
        await page.waitForLoadState('networkidle');
      }
      await page.waitForTimeout(300);
      const file = path.join(out, `${name}-${view.name}.png`);
      await page.screenshot({ path: file, fullPage: view.name === 'tablet' });
      console.log(file);
    }
    await page.context().close();
  }
} finally {
  await browser.close();
  await app.close();
  await db.close();
  await cleanup();
}
