/**
 * Screenshots of every member-centre page, for looking at what we build (not a test). Starts the
 * real server on a fresh database (PostgreSQL when TEST_DATABASE_URL is set, else a temporary
 * PGlite), gives demo01 some history (deposits, withdrawals, wallet transfers, an upline
 * transfer, settled bets), logs in through the login popup like a member and photographs each
 * page: desktop light, desktop dark and a 375 px phone. GOLDEN (multi-wallet) gets every page,
 * LOTUS (single wallet, Malay) the wallet pages. Each shot is the viewport; pages taller than the
 * member centre's scroll box get more shots, scrolled. Needs `npm run build` first.
 *
 * Usage: node --openssl-legacy-provider --import tsx apps/web/e2e/member-centre-shots.ts [outDir] [BRAND...] [key...]
 */
import { HEADERS } from '@app/contracts';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { constants, createCipheriv, publicEncrypt, randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tools/chromium';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { type DbTarget, openDb } from '../../server/src/db/client';
import { migrate } from '../../server/src/db/migrate';
import { seedDemo } from '../../server/src/seed/seed';
import { createPostgresDatabase } from '../../server/test/helper';
import { BetRepository } from '../../server/src/modules/wallet/bet.repository';
import { BetService } from '../../server/src/modules/wallet/bet.service';
import { LedgerService } from '../../server/src/modules/wallet/ledger.service';

const [out = '/tmp/shots', ...only] = process.argv.slice(2);
// A brand code among the arguments limits the run to that brand.
const onlyBrands = only.filter((a) => /^[A-Z]+$/.test(a));
const onlyKeys = only.filter((a) => !/^[A-Z]+$/.test(a));
const PORT = Number(process.env.SHOTS_PORT ?? 8383);
const ADMIN_KEY = 'shots-admin-key-0123456789';
const PAYMENT_PASSWORD = '123456';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const KEYS = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  'responsibleGaming',
];
const BRANDS = [
  { code: 'GOLDEN', host: 'localhost', keys: KEYS },
  {
    code: 'LOTUS',
    host: 'lotus.localhost',
    keys: ['transferFund', 'depositv2', 'withdraw', 'transferUpline'],
  },
];
const VARIANTS = [
  { name: 'light', theme: 'light', viewport: { width: 1366, height: 900 } },
  { name: 'dark', theme: 'dark', viewport: { width: 1366, height: 900 } },
  { name: 'mobile', theme: 'light', viewport: { width: 375, height: 812 } },
] as const;

// ---- the server ------------------------------------------------------------------------------------

let cleanup = async () => {};
let target: DbTarget;
if (process.env.TEST_DATABASE_URL) {
  const created = await createPostgresDatabase();
  target = { kind: 'postgres', url: created.url };
  cleanup = created.drop;
} else {
  const dir = mkdtempSync(path.join(tmpdir(), 'shots-pglite-'));
  target = { kind: 'pglite', dataDir: dir };
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}
const db = await openDb(target);
await migrate(db);
await seedDemo(db.db);
const app = await buildApp({
  config: loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ADMIN_API_KEY: ADMIN_KEY }),
  db,
});
await app.listen({ port: PORT, host: '127.0.0.1' });
const origin = (host: string) => `http://${host}:${PORT}`;

// ---- demo01's history, through the API as the site makes it -------------------------------------

type Json = { success: boolean; value: unknown; errorCode?: string; message?: string };

async function call<T>(
  merchant: string,
  method: string,
  route: string,
  opts: { token?: string; body?: unknown; raw?: Buffer; type?: string; admin?: boolean } = {},
): Promise<T> {
  // Node does not resolve *.localhost: the brand travels in the Merchant header instead.
  const headers: Record<string, string> = { [HEADERS.device]: 'WEB', [HEADERS.merchant]: merchant };
  if (opts.token) headers[HEADERS.authorization] = opts.token;
  if (opts.admin) headers['X-Api-Key'] = ADMIN_KEY;
  let body: BodyInit | undefined;
  if (opts.raw) {
    headers['content-type'] = opts.type ?? 'application/octet-stream';
    body = new Uint8Array(opts.raw);
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(origin('127.0.0.1') + route, { method, headers, body });
  const json = (await res.json()) as Json;
  if (!json.success) throw new Error(`${method} ${route}: ${json.errorCode} ${json.message}`);
  return json.value as T;
}

/** The modern payload scheme: RSA-OAEP-256 wraps a fresh AES-256-GCM key. */
async function encrypted<T>(merchant: string, route: string, body: unknown, token?: string): Promise<T> {
  const { keyId, publicKey } = await call<{ keyId: string; publicKey: string }>(
    merchant,
    'GET',
    '/wps/session/key',
  );
  const aesKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(body)), cipher.final(), cipher.getAuthTag()]);
  const key = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return call<T>(merchant, 'POST', route, {
    token,
    body: { keyId, key: key.toString('base64'), iv: iv.toString('base64'), data: data.toString('base64') },
  });
}

const rid = () => randomUUID().replace(/-/g, '');

