/**
 * The game list screen (/rng, /fish, /pvp; issue 5) against the real server: vendor tabs, the
 * hot, favourite, recent and paged lists, search and filters, the jackpot, favourites for
 * visitors, trial accounts and members, and launching the house slot. Expected counts are asked
 * of the API the screen uses, so the specs follow the seeded catalogue rather than copy it.
 */
import { HEADERS, type GameList, type Jackpot, type LaunchGame } from '@app/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import en from '../src/locales/en.json' with { type: 'json' };
import { gameTicket, registerMember, signIn, value, type Member } from './api';
import { fund } from './operator';
import { expect, test } from './fixtures';

const MERCHANT = 'GOLDEN';

const card = (page: Page) => page.getByTestId('game-card');
const grid = (page: Page) => page.getByTestId('game-grid');
const loginModal = (page: Page) => page.locator('#loginPopupModal');
const realAccountModal = (page: Page) => page.locator('#realAccountModal');

/** The default list as the screen asks for it (page 1 unless given). */
async function gameList(request: APIRequestContext, params: Record<string, string | number>) {
  return value<GameList>(
    await request.get('/wps/relay/GCSGAME_gameList', {
      headers: { [HEADERS.merchant]: MERCHANT },
      params: { gameType: 'RNG', language: 'EN', pageNo: 1, pageSize: 15, ...params },
    }),
  );
}

const jackpotMinor = async (page: Page) =>
  Number((await page.getByTestId('jackpot-amount').innerText()).replace(/[^\d]/g, ''));

/** The brand's jackpot pool as the API answers it: its amount and how far the counter may run ahead, minor units. */
async function pool(request: APIRequestContext): Promise<{ amount: number; lead: number }> {
  const j = await value<Jackpot>(
    await request.get('/wps/game/jackpot', { headers: { [HEADERS.merchant]: MERCHANT } }),
  );
  return { amount: Math.round(j.amount * 100), lead: Math.round(j.lead * 100) };
}

/** One paid spin of the house slot by the API (1 % of the bet goes into the jackpot). */
async function spinHouseSlot(request: APIRequestContext, m: Member, bet: number): Promise<void> {
  const headers = { 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token, [HEADERS.merchant]: MERCHANT };
  const launch = await value<LaunchGame>(
    await request.get('/wps/game/launchGame', {
      headers,
      params: { vendor: 'HOUSE', gameCode: 'house-dragon-fortune', language: 'EN', backUrl: '/rng' },
    }),
  );
  const ticket = await gameTicket(request, launch.url, { [HEADERS.merchant]: MERCHANT });
  await value(
    await request.post('/wps/house/slot/spin', {
      headers: { 'x-game-token': ticket, [HEADERS.merchant]: MERCHANT },
      data: { bet, requestId: `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}` },
    }),
  );
}

