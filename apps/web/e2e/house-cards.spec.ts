/**
 * The house card game's client (/play/cards) against the real server: a fresh GOLDEN
 * member is given money, the game is launched through the API like the site does, the player
 * enters a room, takes a seat for the next hand (paying the ante), plays when the cards are
 * dealt, and sees the showdown, the balance and the hand history change. The server runs with a
 * 3-second decision window (serve.ts), so a hand takes seconds.
 */
import { HEADERS, type CardsTable, type LaunchGame } from '@app/contracts';
import type { APIRequestContext } from '@playwright/test';
import { registerMember, value, type Member } from './api';
import { expect, test } from './fixtures';
import { fund } from './operator';

const MERCHANT = 'GOLDEN';

const credit = (request: APIRequestContext, m: Member, amount: string) => fund(request, m.username, amount);

async function launch(request: APIRequestContext, m: Member): Promise<string> {
  const game = await value<LaunchGame>(
    await request.get('/wps/game/launchGame', {
      headers: { 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token, [HEADERS.merchant]: MERCHANT },
      params: { vendor: 'HOUSE', gameCode: 'house-three-card-showdown', language: 'EN', backUrl: '/pvp' },
    }),
  );
  expect(game.url).toMatch(/^\/play\/cards\?code=[A-Za-z0-9_-]{43}/);
  return game.url;
}

test.describe('house card game', () => {
  test.describe.configure({ timeout: 120_000 });

  test('joins a room, plays a hand to the showdown; balance and history follow the server', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await credit(request, m, '100');
    await page.goto(await launch(request, m));

    // The lobby: rooms with ante, buy-in and seats (GLS2_roomList).
    await expect(page.getByTestId('cards-balance')).toContainText('100.00');
    const bronze = page.getByTestId('room-bronze');
    await expect(bronze).toContainText('0.50');
    await expect(page.getByTestId('room-bronze-seats')).toContainText('/6');
    await expect(page.getByTestId('room-gold')).toContainText('10.00');

    // Rules and payouts from the game.
    await page.getByTestId('cards-rules').click();
    await expect(page.locator('#cardsRulesModal')).toBeVisible();
    await expect(page.getByTestId('cards-rtp')).toContainText('95%');
    await expect(page.locator('#cardsRulesModal')).toContainText('Straight flush');
    await page.keyboard.press('Escape');
    await expect(page.locator('#cardsRulesModal')).toBeHidden();

    await bronze.getByRole('button').click();
    const join = page.getByTestId('cards-join');
    await expect(join).toContainText('0.50');
    // A click in the last moment before a deal may be answered "hand closed": then click again.
    const balance = page.getByTestId('cards-balance');
    await expect(async () => {
      if (!(await balance.textContent())?.includes('99.50') && (await join.isEnabled())) await join.click();
      await expect(balance).toContainText('99.50', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // Dealt: my three cards face up, the others' face down; play within the window.
    const play = page.getByTestId('cards-play');
    await expect(play).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('cards-my-seat').locator('[data-card]')).toHaveCount(3);
    const acted = page.waitForResponse((r) => r.url().includes('/wps/house/cards/act'));
    await play.click();
    const after = ((await (await acted).json()) as { value: CardsTable }).value;
    const hand = after.hand!;
    expect(hand.settled).toBe(true);
    const me = hand.seats.find((s) => s.you)!;
    expect(me.action).toBe('PLAY');

    // The showdown: every seat's cards, the pot and its rake, the result and the balance.
    await expect(page.getByTestId('cards-result')).toBeVisible();
    await expect(page.getByTestId('cards-table').locator('[data-card]')).toHaveCount(18);
    await expect(page.getByTestId('cards-rake')).toBeVisible();
    const expected = (100 - 1 + me.payout!).toFixed(2);
    await expect(page.getByTestId('cards-balance')).toContainText(expected);

    await page.getByTestId('cards-history-open').click();
    const history = page.getByTestId('cards-history');
    await expect(history.locator('li')).toHaveCount(1);
    await expect(history).toContainText(`#${hand.handNo}`);
  });
});