async function history(brand: (typeof BRANDS)[number]) {
  const { code } = brand;
  const host = code;
  const login = await encrypted<{ token: string }>(host, '/wps/session/login', {
    username: 'demo01',
    password: 'demo1234',
    type: 'username',
  });
  const token = login.token;
  const admin = { admin: true };

  const { channels } = await call<{ channels: { id: string; kind: string }[] }>(
    host,
    'GET',
    '/wps/cashier/channels',
    { token },
  );
  const bank = channels.find((c) => c.kind === 'BANK')!;
  const online = channels.find((c) => c.kind === 'ONLINE')!;
  // A bank deposit with a receipt, approved; another rejected; an online one left open.
  for (const [amount, outcome] of [
    ['1000', 'approve'],
    ['300', 'reject'],
  ] as const) {
    const { imageId } = await call<{ imageId: string }>(host, 'POST', '/wps/cashier/images', {
      token,
      raw: PNG,
      type: 'image/png',
    });
    const d = await call<{ id: string }>(host, 'POST', '/wps/cashier/deposit', {
      token,
      body: { requestId: rid(), channelId: bank.id, amount, payerName: 'DEMO PLAYER', imageIds: [imageId] },
    });
    await call(host, 'POST', `/wps/admin/deposits/${d.id}/${outcome}`, {
      ...admin,
      body: outcome === 'reject' ? { reason: 'The receipt does not match a transfer' } : undefined,
    });
  }
  await call(host, 'POST', '/wps/cashier/deposit', {
    token,
    body: { requestId: rid(), channelId: online.id, amount: '200' },
  });

  // A payout account; one withdrawal partly paid, one waiting.
  const info = await call<{ banks: { code: string }[] }>(host, 'GET', '/wps/cashier/withdraw/info', {
    token,
  });
  const account = await encrypted<{ id: string }>(
    host,
    '/wps/cashier/payout-accounts',
    {
      bankCode: info.banks[0]!.code,
      accountNo: '001234567890',
      accountName: 'DEMO PLAYER',
      paymentPassword: PAYMENT_PASSWORD,
    },
    token,
  );
  const withdraw = (amount: string) =>
    encrypted<{ id: string }>(
      host,
      '/wps/cashier/withdraw',
      { requestId: rid(), payoutAccountId: account.id, amount, paymentPassword: PAYMENT_PASSWORD },
      token,
    );
  const partial = await withdraw('400');
  await call(host, 'POST', `/wps/admin/withdrawals/${partial.id}/approve`, {
    ...admin,
    body: { amount: '150', reason: 'Paid in part' },
  });
  await withdraw('250');

  // Wallet transfers (multi-wallet brands) and a payment to the upline (where allowed).
  if (code === 'GOLDEN') {
    await call(host, 'POST', '/wps/relay/GCS_walletTransfer', {
      token,
      body: { requestId: rid(), direction: 'IN', vendor: 'JILI', amount: '300' },
    });
    await call(host, 'POST', '/wps/relay/GCS_walletTransfer', {
      token,
      body: { requestId: rid(), direction: 'OUT', vendor: 'JILI', amount: '120.50' },
    });
    await encrypted(
      host,
      '/wps/member/transfer/upline',
      { requestId: rid(), amount: '50', paymentPassword: PAYMENT_PASSWORD },
      token,
    );

    // Bets straight on the ledger (vendor callbacks come with a later issue): 18 of them, so the
    // betting record has two pages.
    const member = await db.db
      .selectFrom('member')
      .select('id')
      .where('merchant_code', '=', code)
      .where('username', '=', 'demo01')
      .executeTakeFirstOrThrow();
    const bets = new BetService(new BetRepository(db.db), new LedgerService(db.db));
    const games = [
      { vendor: 'PP', gameType: 'RNG', gameCode: 'vs20olympgate', gameName: 'Gates of Olympus' },
      { vendor: 'EVO', gameType: 'LIVE', gameCode: 'baccarat', gameName: 'Speed Baccarat A' },
      { vendor: 'CQ9', gameType: 'FISH', gameCode: 'fish1', gameName: 'Paradise Fishing' },
      { vendor: 'SABA', gameType: 'SPORTS', gameCode: 'soccer', gameName: 'Soccer: Manila FC v Cebu United' },
    ];
    for (let i = 0; i < 18; i++) {
      const g = games[i % games.length]!;
      const roundId = `shot-${i}-${randomBytes(3).toString('hex')}`;
      const stake = BigInt(500 + i * 250);
      await bets.placeBet(code, member.id, { ...g, roundId, stake });
      if (i === 17) continue;
      if (i === 13) await bets.voidBet(code, g.vendor, roundId);
      else
        await bets.settleBet(code, g.vendor, roundId, {
          payout: i % 3 === 0 ? stake * 3n : i % 3 === 1 ? 0n : stake / 2n,
          validBet: stake,
        });
    }
  }
}

// ---- the pictures -------------------------------------------------------------------------------

