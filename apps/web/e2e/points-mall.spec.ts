/**
 * The points mall against the real server: demo01 (seeded with 5,000 points on GOLDEN,
 * payment password 123456) redeems a prize after a confirmation with the payment password, sees
 * its points drop by the cost and the redemption with its state in the history; visitors browse
 * and are asked to log in, trial accounts get the real-account warning.
 */
import { HEADERS, type LoginResult, type PointHistory, type VerificationRequired } from '@app/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { encrypt, value } from './api';
import { expect, test } from './fixtures';
import points from '../src/locales/points/en.json' with { type: 'json' };

const card = (page: Page, name: string) =>
  page.getByTestId('reward-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const dialog = (page: Page) => page.locator('#redeemPointModal');
const balance = (page: Page) => page.getByTestId('points-balance');
const asNumber = (text: string) => Number(text.replace(/[^\d]/g, ''));

/**
 * GOLDEN's demo01 logged in from this machine. Another spec may have logged demo01 in from an
 * address of its own first; from a new one the server asks for a second step, answered with the
 * payee name (DEMO PLAYER).
 */
async function loginDemo01(request: APIRequestContext): Promise<LoginResult> {
  const headers = { [HEADERS.device]: 'WEB' };
  const res = await request.post('/wps/session/login', {
    headers,
    data: await encrypt(request, headers, { username: 'demo01', password: 'demo1234', type: 'username' }),
  });
  const body = (await res.json()) as { success: boolean; errorCode?: string; value: unknown };
  if (body.success) return body.value as LoginResult;
  expect(body.errorCode).toBe('login.verification.required');
  const { pendingToken } = body.value as VerificationRequired;
  return value<LoginResult>(
    await request.post('/wps/session/login/verify', {
      headers,
      data: await encrypt(request, headers, { pendingToken, method: 'BANK_NAME', answer: 'DEMO PLAYER' }),
    }),
  );
}

test.describe('points mall', () => {
  // A login (argon2) and an encrypted redemption with a payment password: room for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('demo01 redeems a prize with the payment password: points drop by the cost, the redemption is in process', async ({
    page,
    request,
  }) => {
    // From the browser's own address (no X-Forwarded-For), like the specs that log demo01 in on the page.
    const login = await loginDemo01(request);
    const auth = { [HEADERS.authorization]: login.token };
    // The earning job may credit demo01's play (other specs bet with it) at any moment: the
    // checks below count the points it credits after this baseline, and only those.
    const baseline = (
      await value<PointHistory>(await request.get('/wps/points/getPointHistory', { headers: auth }))
    ).list[0]!;
    const earnedSince = async () => {
      const h = await value<PointHistory>(
        await request.get('/wps/points/getPointHistory', {
          headers: auth,
          params: { kind: 'EARN', pageSize: 100 },
        }),
      );
      return h.list.filter((e) => Number(e.id) > Number(baseline.id)).reduce((sum, e) => sum + e.points, 0);
    };
    const shown = async () => asNumber(await balance(page).innerText()) - (await earnedSince());

    await page.addInitScript((m) => {
      sessionStorage.setItem('token', m.token);
      sessionStorage.setItem('username', m.username);
      sessionStorage.setItem('isAgent', '0');
      sessionStorage.setItem('customerId', String(m.customerId));
    }, login);
    await page.goto('/pointMall');

    // The page: no side menu, my points and the catalogue.
    await expect(page.getByRole('heading', { level: 1, name: points.title })).toBeVisible();
    await expect(page.locator('.right-bar')).toHaveCount(0);
    await expect(balance(page)).toBeVisible();
    await expect.poll(shown).toBe(baseline.balanceAfter);
    const mug = card(page, 'Golden Palm mug');
    await expect(mug.getByTestId('reward-cost')).toHaveText('2,500 points');
    const stockBefore = asNumber(await mug.getByTestId('reward-stock').innerText());

    // Redeem: a confirmation with the cost and what is left, refused without the password.
    await mug.getByTestId('reward-redeem').click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByTestId('redeem-name')).toHaveText('Golden Palm mug');
    await expect(dialog(page).getByTestId('redeem-cost')).toHaveText('2,500');
    const mine = asNumber(await dialog(page).getByTestId('redeem-balance').innerText());
    await expect(dialog(page).getByTestId('redeem-after')).toHaveText((mine - 2_500).toLocaleString('en-US'));
    await dialog(page).getByTestId('redeem-confirm').click();
    await expect(dialog(page).getByText(points.redeem.passwordRequired)).toBeVisible();
    await expect.poll(shown).toBe(baseline.balanceAfter);

    await dialog(page).getByLabel(points.redeem.remark).fill('Unit 12, 88 Ayala Ave, Makati');
    await dialog(page).getByLabel('Payment password').fill('123456');
    await dialog(page).getByTestId('redeem-confirm').click();
    await expect(dialog(page).getByTestId('redeem-done')).toBeVisible();
    await expect(dialog(page).getByTestId('redeem-state')).toHaveText(points.redemptions.state.IN_PROCESS);
    await dialog(page).getByTestId('redeem-close').click();
    await expect(dialog(page)).toBeHidden();

    // The balance dropped by the cost, the stock by one, and the redemption shows its state.
    await expect.poll(shown).toBe(baseline.balanceAfter - 2_500);
    await expect(page.getByTestId('points-in-process')).toBeVisible();
    await expect(mug.getByTestId('reward-stock')).toHaveText(`${stockBefore - 1} left`);
    const redemption = page.getByTestId('redemption').first();
    await expect(redemption.getByTestId('redemption-name')).toHaveText('Golden Palm mug');
    await expect(redemption.getByTestId('redemption-state')).toHaveText(points.redemptions.state.IN_PROCESS);
    await expect(redemption.getByTestId('redemption-cost')).toHaveText('2,500 points');

    // And the points history has the movement.
    await page.getByTestId('tab-history').click();
    const entry = page.locator('[data-testid="history-entry"][data-kind="REDEEM"]').first();
    await expect(entry.getByTestId('history-points')).toHaveText('\u22122,500');
  });

  test('visitors browse and are asked to log in; trial accounts get the real-account warning', async ({
    page,
  }) => {
    await page.goto('/pointMall');
    await expect(page.getByTestId('points-guest')).toBeVisible();
    const first = page.getByTestId('reward-card').first();
    await expect(first).toBeVisible();
    await expect(page.getByTestId('earn-rules')).toBeVisible();

    await first.getByTestId('reward-redeem').click();
    const login = page.locator('#loginPopupModal');
    await expect(login).toBeVisible();
    await expect(dialog(page)).toBeHidden();

    // Free play (a trial account): the mall is for real accounts.
    await login.getByTestId('free-play').click();
    await expect(login).toBeHidden();
    await first.getByTestId('reward-redeem').click();
    const warning = page.locator('#realAccountModal');
    await expect(warning).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    await warning.getByTestId('real-account-confirm').click();
    await expect(page.getByTestId('points-guest')).toContainText(points.balance.trial);
  });
});
