/**
 * Promotions against the real server: a member joins the daily reload behind its
 * confirmation, deposits on the e-wallet demo gateway and sees the bonus in the balance, on the
 * bonus details page, in the inbox and on the promotion; a visitor sees every state and is sent
 * to the login popup; a member applies to the application promotion (the note's limit and the
 * image checks before upload) and sees it pending.
 *
 * The depositing member is registered by the test, not demo01: other specs check demo01's
 * balance to the cent while they run in parallel, and a deposit (or a joined promotion paying a
 * bonus on their deposit) would move it under them. demo01 can join the same promotion.
 */
import { formatMoney } from '@app/contracts';
import type { Locator, Page } from '@playwright/test';
import { registerMember, signIn } from './api';
import { expect, test } from './fixtures';

/** A valid 1×1 PNG: the server sniffs the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const balance = (page: Page) => page.getByTestId('header-balance-amount');
const card = (page: Page, title: string) => page.getByTestId('promo-card').filter({ hasText: title });

async function memberCentrePage(page: Page, key: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Member centre' });
  await dialog.getByTestId(key).click();
  await expect(dialog.getByTestId(key)).toHaveAttribute('aria-current', 'page');
  return dialog;
}

test.describe('promotions', () => {
  // Registration (argon2), encryption and a payment round trip: room for a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('joins the daily reload, deposits on the gateway, and sees the bonus everywhere', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await signIn(page, m);
    await page.goto('/promotions');
    await expect(page.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible();
    await expect(balance(page)).toHaveText('P 0.00');
    const reload = card(page, 'Daily 10% reload');
    await expect(reload.getByTestId('promo-state')).toHaveText('Open');

    // The confirmation says what joining means; Cancel leaves it as it was.
    await reload.getByTestId('promo-action').click();
    const confirm = page.locator('#promoActionModal');
    await expect(confirm).toContainText(
      'Join “Daily 10% reload”? Your next deposit of at least P 100.00 gets 10% of it as a bonus, up to P 1,000.00.',
    );
    await expect(confirm).toContainText('Bet (deposit + bonus) × 5 before you withdraw.');
    await confirm.getByRole('button', { name: 'Cancel' }).first().click();
    await expect(confirm).toBeHidden();
    await expect(reload.getByTestId('promo-state')).toHaveText('Open');

    await reload.getByTestId('promo-action').click();
    await confirm.getByTestId('promo-confirm-submit').click();
    await expect(confirm.getByTestId('promo-action-ok')).toHaveText(
      'You have joined. Make a deposit to get your bonus.',
    );
    await expect(reload.getByTestId('promo-state')).toHaveText('Joined');

    // Straight on to the deposit page, and through the demo gateway.
    await confirm.getByTestId('promo-deposit-now').click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await expect(centre.getByTestId('depositv2')).toHaveAttribute('aria-current', 'page');
    await centre.getByTestId('channel-EWALLET_DEMO').click();
    await centre.getByTestId('deposit-preset-200').click();
    await centre.getByTestId('deposit-submit').click();
    await centre.getByTestId('deposit-confirm-submit').click();
    await page.waitForURL(/\/gateway\/demo\/D\d+/);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/$/);

    // 200.00 less the 1.5% fee, and 10% of 200.00 as the bonus.
    await expect(balance(page)).toHaveText(`P ${formatMoney(197 + 20)}`);

    const bonus = await memberCentrePage(page, 'bonusDetails');
    const row = bonus.getByTestId('bonus-row').filter({ hasText: 'Daily 10% reload' });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('bonus-amount')).toHaveText('P 20.00');
    await expect(row.getByTestId('bonus-left')).toHaveText('P 1,100.00');
    await expect(bonus.getByTestId('bonus-total')).toHaveText('P 20.00');
    await expect(bonus.getByTestId('bonus-remaining')).toHaveText('P 1,100.00');

    const inbox = await memberCentrePage(page, 'messageV2');
    const message = inbox.getByTestId('inbox-message').filter({ hasText: 'Bonus received' });
    await message.getByRole('button').click();
    await expect(message.getByTestId('inbox-message-body')).toContainText(
      'Daily 10% reload: P 20.00 has been added to your wallet.',
    );
    await inbox.getByRole('button', { name: 'Close' }).first().click();

    // The promotion says it is done for today.
    await page.goto('/promotions');
    await card(page, 'Daily 10% reload').getByRole('link', { name: 'Daily 10% reload', exact: true }).click();
    const detail = page.getByTestId('promo-detail');
    await expect(detail.getByTestId('promo-state')).toHaveText('Issued');
    await expect(detail.getByTestId('promo-mine')).toContainText(
      'Bonus of P 20.00 paid for your deposit of P 200.00.',
    );
    await expect(detail.getByTestId('promo-mine')).toContainText('Bet P 1,100.00 before you withdraw.');
    await expect(detail.getByTestId('promo-action')).toHaveCount(0);
  });

  test('/promoDetail without a usable id shows the not-found state without asking the server', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('promotionId')) asked.push(r.url());
    });
    for (const path of ['/promoDetail', '/promoDetail?id=', '/promoDetail?id=abc']) {
      await page.goto(path);
      await expect(page.getByTestId('promo-not-found')).toBeVisible();
    }
    expect(asked).toEqual([]);
    // A well-formed id of no promotion is asked for, and found missing.
    await page.goto('/promoDetail?id=999999999');
    await expect(page.getByTestId('promo-not-found')).toBeVisible();
    expect(asked.length).toBeGreaterThan(0);
  });

  test('a visitor sees every state, the rules in plain words, and is asked to log in', async ({ page }) => {
    await page.goto('/promotions');
    await expect(card(page, 'Esports cup week').getByTestId('promo-state')).toHaveText('Coming soon');
    await expect(card(page, 'Football season warm-up').getByTestId('promo-state')).toHaveText('Closed');
    await expect(card(page, 'Weekly turnover reward').getByTestId('promo-state')).toHaveText('In progress');
    await expect(card(page, 'Daily check-in').getByTestId('promo-state')).toHaveText('Ready');
    await expect(card(page, 'VIP weekly 15% reload')).toContainText('For VIP level 3 and above.');

    // Category tabs: Slots holds one promotion.
    await page.getByRole('tab', { name: 'Slots' }).click();
    await expect(page.getByTestId('promo-card')).toHaveCount(1);
    await expect(page.getByTestId('promo-card')).toContainText('Weekly turnover reward');
    await page.getByRole('tab', { name: 'All' }).click();

    await card(page, 'Daily check-in').getByTestId('promo-action').click();
    await expect(page.locator('#loginPopupModal')).toBeVisible();
    await page.keyboard.press('Escape');

    await card(page, 'Weekly lucky draw')
      .getByRole('link', { name: 'Weekly lucky draw', exact: true })
      .click();
    const rules = page.getByTestId('promo-rules');
    await expect(rules).toContainText(
      'Deposit at least P 500.00 in a week (Monday to Sunday), then draw once that week.',
    );
    await expect(rules).toContainText('Prize P 388.00: 1% chance.');
  });

  test('applies with a note and a screenshot (checked before upload) and sees it pending', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await signIn(page, m);
    await page.goto('/promotions');
    await card(page, 'Live casino winning streak').getByTestId('promo-action').click();
    const form = page.getByTestId('promo-apply-form');
    await expect(form).toBeVisible();

    await form.getByTestId('promo-apply-submit').click();
    await expect(form.getByText('Write a short note.')).toBeVisible();
    const remark = form.getByTestId('promo-apply-remark');
    await remark.fill('x'.repeat(150));
    // The field stops at 140 characters.
    await expect(form.getByTestId('promo-apply-count')).toHaveText('140 of 140 characters');
    await remark.fill('Five banker wins in a row at table 2, 21:40 tonight.');

    const input = form.getByTestId('promo-apply-images-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(form.getByText('notes.txt is not a PNG or JPG image.')).toBeVisible();
    await input.setInputFiles({ name: 'streak.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByRole('img', { name: 'Image 1' })).toBeVisible();
    await form.getByTestId('promo-apply-submit').click();

    const detail = page.getByTestId('promo-detail');
    await expect(detail.getByTestId('promo-state')).toHaveText('Pending');
    await expect(detail.getByTestId('promo-mine')).toContainText('Your application is being reviewed.');
    await expect(detail.getByTestId('promo-mine')).toContainText(
      'Your note: Five banker wins in a row at table 2, 21:40 tonight.',
    );
    await expect(detail.getByTestId('promo-apply-form')).toHaveCount(0);
  });
});