test.describe('game list', () => {
  test.describe.configure({ timeout: 60_000 });

  test('browse /rng: jackpot, vendor tabs, search, filters and pages', async ({ page, request }) => {
    await page.goto('/rng');
    // The jackpot is the brand's real pool, in pesos: at most its lead ahead of the server's figure.
    await expect(page.getByTestId('jackpot-amount')).toHaveText(/^P [\d,]+\.\d\d$/);
    const before = await pool(request);
    expect(await jackpotMinor(page)).toBeGreaterThanOrEqual(before.amount);
    expect(await jackpotMinor(page)).toBeLessThanOrEqual(before.amount + before.lead);
    // A member's 40.00 spin puts 0.40 into the pool; the counter follows within a refresh or two.
    const m = await registerMember(request);
    await fund(request, m.username, '40');
    await spinHouseSlot(request, m, 40);
    // The server holds its figure for 2 s.
    await expect
      .poll(async () => (await pool(request)).amount, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(before.amount + 40);
    await expect
      .poll(() => jackpotMinor(page), { timeout: 25_000 })
      .toBeGreaterThanOrEqual(before.amount + 40);

    // The first vendor is chosen, with the hot list; more than 7 vendors bring the menu arrows.
    const tabs = page.getByRole('tablist', { name: en.games.list.vendors }).getByRole('tab');
    expect(await tabs.count()).toBeGreaterThan(7);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('vendor-arrow-next')).toBeVisible();
    await expect(page.getByTestId('list-type-hot')).toHaveAttribute('aria-selected', 'true');
    await expect(card(page).first()).toBeVisible();

    // Another vendor: named in ?page=, remembered for the session, hot list again.
    await page.getByTestId('list-type-default').click();
    await page.getByTestId('vendor-tab-JILI').click();
    await expect(page).toHaveURL(/\/rng\?page=JILI$/);
    await expect(page.getByTestId('vendor-tab-JILI')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('list-type-hot')).toHaveAttribute('aria-selected', 'true');
    for (const c of await card(page).all()) await expect(c).toHaveAttribute('data-vendor', 'JILI');
    await page.goto('/rng');
    await expect(page.getByTestId('vendor-tab-JILI')).toHaveAttribute('aria-selected', 'true');

    // All games of PG, 15 a page, numbered pages bounded by first and last.
    await page.goto('/rng?page=PG');
    await page.getByTestId('list-type-default').click();
    const all = await gameList(request, { vassalage: 'PG' });
    await expect(page.getByTestId('game-count')).toHaveText(`${all.totalCount} games`);
    await expect(card(page)).toHaveCount(15);
    const pager = page.getByTestId('pager');
    await expect(pager.getByTestId('pager-page-1')).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByTestId('pager-prev')).toBeDisabled();
    await pager.getByTestId('pager-next').click();
    await expect(pager.getByTestId('pager-page-2')).toHaveAttribute('aria-current', 'page');
    const second = await gameList(request, { vassalage: 'PG', pageNo: 2 });
    await expect(card(page).first()).toHaveAttribute('data-node-id', String(second.games[0]!.nodeId));
    await pager.getByTestId('pager-last').click();
    await expect(pager.getByTestId(`pager-page-${all.totalPages}`)).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByTestId('pager-next')).toBeDisabled();
    await expect(pager.getByTestId('pager-last')).toBeDisabled();
    await pager.getByTestId('pager-first').click();
    await expect(pager.getByTestId('pager-page-1')).toHaveAttribute('aria-current', 'page');

    // Search by name (from the hot list: searching shows the default list).
    await page.getByTestId('list-type-hot').click();
    const word = all.games[0]!.displayName.split(' ')[0]!;
    const found = await gameList(request, { vassalage: 'PG', gameName: word, pageSize: 100 });
    await page.getByTestId('game-search').fill(word.toLowerCase());
    await expect(page.getByTestId('list-type-default')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('game-count')).toHaveText(`${found.totalCount} games`);
    await expect(card(page)).toHaveCount(Math.min(found.totalCount, 15));
    for (const name of await card(page).locator('.game-card-name').allInnerTexts()) {
      expect(name.toLowerCase()).toContain(word.toLowerCase());
    }
    await page.getByTestId('filter-reset').click();
    await expect(page.getByTestId('game-search')).toHaveValue('');
    await expect(page.getByTestId('game-count')).toHaveText(`${all.totalCount} games`);

    // Classification: the options are the list's own, plus All.
    const classify = page.getByTestId('filter-classify');
    await expect(classify.locator('option')).toHaveCount(all.classifies.length + 1);
    const kind = all.classifies[1] ?? all.classifies[0]!;
    await classify.selectOption(kind);
    const ofKind = await gameList(request, { vassalage: 'PG', gameClassify: kind });
    await expect(page.getByTestId('game-count')).toHaveText(`${ofKind.totalCount} games`);
    for (const c of await card(page).all()) await expect(c).toHaveAttribute('data-classify', kind);

    // Minimum bet, on top: games a 0.05 stake can start.
    await page.getByTestId('filter-min-bet').selectOption('0.05');
    const cheap = await gameList(request, { vassalage: 'PG', gameClassify: kind, minBet: '0.05' });
    await expect(page.getByTestId('game-count')).toHaveText(`${cheap.totalCount} games`);
    for (const bet of await card(page).evaluateAll((els) => els.map((e) => Number(e.dataset.minBet)))) {
      expect(bet).toBeLessThanOrEqual(0.05);
    }
    if (cheap.totalCount === 0) {
      await expect(page.getByTestId('game-list-empty')).toHaveText(en.games.empty.default);
    }

    // Another vendor resets the filters and shows its hot list.
    await page.getByTestId('vendor-tab-JILI').click();
    await expect(page.getByTestId('list-type-hot')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('filter-classify')).toHaveValue('');
    await expect(page.getByTestId('filter-min-bet')).toHaveValue('');
  });

  test('visitors and trial accounts: favourites and members-only lists are guarded', async ({ page }) => {
    await page.goto('/rng?page=PG');
    await expect(card(page).first()).toBeVisible();

    // Logged out: the heart, favourites and recent open the login popup and the list stays.
    await card(page).first().getByTestId('game-fav').click();
    await expect(loginModal(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(loginModal(page)).toBeHidden();
    await page.getByTestId('list-type-fav').click();
    await expect(loginModal(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByTestId('list-type-recent').click();
    await expect(loginModal(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('list-type-hot')).toHaveAttribute('aria-selected', 'true');
    // Starting a game needs a login too.
    await card(page).first().locator('.game-card-play').click();
    await expect(loginModal(page)).toBeVisible();

    // A free-play (trial) account gets the real-account warning for favourites.
    await loginModal(page).getByTestId('free-play').click();
    await expect(loginModal(page)).toBeHidden();
    await expect(page.getByTestId('account-name')).toContainText(/guest/);
    await card(page).first().getByTestId('game-fav').click();
    await expect(realAccountModal(page)).toBeVisible();
    await realAccountModal(page).getByTestId('real-account-confirm').click();
    await expect(realAccountModal(page)).toBeHidden();
    await expect(card(page).first().getByTestId('game-fav')).toHaveAttribute('aria-pressed', 'false');
    await page.getByTestId('list-type-fav').click();
    await expect(realAccountModal(page)).toBeVisible();
    await realAccountModal(page).getByTestId('real-account-confirm').click();
    await expect(page.getByTestId('list-type-hot')).toHaveAttribute('aria-selected', 'true');
    // Recent needs only a session.
    await page.getByTestId('list-type-recent').click();
    await expect(page.getByTestId('list-type-recent')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('game-list-empty')).toHaveText(en.games.empty.recent);
  });

  test('a member adds a favourite, finds it in favourites and removes it', async ({ page, request }) => {
    const m = await registerMember(request);
    await signIn(page, m);
    await page.goto('/rng?page=PG');
    const first = card(page).first();
    await expect(first).toBeVisible();
    const nodeId = await first.getAttribute('data-node-id');
    const heart = first.getByTestId('game-fav');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('list-type-fav').click();
    const fav = page.locator(`[data-testid="game-card"][data-node-id="${nodeId}"]`);
    await expect(fav).toBeVisible();
    await expect(card(page)).toHaveCount(1);
    await fav.getByTestId('game-fav').click();
    await expect(page.getByTestId('game-list-empty')).toHaveText(en.games.empty.fav);

    await page.getByTestId('list-type-hot').click();
    await expect(
      page.locator(`[data-testid="game-card"][data-node-id="${nodeId}"]`).getByTestId('game-fav'),
    ).toHaveAttribute('aria-pressed', 'false');
  });

  test('a member starts the house slot from /rng?page=HOUSE, spins, and sees the round in the betting record; recent lists it', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await fund(request, m.username, '50');
    await signIn(page, m);
    const house = await gameList(request, { vassalage: 'HOUSE' });
    const slot = house.games.find((g) => g.gameCode === 'house-dragon-fortune')!;
    await page.goto('/rng?page=HOUSE');
    await expect(page.getByTestId('vendor-tab-HOUSE')).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('list-type-default').click();
    await page.locator(`[data-testid="game-card"][data-node-id="${slot.nodeId}"] .game-card-play`).click();

    // The game opens inside the site (the frame page, or the header-only seamless page).
    await expect(page).toHaveURL(/\/(game|seamless)\?url=/);
    const frame = page.getByTestId('game-frame');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('src', /\/play\/slot\?code=[A-Za-z0-9_-]{43}/);
    // The game's exit goes back to the list it was started from.
    const launchUrl = new URL(new URL(page.url()).searchParams.get('url')!, page.url());
    expect(launchUrl.searchParams.get('backUrl')).toBe('/rng?page=HOUSE');

    // One spin inside the frame: the round is settled on the server and lands in the betting record.
    const game = page.frameLocator('[data-testid="game-frame"]');
    await expect(game.getByTestId('slot-balance')).toHaveText('P 50.00');
    const spun = page.waitForResponse((r) => r.url().includes('/wps/house/slot/spin'));
    await game.getByTestId('slot-spin').click();
    expect((await spun).status()).toBe(200);
    await page.goto('/?member=personalHistoryCopy');
    await expect(page.getByTestId('bet-row').first()).toContainText('Dragon Fortune');

    await page.goto('/rng?page=HOUSE');
    await page.getByTestId('list-type-recent').click();
    await expect(page.locator(`[data-testid="game-card"][data-node-id="${slot.nodeId}"]`)).toBeVisible();
  });

  test('/pvp: a popup-list vendor opens its games in a popup; /fish names its tab in ?page=', async ({
    page,
  }) => {
    await page.goto('/pvp');
    await page.getByTestId('vendor-tab-KM').click();
    const popup = page.getByTestId('vendor-popup');
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('game-card').first()).toBeVisible();
    for (const c of await popup.getByTestId('game-card').all())
      await expect(c).toHaveAttribute('data-vendor', 'KM');
    // A game in it needs a login like any other.
    await popup.locator('.game-card-play').first().click();
    await expect(loginModal(page)).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/fish');
    const tabs = page.getByRole('tablist', { name: en.games.list.vendors }).getByRole('tab');
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await tabs.nth(1).click();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    const second = await tabs.nth(1).getAttribute('data-testid');
    await expect(page).toHaveURL(new RegExp(`/fish\\?page=${second!.replace('vendor-tab-', '')}$`));
    await expect(page.getByTestId('jackpot')).toHaveCount(0);
  });

  test('the house fishing and card vendors open on a list of their games, named by ?page=', async ({
    page,
  }) => {
    for (const path of ['/fish?page=HOUSE', '/pvp?page=HOUSE']) {
      await page.goto(path);
      await expect(page.getByTestId('vendor-tab-HOUSE')).toHaveAttribute('aria-selected', 'true');
      await expect(card(page).first()).toBeVisible();
      await expect(card(page).first()).toHaveAttribute('data-vendor', 'HOUSE');
      await expect(page.getByTestId('game-list-empty')).toHaveCount(0);
    }
  });

  test('5 columns on a desktop, 3 at 375 px with the tabs scrolling sideways', async ({ page }) => {
    const columns = () =>
      grid(page).evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    await page.goto('/rng');
    await expect(card(page).first()).toBeVisible();
    expect(await columns()).toBe(5);

    await page.setViewportSize({ width: 375, height: 812 });
    // What measures itself on a resize (the carousel, the notice line) settles after it.
    await expect.poll(columns).toBe(3);
    const track = page.getByRole('tablist', { name: en.games.list.vendors });
    const { scrollWidth, clientWidth } = await track.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
  });
});
