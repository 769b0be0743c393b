/**
 * The game catalogue end to end: the brand owner signs into the back office, switches a game
 * category off for one brand, and that brand's site drops it from the navigation within seconds
 * (a fresh page load, no restart); switched back on, it returns. The audit log keeps both.
 * CATALOG (a fixture copy of Royal Lotus that only this spec uses) and its fishing category.
 */
import { type Browser, type Page } from '@playwright/test';
import { expect, hostUrl, test } from './fixtures';
import { signInStaff, specOwner } from './staff';

const BRAND = 'CATALOG';
const HOST = 'catalog.localhost';

/** The spec's own platform owner, signed in (staff.ts). */
const ownerSignIn = (browser: Browser) => signInStaff(browser, specOwner('games'), { brand: BRAND });

/** Whether the brand's site, freshly loaded, lists the fishing category in its navigation. */
async function siteListsFishing(site: Page): Promise<boolean> {
  await site.goto(hostUrl(HOST, '/'));
  await expect(site.getByTestId('nav-RNG')).toBeVisible();
  return (await site.getByTestId('nav-FISH').count()) > 0;
}

test.describe.configure({ timeout: 120_000 });

test('an owner switches a game category off in the back office and the site hides it within seconds, then back on', async ({
  browser,
  page: site,
}) => {
  expect(await siteListsFishing(site)).toBe(true);

  const bo = await ownerSignIn(browser);
  await bo.getByRole('link', { name: 'Game catalogue', exact: true }).click();
  await expect(bo.getByRole('heading', { name: 'Game catalogue' })).toBeVisible();
  const row = bo.getByRole('row').filter({ hasText: 'Fishing' });
  await expect(row.getByText('On', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Switch off' }).click();
  const dialog = bo.getByRole('dialog');
  await expect(dialog.getByText('Switch Fishing off?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Switch off' }).click();
  await expect(bo.getByText('Fishing is off for players.')).toBeVisible();
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  const switchedAt = Date.now();

  // The site drops it: polled with fresh page loads, it must be gone within 10 seconds.
  await expect.poll(() => siteListsFishing(site), { timeout: 10_000, intervals: [500] }).toBe(false);
  expect(Date.now() - switchedAt).toBeLessThan(10_000);
  // A player going straight to the category finds no vendor of it.
  const vendors = await site.request.get('/wps/relay/GCSGAME_newGameVendor', { headers: { host: HOST } });
  const titles = ((await vendors.json()) as { value: { title: string }[] }).value.map((c) => c.title);
  expect(titles).not.toContain('FISH');
  expect(titles).toContain('RNG');

  await row.getByRole('button', { name: 'Switch on' }).click();
  await bo.getByRole('dialog').getByRole('button', { name: 'Switch on' }).click();
  await expect(bo.getByText('Fishing is on for players.')).toBeVisible();
  await expect.poll(() => siteListsFishing(site), { timeout: 10_000, intervals: [500] }).toBe(true);

  // The audit log keeps both switches with the vendors before and after.
  await bo.getByRole('link', { name: 'Audit log', exact: true }).click();
  await bo.getByLabel('Action').fill('game-type.switch');
  await bo.getByRole('button', { name: 'Search' }).click();
  const rows = bo.getByRole('row').filter({ hasText: 'game-type:FISH' });
  await expect(rows.nth(1)).toBeVisible();
  await bo.context().close();
});

test('the owner renames a game for one language and cancels a lottery draw with a reason; both show at once', async ({
  browser,
  request,
}) => {
  const bo = await ownerSignIn(browser);
  await bo.goto('/backoffice/games?tab=games');
  await bo.getByLabel('Search').fill('magic-gems');
  await bo.getByRole('button', { name: 'Search' }).click();
  const row = bo.getByRole('row').filter({ hasText: 'magic-gems' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = bo.getByRole('dialog');
  const malay = dialog.getByLabel('Malay');
  const before = await malay.inputValue();
  // A minimum bet of 0 is refused before anything is sent.
  await dialog.getByLabel('Minimum bet').fill('0');
  await expect(dialog.getByText('An amount above 0 with at most 2 decimals.')).toBeVisible();
  await dialog.getByLabel('Minimum bet').fill('0.5');
  await malay.fill('Permata Ujian');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(bo.getByText('Saved. Players see it within seconds.')).toBeVisible();

  const malayName = async () => {
    const res = await request.get('/wps/relay/GCSGAME_gameList?gameName=magic&pageSize=50', {
      headers: { host: HOST, language: 'MY' },
    });
    const games = ((await res.json()) as { value: { games: { gameCode: string; gameName: string }[] } }).value
      .games;
    return games.find((g) => g.gameCode === 'magic-gems')?.gameName;
  };
  await expect.poll(malayName, { timeout: 10_000 }).toBe('Permata Ujian');

  // Put the name back as it was.
  await row.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Malay').fill(before);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(bo.getByText('Saved. Players see it within seconds.').first()).toBeVisible();

  // Lottery: a daily game's coming draw (open or closed to bets), cancelled with a reason. The
  // player's game page stores its current draw; a game whose draw is already cancelled (a retry)
  // is passed over for the next one.
  const daily = [
    ['lao-lottery', 'Lao Lottery'],
    ['malaysia-4d', 'Malaysia 4D'],
    ['singapore-4d', 'Singapore 4D'],
    ['thai-lottery', 'Thai Lottery'],
  ] as const;
  let target: { name: string; numero: string } | undefined;
  for (const [gameCode, name] of daily) {
    const res = await request.get('/lgw/lottery/game', {
      params: { gameCode, vendor: 'TCG_SEA' },
      headers: { host: HOST },
    });
    const info = ((await res.json()) as { value: { currentDraw: { numero: string } | null } }).value;
    if (!info.currentDraw) continue;
    await bo.goto('/backoffice/lottery?tab=draws');
    await bo.getByLabel('Game').selectOption({ label: name });
    const row = bo.getByRole('row').filter({ hasText: info.currentDraw.numero });
    await expect(row).toHaveCount(1);
    if ((await row.getByRole('button', { name: 'Cancel draw' }).count()) === 0) continue;
    target = { name, numero: info.currentDraw.numero };
    await row.getByRole('button', { name: 'Cancel draw' }).click();
    break;
  }
  expect(target, 'a daily lottery game with a draw to cancel').toBeDefined();
  const confirm = bo.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Cancel and refund' }).click();
  // No reason yet: nothing is sent.
  await expect(confirm).toBeVisible();
  await confirm.getByRole('textbox').fill('Official result source unavailable');
  await confirm.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(bo.getByText(/Draw cancelled: 0 lines refunded/)).toBeVisible();
  await expect(confirm).toBeHidden();
  await bo.getByLabel('Status').selectOption({ label: 'Cancelled' });
  await expect(
    bo.getByRole('row').filter({ hasText: target!.numero }).filter({ hasText: 'Cancelled' }),
  ).toHaveCount(1);
  await bo.context().close();
});
