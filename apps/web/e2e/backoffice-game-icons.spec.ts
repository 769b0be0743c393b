/**
 * Game icons and the "new" flag end to end: the brand owner uploads an English icon for a game
 * and marks it new in the back office; the brand's lobby (a fresh load, no restart) shows the
 * uploaded icon and a "new" badge on that game's tile within seconds. Both are put back after.
 * GOLDEN (LOTUS shows its lobbies to members only), the first game of its last slot vendor's full
 * list: no other spec looks at that one.
 */
import { HEADERS, type GameList } from '@app/contracts';
import type { Browser, Page } from '@playwright/test';
import { solidPng } from '../../server/test/image-bytes';
import { value } from './api';
import { expect, test } from './fixtures';
import { signInStaff, specOwner } from './staff';

const BRAND = 'GOLDEN';

/** The spec's own platform owner, signed in (staff.ts). */
const ownerSignIn = (browser: Browser) => signInStaff(browser, specOwner('game-icons'), { brand: BRAND });

/** The vendor's full slot list in the lobby, freshly loaded: the tile of the game with this node id. */
async function lobbyTile(site: Page, vendor: string, nodeId: string) {
  await site.goto(`/rng?page=${vendor}`);
  await site.getByTestId('list-type-default').click();
  await expect(site.getByTestId('game-card').first()).toBeVisible();
  return site.locator(`[data-testid="game-card"][data-node-id="${nodeId}"]`);
}

test.describe.configure({ timeout: 120_000 });

test('the owner uploads a game icon and marks the game new; the lobby shows both, then they are put back', async ({
  browser,
  page: site,
  request,
}) => {
  const headers = { [HEADERS.merchant]: BRAND, language: 'EN' };
  const categories = await value<{ title: string; cards: { vassalage: string }[] }[]>(
    await request.get('/wps/relay/GCSGAME_newGameVendor', { headers }),
  );
  const vendor = categories.find((c) => c.title === 'RNG')!.cards.at(-1)!.vassalage;
  const firstOf = await value<GameList>(
    await request.get(`/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=${vendor}&pageNo=1&pageSize=15`, {
      headers,
    }),
  );
  const nodeId = String(firstOf.games[0]!.nodeId);
  const listed = async () => {
    const list = await value<GameList>(
      await request.get(`/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=${vendor}&pageNo=1&pageSize=15`, {
        headers,
      }),
    );
    return list.games.find((g) => String(g.nodeId) === nodeId)!;
  };
  const game = await listed();
  expect(game.isNew).toBe(0);
  const vendorIcon = game.showIcon;
  const before = await lobbyTile(site, vendor, nodeId);
  await expect(before).toBeVisible();
  await expect(before.getByTestId('game-new')).toHaveCount(0);

  const bo = await ownerSignIn(browser);
  await bo.goto('/backoffice/games?tab=games');
  await bo.getByLabel('Search').fill(game.gameCode);
  await bo.getByRole('button', { name: 'Search' }).click();
  const row = bo.getByRole('row').filter({ hasText: game.gameCode });
  await expect(row).toHaveCount(1);

  // An icon that is not square is refused before anything is sent.
  await row.getByRole('button', { name: 'Icons' }).click();
  const icons = bo.getByRole('dialog');
  await icons.getByLabel('Upload an icon for English').setInputFiles({
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: solidPng(200, 100),
  });
  await expect(
    icons.getByText('The icon must be square, from 64 to 1024 pixels on each side.'),
  ).toBeVisible();
  await icons.getByLabel('Upload an icon for English').setInputFiles({
    name: 'icon.png',
    mimeType: 'image/png',
    buffer: solidPng(128, 128, [230, 160, 20]),
  });
  const confirm = bo.getByRole('dialog').last();
  // Exact: the icon dialog's file inputs are named "Upload an icon for …"; the confirmation's button is "Upload".
  await confirm.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(bo.getByText('Saved. Players see it within seconds.').first()).toBeVisible();
  const english = icons.locator('[data-slot="EN"]');
  await expect(english.getByText('Uploaded')).toBeVisible();
  await icons.getByRole('button', { name: 'Close' }).first().click();

  // Marked new from the games table's editor.
  await row.getByRole('button', { name: 'Edit' }).click();
  const editor = bo.getByRole('dialog');
  await editor.getByLabel('Show as new').check();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('New', { exact: true })).toBeVisible();

  // The lobby, freshly loaded, shows both within seconds.
  await expect.poll(async () => (await listed()).isNew, { timeout: 10_000 }).toBe(1);
  const tile = await lobbyTile(site, vendor, nodeId);
  await expect(tile.getByTestId('game-new')).toHaveText('New');
  await expect(tile.locator('img').first()).toHaveAttribute(
    'src',
    /\/media\/game-icons\/[0-9a-f-]{36}\.png$/,
  );
  const iconUrl = (await listed()).showIcon;
  const served = await request.get(iconUrl);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.compare(await served.body(), solidPng(128, 128, [230, 160, 20]))).toBe(0);

  // Put back: the icon removed, the game no longer new.
  await row.getByRole('button', { name: 'Icons' }).click();
  await english.getByRole('button', { name: 'Remove' }).click();
  await bo.getByRole('dialog').last().getByRole('button', { name: 'Remove' }).click();
  await expect(english.getByText('Inherited')).toBeVisible();
  await icons.getByRole('button', { name: 'Close' }).first().click();
  await row.getByRole('button', { name: 'Edit' }).click();
  await editor.getByLabel('Show as new').uncheck();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('New', { exact: true })).toHaveCount(0);
  await expect.poll(async () => (await listed()).isNew, { timeout: 10_000 }).toBe(0);
  expect((await listed()).showIcon).toBe(vendorIcon);
  await bo.context().close();
});
