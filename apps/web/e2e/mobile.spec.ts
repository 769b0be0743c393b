/**
 * The phone shell at 390×844 and 360×740 (Chromium's mobile emulation: touch, mobile viewport)
 * against the real server on brand GOLDEN. One walk per size does what a new player does on a
 * phone: register from a mobile address, deposit through the demo gateway, play a slot round,
 * place a lottery bet, claim a reward and withdraw. At each stop the page must not scroll
 * sideways, nothing may end under the bottom tab bar, and the shell's targets are thumb-sized.
 */
import { formatMoney } from '@app/contracts';
import type { Locator, Page } from '@playwright/test';
import { randomIp, registerMember, signIn, smsCode } from './api';
import { expect, test as base } from './fixtures';
import { waitForOpenBetting } from './lottery-clock';

const PAYMENT_PASSWORD = '246810';
/** Apple's and Google's smallest comfortable touch target (px). */
const TARGET = 44;

const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, use) => {
    await use(randomIp());
  },
  // Per-address throttles (SMS, registration) of parallel tests never meet.
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ 'X-Forwarded-For': clientIp });
  },
});

const rand = (digits: number) =>
  Array.from({ length: digits }, () => Math.floor(Math.random() * 10)).join('');

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

/**
 * Scrolled to the very end, the page's content (everything in the shell but fixed bars) ends at or
 * above the bottom tab bar: nothing can hide under it.
 */
async function expectNothingUnderTabBar(page: Page) {
  await expect(page.getByTestId('tab-bar')).toBeVisible();
  // Lists may still be arriving: scrolled to the end again until the page stops growing.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          const bar = document.querySelector('[data-testid="tab-bar"]')!.getBoundingClientRect();
          let bottom = 0;
          for (const el of document.querySelector('.shell')!.children) {
            const style = getComputedStyle(el);
            if (style.position === 'fixed' || el.tagName === 'DIALOG' || style.display === 'none') continue;
            bottom = Math.max(bottom, el.getBoundingClientRect().bottom);
          }
          return bottom - bar.top;
        }),
      { message: 'content ends above the tab bar (px past its top)' },
    )
    .toBeLessThanOrEqual(0.5);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Every visible control inside `scope` is at least 44 px square. Exempt, as WCAG 2.5.8 allows: a
 * link inside running text (a paragraph, or a checkbox's label sentence), the skip link (shown only on keyboard focus), and a checkbox or radio
 * whose label around it is the thumb-sized target.
 */
async function expectThumbSized(scope: Locator) {
  const small = await scope.evaluateAll((roots, min) => {
    const out: string[] = [];
    const big = (r: DOMRect) => r.width >= min - 0.5 && r.height >= min - 0.5;
    for (const root of roots)
      for (const el of root.querySelectorAll('a[href], button, select, input, [role="tab"]')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        if (el.matches('.skip-link') || (el.tagName === 'A' && el.closest('p, label'))) continue;
        const label = el.matches('[type="checkbox"], [type="radio"]') ? el.closest('label') : null;
        if (label && big(label.getBoundingClientRect())) continue;
        if (!big(r)) out.push(`${Math.round(r.width)}×${Math.round(r.height)} ${el.outerHTML.slice(0, 90)}`);
      }
    return out;
  }, TARGET);
  expect(small, 'controls under 44 px').toEqual([]);
}

/** A popup shown as a sheet covering the whole screen. */
async function expectFullScreen(page: Page, dialog: Locator) {
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.round(box.x)).toBe(0);
  expect(Math.round(box.y)).toBe(0);
  expect(Math.round(box.width)).toBe(viewport.width);
  expect(Math.round(box.height)).toBe(viewport.height);
}

/** The shell's own checks at a stop: no sideways scroll, nothing under the bar, thumb-sized bars. */
async function checkShell(page: Page) {
  await expectNoSidewaysScroll(page);
  await expectNothingUnderTabBar(page);
  await expectThumbSized(page.locator('.m-header, [data-testid="tab-bar"], [data-testid="m-categories"]'));
}

const balance = (page: Page) => page.getByTestId('header-balance-amount');
const memberCentre = (page: Page) => page.getByRole('dialog', { name: 'Member centre' });