async function logIn(page: Page, host: string) {
  await page.goto(origin(host) + '/');
  const modal = page.locator('#loginPopupModal');
  // Brands with loginedToHomePage send a visitor to /login, which opens the popup by itself.
  const opened = await modal
    .waitFor({ timeout: 4000 })
    .then(() => true)
    .catch(() => false);
  if (!opened) await page.getByTestId('login-button').click();
  await modal.locator('#login-username').fill('demo01');
  await modal.locator('#login-password').fill('demo1234');
  await modal.locator('button[type="submit"]').first().click();
  await page.getByTestId('account-name').waitFor();
  await modal.waitFor({ state: 'hidden' });
}

/** A second look at some pages: the step before money moves (GOLDEN). */
const STEPS: Record<string, (page: Page) => Promise<void>> = {
  transferFund: async (page) => {
    await page.getByTestId('wallet-JILI-in').click();
    await page.locator('#walletTransferModal').getByRole('textbox').fill('25');
  },
  depositv2: async (page) => {
    await page.getByTestId('channel-EWALLET_DEMO').click();
    await page.getByTestId('deposit-preset-200').click();
    await page.getByTestId('deposit-submit').click();
  },
  withdraw: async (page) => {
    const form = page.getByTestId('withdraw-form');
    await form.locator('#withdraw-amount').fill('120');
    await form.locator('#withdraw-password').fill(PAYMENT_PASSWORD);
    await form.getByTestId('withdraw-submit').click();
  },
  personalHistoryCopy: async (page) => {
    await page.getByTestId('bets-range-custom').click();
  },
};

/** The innermost elements that stick out of the member centre's page box, to say what to fix. */
function widest(page: Page): Promise<string[]> {
  return page.locator('#memberCentre .mc-page').evaluate((box) => {
    const right = box.getBoundingClientRect().right;
    const out = [...box.querySelectorAll<HTMLElement>('*')].filter(
      (el) => el.getBoundingClientRect().right > right + 1,
    );
    return out
      .filter((el) => !out.some((o) => o !== el && el.contains(o)))
      .slice(0, 6)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent?.slice(0, 40)}"`,
      );
  });
}

/** Waits until nothing on the page is loading (skeletons, busy regions) and images are in. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('.skeleton-block, .skeleton, [aria-busy="true"]'), null, {
      timeout: 10_000,
    })
    .catch(() => console.warn('  still loading after 10 s'));
  await page.waitForTimeout(250);
}

async function shoot() {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const brand of BRANDS.filter((b) => onlyBrands.length === 0 || onlyBrands.includes(b.code)))
      for (const v of VARIANTS) await shootVariant(browser, brand, v);
  } finally {
    await browser.close();
  }
}

async function shootVariant(browser: Browser, brand: (typeof BRANDS)[number], v: (typeof VARIANTS)[number]) {
  const context = await browser.newContext({ viewport: v.viewport, deviceScaleFactor: 1 });
  await context.addInitScript((theme) => {
    localStorage.setItem('theme', theme);
    sessionStorage.setItem('popupNoticesSeen', '1');
  }, v.theme);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.warn(`  page error: ${err.message}`));
  await logIn(page, brand.host);
  await settle(page);
  await page.screenshot({ path: path.join(out, `${brand.code}-${v.name}-header.png`) });
  for (const key of brand.keys.filter((k) => onlyKeys.length === 0 || onlyKeys.includes(k))) {
    await page.goto(`${origin(brand.host)}/?member=${key}`);
    const dialog = page.locator('#memberCentre');
    await dialog.locator(`[data-testid="${key}"][aria-current="page"]`).waitFor();
    await settle(page);
    const file = path.join(out, `${brand.code}-${v.name}-${key}.png`);
    await page.screenshot({ path: file });
    // The rest of a tall page: its box scrolls (below the menu strip on a phone).
    const scroller = dialog.locator('.mc-page');
    const { scrollHeight, clientHeight } = await scroller.evaluate((el) => ({
      scrollHeight: el.scrollHeight - 20,
      clientHeight: el.clientHeight,
    }));
    for (let top = 0, n = 1; top + clientHeight < scrollHeight && n < 6; n++) {
      top += Math.round(clientHeight * 0.85);
      await scroller.evaluate((el, y) => el.scrollTo(0, y), top);
      await page.waitForTimeout(150);
      await page.screenshot({ path: file.replace(/\.png$/, `.part${n}.png`) });
    }
    const step = STEPS[key];
    if (step && brand.code === 'GOLDEN') {
      await scroller.evaluate((el) => el.scrollTo(0, 0));
      await step(page);
      await page.waitForTimeout(300);
      await page.screenshot({ path: file.replace(/\.png$/, '.step.png') });
    }
    const overflow = await dialog.locator('.mc-page').evaluate((el) => el.scrollWidth - el.clientWidth);
    if (overflow > 0) console.log(`  too wide: ${(await widest(page)).join('\n  too wide: ')}`);
    const docOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(
      `${file}${overflow > 0 ? `  page overflows by ${overflow}px` : ''}${
        docOverflow > 0 ? `  document overflows by ${docOverflow}px` : ''
      }`,
    );
  }
  await context.close();
}

try {
  for (const brand of BRANDS) await history(brand);
  await shoot();
} finally {
  await app.close();
  await db.close();
  await cleanup();
}