/** "P 1,234.50" as minor units (123450). */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const showMinor = (minor: number) => `P ${formatMoney(minor / 100)}`;

for (const size of [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
]) {
  test.describe(`phone at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    // Registration (argon2), a gateway round trip and a lottery draw (every 20 s on the e2e server).
    test.describe.configure({ timeout: 240_000 });

    test('register, deposit, a slot round, a lottery bet, a reward and a withdrawal', async ({
      page,
      request,
    }) => {
      const id = `${Date.now().toString(36).slice(-5)}${rand(3)}`;
      const m = { username: `mob${id}`, password: `Pass${rand(4)}x`, mobile: `9${rand(9)}` };

      // 1. A real client's mobile link: the register sheet over the home page, full screen.
      await page.goto('/m/register');
      await expect(page).toHaveURL(/\/register$/);
      const reg = page.locator('#registerModal');
      await expect(reg).toBeVisible();
      await expectFullScreen(page, reg);
      await expectNoSidewaysScroll(page);
      await reg.getByTestId('tab-username').click();
      // The right keyboards: a phone pad for the number, digits for the code.
      await expect(reg.locator('#reg-mobileNum')).toHaveAttribute('type', 'tel');
      await expect(reg.locator('#reg-verificationCode')).toHaveAttribute('inputmode', 'numeric');
      await reg.locator('#reg-username').fill(m.username);
      await reg.locator('#reg-password').fill(m.password);
      await reg.locator('#reg-confirmPassword').fill(m.password);
      await reg.locator('#reg-mobileNum').fill(m.mobile);
      await reg.locator('#reg-payeeName').fill('Mobile Player');
      await reg.getByTestId('reg-send-code').click();
      await expect(reg.getByTestId('reg-send-code')).toBeDisabled();
      await expect.poll(() => smsCode(request, m.mobile).catch(() => '')).toMatch(/^\d{6}$/);
      await reg.locator('#reg-verificationCode').fill(await smsCode(request, m.mobile));
      await reg.getByTestId('register-submit').click();
      await expect(reg).toBeHidden();
      await expect(page.getByTestId('account-name')).toContainText(m.username);
      await expect(balance(page)).toHaveText('P 0.00');
      // One header row: logo, balance, deposit and account, within the first 64 px.
      const header = (await page.locator('.m-header').boundingBox())!;
      expect(header.height).toBeLessThanOrEqual(64);
      await checkShell(page);

      // 2. Deposit from the tab bar, through the demo gateway.
      await page.getByTestId('tab-deposit').click();
      const centre = memberCentre(page);
      await expect(centre).toBeVisible();
      await expectFullScreen(page, centre);
      await expect(page.getByTestId('tab-deposit')).toHaveAttribute('aria-current', 'page');
      await centre.getByTestId('channel-EWALLET_DEMO').click();
      await expect(centre.getByLabel('Amount', { exact: true })).toHaveAttribute('inputmode', 'decimal');
      await centre.getByTestId('deposit-preset-200').click();
      await expect(centre.getByTestId('deposit-preview-credit')).toHaveText('P 197.00');
      await centre.getByTestId('deposit-submit').click();
      await centre.getByTestId('deposit-confirm-submit').click();
      await page.waitForURL(/\/gateway\/demo\/D\d+/);
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'Pay now' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(memberCentre(page).getByTestId('deposit-page')).toBeVisible();
      await expect(balance(page)).toHaveText('P 197.00');
      await expect(
        memberCentre(page).getByTestId('deposit-row').first().getByTestId('deposit-status'),
      ).toHaveText('Arrived');
      await memberCentre(page).getByRole('button', { name: 'Close' }).click();
      await expect(memberCentre(page)).toBeHidden();

      // 3. A slot round: the Slots chip, the house slot full screen, back with the new balance.
      await page.getByTestId('m-cat-RNG').click();
      await expect(page).toHaveURL(/\/rng/);
      await expect(page.getByTestId('tab-games')).toHaveAttribute('aria-current', 'page');
      await checkShell(page);
      await page.getByTestId('vendor-tab-HOUSE').click();
      await page.getByTestId('list-type-default').click();
      await page
        .getByTestId('game-card')
        .filter({ hasText: 'Dragon Fortune' })
        .first()
        .locator('.game-card-play')
        .click();
      await expect(page).toHaveURL(/\/(game|seamless)\?url=/);
      const frame = page.getByTestId('game-frame');
      await expect(frame).toBeVisible();
      // The game has the screen: no header, no tab bar; its toolbar keeps the balance and the way back.
      await expect(page.getByTestId('tab-bar')).toHaveCount(0);
      await expect(page.locator('.m-header')).toHaveCount(0);
      const shellBox = (await page.locator('.game-shell').boundingBox())!;
      expect(Math.round(shellBox.height)).toBe(size.height);
      expect(Math.round(shellBox.width)).toBe(size.width);
      await expect(balance(page)).toHaveText('P 197.00');
      await expectThumbSized(page.locator('.game-toolbar'));
      const game = page.frameLocator('[data-testid="game-frame"]');
      await expect(game.getByTestId('slot-balance')).toHaveText('P 197.00');
      const spun = page.waitForResponse((r) => r.url().includes('/wps/house/slot/spin'));
      await game.getByTestId('slot-spin').click();
      const spin = (await (await spun).json()) as { value: { balance: number } };
      await page.getByTestId('game-exit').click();
      await expect(page).toHaveURL(/\/rng/);
      await expect(balance(page)).toHaveText(`P ${formatMoney(spin.value.balance)}`);
      await expect(page.getByTestId('tab-bar')).toBeVisible();

      // 4. A lottery bet: the Lottery chip, a fast game, the slip and its confirmation.
      await page.getByTestId('m-cat-LOTT').click();
      const card = page
        .getByTestId('elott-games')
        .locator('[data-testid="lottery-card"][data-family="FAST"]')
        .first();
      await card.getByRole('link').click();
      await expect(page.getByTestId('lottery-game')).toBeVisible();
      await checkShell(page);
      await page.getByTestId('lottery-bettype-SIDES').click();
      await page.getByTestId('lottery-side-BIG').click();
      await expect(page.getByTestId('lottery-stake')).toHaveAttribute('inputmode', 'decimal');
      await page.getByTestId('lottery-stake').fill('5');
      await page.getByTestId('lottery-add').click();
      // The slip waits in a bar just above the tab bar, and opens as a full-screen sheet.
      const bar = page.getByTestId('lottery-slip-bar');
      await expect(bar).toContainText('P 5.00');
      const barBox = (await bar.boundingBox())!;
      const tabsBox = (await page.getByTestId('tab-bar').boundingBox())!;
      expect(Math.abs(barBox.y + barBox.height - tabsBox.y)).toBeLessThanOrEqual(1);
      await checkShell(page);
      await page.getByTestId('lottery-slip-open').click();
      const sheet = page.locator('#lotterySlipSheet');
      await expectFullScreen(page, sheet);
      await expect(sheet.getByTestId('lottery-slip-line')).toHaveCount(1);
      await waitForOpenBetting(page);
      await sheet.getByTestId('lottery-place').click();
      await expect(page.getByTestId('lottery-confirm')).toBeVisible();
      await page.getByTestId('lottery-confirm-ok').click();
      await expect(sheet).toBeHidden();
      await expect(bar).toHaveCount(0);
      await expect(page.getByTestId('lottery-placed')).toBeVisible();
      await expect(page.getByTestId('lottery-bet')).toHaveCount(1);
      await expectNoSidewaysScroll(page);
      // The fast game draws every 20 s here: its settlement (a win credits the wallet) must land
      // before the balance arithmetic of the withdrawal and the reward below, not in the middle.
      await expect(
        page.locator(
          '[data-testid="lottery-bet"][data-status="WON"], [data-testid="lottery-bet"][data-status="LOST"]',
        ),
      ).toHaveCount(1, {
        timeout: 60_000,
      });

      // 5. A withdrawal from the member tab: the payment password in the security centre, a
      // bound account, then the amount (the deposit carries no turnover to play through).
      await page.getByTestId('tab-member').click();
      const dialog = memberCentre(page);
      await expect(dialog).toBeVisible();
      await expect(page.getByTestId('tab-member')).toHaveAttribute('aria-current', 'page');
      const payment = dialog.getByTestId('sec-payment');
      await expect(payment.locator('#sec-payment-new')).toHaveAttribute('inputmode', 'numeric');
      await payment.getByLabel('Login password').fill(m.password);
      await payment.locator('#sec-payment-new').fill(PAYMENT_PASSWORD);
      await payment.locator('#sec-payment-confirm').fill(PAYMENT_PASSWORD);
      await payment.getByTestId('sec-payment-save').click();
      await expect(payment.getByTestId('sec-payment-status-ok')).toBeVisible();
      await dialog.getByTestId('withdraw').click();
      await expect(dialog.getByTestId('withdraw-withdrawable')).toHaveText(/^P [1-9][\d,]*\.\d\d$/);
      await dialog.getByTestId('bind-open').click();
      const bind = dialog.getByTestId('bind-form');
      await bind.getByLabel('Bank or e-wallet').selectOption('BDO');
      await expect(bind.getByLabel('Account number')).toHaveAttribute('inputmode', 'numeric');
      await bind.getByLabel('Account number').fill('001234567890');
      await bind.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
      await bind.getByTestId('bind-submit').click();
      await expect(dialog.getByTestId('payout-account')).toContainText('7890');
      const beforeWithdraw = (await balance(page).textContent())!;
      const form = dialog.getByTestId('withdraw-form');
      await form.getByLabel('Amount', { exact: true }).fill('100');
      await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
      await form.getByTestId('withdraw-submit').click();
      await expect(dialog.getByTestId('withdraw-confirm')).toContainText('P 100.00');
      await dialog.getByTestId('withdraw-confirm-submit').click();
      await expect(dialog.getByTestId('withdraw-status-ok')).toBeVisible();
      await expect(dialog.getByTestId('withdrawal').first().getByTestId('withdrawal-status')).toHaveText(
        'Pending',
      );
      await expect(balance(page)).toHaveText(showMinor(minorOf(beforeWithdraw) - 10_000));
      await expectNoSidewaysScroll(page);

      // 6. A reward: the reward centre, the login mission's reward, the balance up by it.
      await dialog.getByTestId('rewardCenter').click();
      const reward = dialog.getByTestId('reward').filter({ hasText: 'Log in today' });
      const beforeReward = (await balance(page).textContent())!;
      await reward.getByTestId('reward-claim').click();
      await reward.getByTestId('reward-confirm-submit').click();
      await expect(dialog.getByTestId('reward-status-ok')).toBeVisible();
      await expect(reward).toHaveCount(0);
      await expect(balance(page)).toHaveText(showMinor(minorOf(beforeReward) + 200));

      // Pull-to-refresh: a pull down from the top of the page reads its list again.
      await page.waitForLoadState('networkidle');
      await pullDown(page, dialog.locator('.mc-page'), '/wps/rewards/claimable');
      await expect(dialog.getByTestId('pull-hint')).toHaveAttribute('data-state', 'idle');
    });
  });
}

/**
 * A finger dragging down 180 px from the top of `target` (touch events through the DevTools
 * protocol); letting go must read `path` again.
 */
async function pullDown(page: Page, target: Locator, path: string) {
  await target.evaluate((el) => {
    for (let node: Element | null = el; node; node = node.parentElement) node.scrollTop = 0;
  });
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + 20;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let d = 20; d <= 180; d += 20)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + d }] });
  await expect(target.getByTestId('pull-hint')).toHaveAttribute('data-state', 'ready');
  await expect(target.getByTestId('pull-hint')).toHaveText('Release to refresh');
  const again = page.waitForRequest((r) => r.method() === 'GET' && r.url().includes(path));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await again;
  await cdp.detach();
}

test.describe('mobile addresses and the phone menu', () => {
  test('/m/home on a wide screen opens the phone shell until the player asks for the desktop site', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByTestId('main-nav')).toBeVisible();
    await expect(page.getByTestId('tab-bar')).toHaveCount(0);

    await page.goto('/m/home');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('tab-bar')).toBeVisible();
    await expect(page.getByTestId('main-nav')).toHaveCount(0);
    // The visit keeps the phone shell on its next pages.
    await page.getByTestId('tab-games').click();
    await expect(page).toHaveURL(/\/rng$/);
    await expect(page.getByTestId('tab-bar')).toBeVisible();

    await page.getByTestId('m-menu-button').click();
    const menu = page.locator('#mobileMenu');
    await expect(menu).toBeVisible();
    await menu.getByTestId('desktop-site').click();
    await expect(page.getByTestId('tab-bar')).toHaveCount(0);
    await expect(page.getByTestId('main-nav')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('main-nav')).toBeVisible();
  });

  test('a member-centre address asks a visitor to log in first; an unknown one is the not-found page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // /m/deposit is the member centre's deposit link (/?member=depositv2), which asks a visitor to
    // log in and then leaves the address clean.
    await page.goto('/m/deposit');
    await expect(page.locator('#loginPopupModal')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/m/promotion');
    await expect(page).toHaveURL(/\/promotions$/);
    await expect(page.getByTestId('tab-bar').getByRole('link', { name: 'Promotions' })).toHaveClass(/active/);
    await page.goto('/m/no-such-page');
    await expect(page).toHaveURL(/\/no-such-page$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('tab-bar')).toBeVisible();
  });

  test('every control of the main pages and the member centre is thumb-sized', async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/', '/rng', '/live', '/promotions', '/lottery', '/vip', '/pointMall', '/help']) {
      await page.goto(path);
      await expect(page.getByTestId('tab-bar')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectThumbSized(page.locator('body'));
    }
    await page.goto('/login');
    await expect(page.locator('#login-username')).toBeVisible();
    await expectThumbSized(page.locator('#loginPopupModal'));
    await page.goto('/register');
    await expect(page.locator('#reg-mobileNum')).toBeVisible();
    await expectThumbSized(page.locator('#registerModal'));

    await signIn(page, await registerMember(request));
    for (const key of ['depositv2', 'withdraw', 'securityCenter', 'personalHistoryCopy', 'rewardCenter']) {
      await page.goto(`/?member=${key}`);
      const centre = memberCentre(page);
      await expect(centre.getByTestId(key)).toHaveAttribute('aria-current', 'page');
      await page.waitForLoadState('networkidle');
      await expectThumbSized(centre);
    }
  });

  test('images far below the first screen are not fetched until the player scrolls to them', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByTestId('home-hot')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const far = await page.evaluate(() =>
      [...document.images]
        .filter((img) => img.loading === 'lazy' && img.getBoundingClientRect().top > 4 * window.innerHeight)
        .map((img) => ({ src: img.src, fetched: performance.getEntriesByName(img.src).length > 0 })),
    );
    expect(far.length).toBeGreaterThan(5);
    // An image may have been near the screen for a moment before the game lists above it arrived
    // and pushed it down (and been fetched then, rightly): most far ones must still be waiting.
    // Before `loading` was set ahead of `src`, every one of them was fetched.
    expect(far.filter((img) => img.fetched).length).toBeLessThanOrEqual(far.length / 4);
  });

  test('the phone menu holds the top bar and right bar: service, language, theme and the clock', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByTestId('clock')).toHaveCount(0);
    await page.getByTestId('m-menu-button').click();
    const menu = page.locator('#mobileMenu');
    await expectFullScreen(page, menu);
    await expect(menu.getByTestId('clock')).toHaveText(/^\d{4}\/\d{2}\/\d{2} \(\w+\) \d{2}:\d{2}:\d{2}$/);
    await expect(menu.getByTestId('live-chat')).toBeVisible();
    await expectThumbSized(menu.locator('.modal-body'));
    await menu.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await menu.getByTestId('language-switcher').selectOption('VI');
    await expect(menu.getByRole('heading', { name: 'Cài đặt' })).toBeVisible();
    // A category link closes the menu and goes there.
    await menu.getByRole('link', { name: 'Bắn cá' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/fish$/);
  });
});
