/**
 * Wallet, cashier and records in the member centre (issue 4), against the real server. Each test
 * registers its own GOLDEN member through the API (so balances start at 0 and parallel tests never
 * share money), gives it money with the operator API where the test needs some, puts the session
 * in sessionStorage and opens the member centre with the `?member=<page>` link.
 */
import {
  HEADERS,
  formatMoney,
  type GameList,
  type LaunchGame,
  type LoginResult,
  type SlotInfo,
  type WalletBalance,
} from '@app/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { encrypt, gameTicket, randomIp, registerMember, signIn, value, type Member } from './api';
import { expect, hostUrl, rawKeysSeen, test, watchRawKeys } from './fixtures';
import { ADMIN_API_KEY, fund } from './operator';

/** A valid 1×1 PNG: the server sniffs the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const MERCHANT = 'GOLDEN';
const PAYMENT_PASSWORD = '246810';

const requestId = () => randomUUID().replace(/-/g, '');

const memberHeaders = (m: Member) => ({ 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token });

/** The operator API: the admin key and the brand in the Merchant header. */
async function operator<T>(request: APIRequestContext, path: string, data?: unknown): Promise<T> {
  return value<T>(
    await request.post(path, {
      headers: { 'X-Api-Key': ADMIN_API_KEY, [HEADERS.merchant]: MERCHANT },
      data,
    }),
  );
}

/** A member's encrypted call (payout accounts, withdrawals), as the site makes it. */
async function sendEncrypted<T>(
  request: APIRequestContext,
  m: Member,
  path: string,
  body: unknown,
): Promise<T> {
  const headers = memberHeaders(m);
  return value<T>(await request.post(path, { headers, data: await encrypt(request, headers, body) }));
}

/** Gives the member money (an operator adjustment with no turnover to bet first). */
const credit = (request: APIRequestContext, m: Member, amount: string) => fund(request, m.username, amount);

/** Sets the 6-digit payment password as the security centre does (encrypted, with the login password). */
async function setPaymentPassword(request: APIRequestContext, m: Member) {
  const headers = memberHeaders(m);
  await value(
    await request.post('/wps/member/password/payment', {
      headers,
      data: await encrypt(request, headers, { password: m.password, newPaymentPassword: PAYMENT_PASSWORD }),
    }),
  );
}

/**
 * The member's session in sessionStorage (as a login leaves it), then the member centre link;
 * on GOLDEN unless another brand's address is given.
 */
async function openMemberCentre(
  page: Page,
  m: Pick<Member, 'token' | 'username' | 'customerId' | 'ip'>,
  key: string,
  at: (path: string) => string = (path) => path,
): Promise<Locator> {
  await signIn(page, m);
  await page.goto(at(`/?member=${key}`));
  const dialog = page.getByRole('dialog', { name: 'Member centre' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId(key)).toHaveAttribute('aria-current', 'page');
  return dialog;
}

/** The account record of today: the rows of one type (data-type), as their signed amounts. */
async function recordAmounts(dialog: Locator, type: string): Promise<string[]> {
  await dialog.getByTestId('transactionHistory').click();
  const list = dialog.getByTestId('transaction-list');
  await expect(list).toBeVisible();
  return list
    .locator(`[data-testid="transaction-row"][data-type="${type}"] [data-testid="transaction-amount"]`)
    .allInnerTexts();
}

const balance = (page: Page) => page.getByTestId('header-balance-amount');

/** Spins of the house slot through its API (as its page does): bets for the betting record. */
async function placeHouseSpins(request: APIRequestContext, m: Member, spins: number): Promise<void> {
  const headers = { ...memberHeaders(m), [HEADERS.merchant]: MERCHANT };
  const list = await value<GameList>(
    await request.get('/wps/relay/GCSGAME_gameList', {
      headers,
      params: { vassalage: 'HOUSE', gameType: 'RNG' },
    }),
  );
  const launched = await value<LaunchGame>(
    await request.get('/wps/game/launchGame', {
      headers,
      params: { nodeId: list.games[0]!.nodeId, language: 'EN' },
    }),
  );
  const ticket = await gameTicket(request, launched.url, headers);
  const game = { ...headers, 'x-game-token': ticket };
  const info = await value<SlotInfo>(await request.get('/wps/house/slot/info', { headers: game }));
  for (let i = 0; i < spins; i++)
    await value(
      await request.post('/wps/house/slot/spin', {
        headers: game,
        data: { bet: info.betOptions[0], requestId: requestId() },
      }),
    );
}

test.describe('wallet and cashier', () => {
  // Registration (argon2), encryption and a full payment round trip per test: room for a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('deposits through the demo gateway: 200 less the 1.5% fee is credited and ARRIVED', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    const dialog = await openMemberCentre(page, m, 'depositv2');
    await expect(balance(page)).toHaveText('P 0.00');

    await dialog.getByTestId('channel-EWALLET_DEMO').click();
    await dialog.getByLabel('Amount', { exact: true }).fill('20');
    await dialog.getByTestId('deposit-submit').click();
    await expect(dialog.getByText('From P 50.00 to P 20,000.00.').first()).toBeVisible();
    await expect(dialog.getByLabel('Amount', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByTestId('deposit-preset-200').click();
    // The preview is exact (minor units): 1.5% of 200.00 is 3.00.
    await expect(dialog.getByTestId('deposit-preview-credit')).toHaveText('P 197.00');
    await dialog.getByTestId('deposit-submit').click();
    await expect(dialog.getByTestId('deposit-confirm-credit')).toHaveText('P 197.00');
    await dialog.getByTestId('deposit-confirm-submit').click();

    // The gateway's page, then back to the site's deposit page.
    await page.waitForURL(/\/gateway\/demo\/D\d+/);
    await expect(page.getByText('P 200.00')).toBeVisible();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/$/);
    const back = page.getByRole('dialog', { name: 'Member centre' });
    await expect(back.getByTestId('deposit-page')).toBeVisible();
    await expect(balance(page)).toHaveText('P 197.00');
    const row = back.getByTestId('deposit-row').first();
    await expect(row.getByTestId('deposit-status')).toHaveText('Arrived');
    await expect(row).toContainText('E-wallet (instant)');
    await expect(row).toContainText('P 200.00');

    // The account record shows the credit; the inbox has the message.
    expect(await recordAmounts(back, 'DEPOSIT')).toEqual(['+P 197.00']);
    await expect(back.getByTestId('messageV2-badge')).toContainText('1');
  });

  test('figures: nothing withdrawable while turnover is due; moves between own wallets are not money in or out', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    // A bonus of 100.00 to be played through twice: 200.00 of turnover before any withdrawal.
    await fund(request, m.username, '100.00', { reason: 'e2e bonus', turnoverMultiplier: 2 });
    await setPaymentPassword(request, m);
    // The member plays DS88 a while: the balance goes to its wallet (the withdrawal page brings it back).
    await value(
      await request.post('/wps/relay/GCS_walletTransfer', {
        headers: memberHeaders(m),
        data: { requestId: requestId(), direction: 'IN', vendor: 'DS88' },
      }),
    );

    const dialog = await openMemberCentre(page, m, 'withdraw');
    await expect(dialog.getByTestId('withdraw-withdrawable')).toHaveText('P 0.00');
    await expect(dialog.getByTestId('withdraw-held')).toContainText('P 100.00');
    await expect(dialog.getByTestId('withdraw-held')).toContainText('P 200.00');
    await expect(dialog.getByTestId('withdraw-turnover-block')).toContainText('P 200.00');

    // The record lists both transfers, but only the bonus came in and nothing went out.
    await dialog.getByTestId('transactionHistory').click();
    await expect(dialog.locator('[data-testid="transaction-row"][data-type="TRANSFER_IN"]')).toHaveCount(2);
    await expect(dialog.locator('[data-testid="transaction-row"][data-type="TRANSFER_OUT"]')).toHaveCount(2);
    await expect(dialog.getByTestId('transaction-total-in')).toHaveText('+P 100.00');
    await expect(dialog.getByTestId('transaction-total-out')).toHaveText(/P 0\.00$/);
  });

  test('withdraws to a bound account, the operator pays, and the member confirms receipt', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await credit(request, m, '1000.00');
    await setPaymentPassword(request, m);
    const dialog = await openMemberCentre(page, m, 'withdraw');
    await expect(dialog.getByTestId('withdraw-withdrawable')).toHaveText('P 1,000.00');
    await expect(dialog.getByTestId('withdraw-bind-first')).toBeVisible();

    // Bind an account: the name is the member's real name, locked.
    await dialog.getByTestId('bind-open').click();
    const bind = dialog.getByTestId('bind-form');
    await bind.getByLabel('Bank or e-wallet').selectOption('BDO');
    await bind.getByLabel('Account number').fill('001234567890');
    await expect(bind.getByLabel('Account name')).toHaveValue(m.payeeName);
    await expect(bind.getByLabel('Account name')).toHaveAttribute('readonly', '');
    await bind.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await bind.getByTestId('bind-submit').click();
    await expect(dialog.getByTestId('payout-accounts-status-ok')).toBeVisible();
    await expect(dialog.getByTestId('payout-account')).toContainText('7890');

    // Request 300.00, with the confirmation step.
    const form = dialog.getByTestId('withdraw-form');
    await form.getByLabel('Amount', { exact: true }).fill('300');
    await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await form.getByTestId('withdraw-submit').click();
    await expect(dialog.getByTestId('withdraw-confirm')).toContainText('P 300.00');
    await dialog.getByTestId('withdraw-confirm-submit').click();
    await expect(dialog.getByTestId('withdraw-status-ok')).toBeVisible();
    await expect(balance(page)).toHaveText('P 700.00');
    const withdrawal = dialog.getByTestId('withdrawal').first();
    await expect(withdrawal.getByTestId('withdrawal-status')).toHaveText('Pending');

    // The operator pays it all.
    const { list } = await value<{ list: { id: string }[] }>(
      await request.get('/wps/cashier/withdrawals', { headers: memberHeaders(m) }),
    );
    await operator(request, `/wps/admin/withdrawals/${list[0]!.id}/approve`, {});

    // Back on the page: paid, and the payout waits for the member's answer.
    const again = await openMemberCentre(page, m, 'withdraw');
    const paid = again.getByTestId('withdrawal').first();
    await expect(paid.getByTestId('withdrawal-status')).toHaveText('Paid');
    await expect(paid.getByTestId('withdrawal-paid')).toHaveText('P 300.00');
    await expect(paid.getByTestId('withdrawal-remaining')).toHaveText('P 0.00');
    const payout = paid.getByTestId('payout');
    await expect(payout.getByTestId('payout-status')).toHaveText('Awaiting your answer');
    await expect(payout).toContainText('it counts as received');
    await payout.getByTestId('payout-received').click();
    await expect(payout.getByTestId('payout-status')).toHaveText('Received');
    await expect(payout).toContainText('You confirmed you received it.');
    await expect(payout.getByTestId('payout-received')).toHaveCount(0);

    expect(await recordAmounts(again, 'WITHDRAW')).toEqual(['\u2212P 300.00']);
  });

  test('moves money to a vendor wallet and back, with the movements in the account record', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await credit(request, m, '500.00');
    const dialog = await openMemberCentre(page, m, 'transferFund');
    await expect(dialog.getByTestId('wallet-total')).toHaveText('P 500.00');
    await expect(dialog.getByTestId('wallet-main')).toHaveText('P 500.00');
    await expect(dialog.getByTestId('wallet-JILI-out')).toBeDisabled();

    // In: 120.00 from main to JILI.
    await dialog.getByTestId('wallet-JILI-in').click();
    const transfer = page.locator('#walletTransferModal');
    await expect(transfer).toBeVisible();
    await transfer.getByLabel('Amount', { exact: true }).fill('600');
    await transfer.getByTestId('wallet-transfer-submit').click();
    await expect(transfer.getByText('At most P 500.00.')).toBeVisible();
    await transfer.getByLabel('Amount', { exact: true }).fill('120');
    await transfer.getByTestId('wallet-transfer-submit').click();
    await expect(transfer).toBeHidden();
    await expect(dialog.getByTestId('wallet-status-ok')).toHaveText('Money moved to JILI.');
    await expect(dialog.getByTestId('wallet-JILI-balance')).toHaveText('P 120.00');
    await expect(dialog.getByTestId('wallet-main')).toHaveText('P 380.00');
    await expect(dialog.getByTestId('wallet-total')).toHaveText('P 500.00');
    await expect(balance(page)).toHaveText('P 500.00');

    // Out: everything back.
    await dialog.getByTestId('wallet-JILI-out').click();
    await transfer.getByTestId('wallet-transfer-all').check();
    await transfer.getByTestId('wallet-transfer-submit').click();
    await expect(transfer).toBeHidden();
    await expect(dialog.getByTestId('wallet-JILI-balance')).toHaveText('P 0.00');
    await expect(dialog.getByTestId('wallet-main')).toHaveText('P 500.00');

    // Each move leaves its main-wallet and vendor-wallet legs in the account record.
    expect((await recordAmounts(dialog, 'TRANSFER_IN')).sort()).toEqual(['+P 120.00', '\u2212P 120.00']);
    expect((await recordAmounts(dialog, 'TRANSFER_OUT')).sort()).toEqual(['+P 120.00', '\u2212P 120.00']);
    expect(await recordAmounts(dialog, 'ADJUSTMENT')).toEqual(['+P 500.00']);

    // Recall all asks first, then empties every game wallet into the main one.
    await dialog.getByTestId('transferFund').click();
    await dialog.getByTestId('wallet-JILI-in').click();
    await transfer.getByLabel('Amount', { exact: true }).fill('50');
    await transfer.getByTestId('wallet-transfer-submit').click();
    await expect(dialog.getByTestId('wallet-JILI-balance')).toHaveText('P 50.00');
    await dialog.getByTestId('wallet-recall-all').click();
    await expect(dialog.getByTestId('wallet-recall-confirm')).toContainText('P 50.00');
    await expect(dialog.getByTestId('wallet-JILI-balance')).toHaveText('P 50.00');
    await dialog.getByTestId('wallet-recall-confirm-submit').click();
    await expect(dialog.getByTestId('wallet-status-ok')).toHaveText(
      'All game wallets have been moved back to your main wallet.',
    );
    await expect(dialog.getByTestId('wallet-recall-confirm')).toHaveCount(0);
    await expect(dialog.getByTestId('wallet-JILI-balance')).toHaveText('P 0.00');
    await expect(dialog.getByTestId('wallet-main')).toHaveText('P 500.00');

    // The credit left a message: the badge counts it until it is read.
    await expect(dialog.getByTestId('messageV2-badge')).toContainText('1');
    await dialog.getByTestId('messageV2').click();
    const message = dialog.getByTestId('inbox-message').first();
    await expect(message).toContainText('Balance adjusted');
    await message.getByRole('button').click();
    await expect(message.getByTestId('inbox-message-body')).toContainText(
      'Your balance was adjusted by P 500.00.',
    );
    await expect(dialog.getByTestId('messageV2-badge')).toHaveCount(0);
  });

  test('the member centre lists its 16 entries in order, each with its page', async ({ page, request }) => {
    const m = await registerMember(request);
    await watchRawKeys(page);
    const dialog = await openMemberCentre(page, m, 'securityCenter');
    const keys = await dialog
      .locator('.mc-menu li button')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(keys).toEqual([
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
      'verification',
    ]);

    // The header balance: hidden as *** (remembered for the session), refreshed by click.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(balance(page)).toHaveText('P 0.00');
    await page.getByTestId('header-balance-toggle').click();
    await expect(balance(page)).toHaveText('***');
    await page.reload();
    await expect(balance(page)).toHaveText('***');
    await page.getByTestId('header-balance-toggle').click();
    await credit(request, m, '25.50');
    await page.getByTestId('header-balance-refresh').click();
    await expect(balance(page)).toHaveText('P 25.50');

    await page.goto('/?member=rewardCenter');
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    // The engagement entries open their pages: a new member has nothing to rebate yet.
    await expect(centre.getByTestId('rewardCenter-page')).toBeVisible();
    await centre.getByTestId('missionLeaderboard').click();
    await expect(centre.getByTestId('mission-summary')).toBeVisible();
    await centre.getByTestId('manualRebate').click();
    await expect(centre.getByTestId('rebate-claimable')).toHaveText('P 0.00');

    // No upline for a self-registered member; the referral link carries the member's code.
    await centre.getByTestId('transferUpline').click();
    await expect(centre.getByTestId('upline-none')).toBeVisible();
    await centre.getByTestId('referral').click();
    const code = (await centre.getByTestId('referral-code').innerText()).trim();
    expect(code).not.toBe('');
    await expect(centre.getByTestId('referral-link')).toHaveText(
      `${new URL(page.url()).origin}/register?referralCode=${code}`,
    );

    // Records start at today with empty states; a custom range longer than 31 days is refused.
    await centre.getByTestId('personalHistoryCopy').click();
    await expect(centre.getByTestId('bet-empty')).toBeVisible();
    await centre.getByTestId('bets-range-custom').click();
    const today = await centre.getByTestId('bets-range-to').inputValue();
    const start = new Date(`${today}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() - 40);
    await centre.getByTestId('bets-range-from').fill(start.toISOString().slice(0, 10));
    await centre.getByTestId('bets-range-apply').click();
    await expect(centre.getByText('Choose at most 31 days.')).toBeVisible();

    // Every page above drew its texts from its first frame, never a key awaiting its namespace.
    await centre.getByTestId('transactionHistory').click();
    await expect(
      centre.getByTestId('transaction-list').or(centre.getByTestId('transaction-empty')),
    ).toBeVisible();
    await centre.getByTestId('personalProfit').click();
    await expect(centre.getByTestId('profit-report')).toBeVisible();
    await centre.getByTestId('verification').click();
    await expect(centre.getByTestId('verification-page')).toBeVisible();
    expect(await rawKeysSeen(page)).toEqual([]);
  });

  test('the betting record fits the member centre at 1280 px and wider, and is cards at 375 px', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await credit(request, m, '100.00');
    await placeHouseSpins(request, m, 3);
    const dialog = await openMemberCentre(page, m, 'personalHistoryCopy');
    const rows = dialog.getByTestId('bet-row');
    await expect(rows).toHaveCount(3);
    const wrap = dialog.locator('.sec-table-wrap');
    const overflow = () => wrap.evaluate((el) => el.scrollWidth - el.clientWidth);
    for (const width of [1280, 1366, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(overflow, { message: `${width} px` }).toBeLessThanOrEqual(0);
      // Every column shows in full: the last cell ends inside the dialog.
      const box = (await dialog.getByTestId('bet-list').boundingBox())!;
      const dialogBox = (await dialog.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    }
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // A card per bet: its cells stacked, each with its column's label.
    expect(await rows.first().evaluate((el) => getComputedStyle(el).display)).not.toBe('table-row');
    await expect(rows.first().locator('td').first()).toHaveAttribute('data-label', 'Bet time');
  });

  test('works at 375 px: the menu scrolls sideways and the page does not overflow', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const m = await registerMember(request);
    await credit(request, m, '100.00');
    const dialog = await openMemberCentre(page, m, 'transactionHistory');
    await expect(dialog.getByTestId('transaction-row')).toHaveCount(1);
    const menu = dialog.locator('.mc-menu');
    expect(await menu.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(dialog.getByTestId('transactionHistory')).toBeInViewport();
    for (const key of ['depositv2', 'withdraw', 'transferFund']) {
      await dialog.getByTestId(key).click();
      const pageBox = dialog.locator('.mc-page');
      await expect(pageBox.locator('.sec-page')).toBeVisible();
      expect(await pageBox.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    }
  });

  test('a bank-transfer deposit needs a receipt (png/jpg checked first); the operator approves it', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    const dialog = await openMemberCentre(page, m, 'depositv2');
    await expect(dialog.getByTestId('channel-BANK_BDO').locator('input')).toBeChecked();
    await expect(dialog.getByTestId('deposit-accountNo')).toHaveText('0012345678901');
    await dialog.getByLabel('Amount', { exact: true }).fill('150.50');
    await expect(dialog.getByTestId('deposit-preview-credit')).toHaveText('P 150.50');
    await dialog.getByTestId('deposit-submit').click();
    await expect(dialog.getByText('Upload the receipt of your transfer.')).toBeVisible();

    const input = dialog.getByTestId('deposit-receipts-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(dialog.getByText('notes.txt is not a PNG or JPG image.')).toBeVisible();
    await input.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByRole('img', { name: 'Image 1' })).toBeVisible();
    await dialog.getByLabel('Name on the paying account').fill(m.payeeName);
    await dialog.getByLabel('Remark (optional)').fill('Sent from BDO online');
    await dialog.getByTestId('deposit-submit').click();
    await dialog.getByTestId('deposit-confirm-submit').click();
    await expect(dialog.getByTestId('deposit-status-ok')).toContainText('It is credited once approved.');
    const row = dialog.getByTestId('deposit-row').first();
    await expect(row.getByTestId('deposit-status')).toHaveText('Pending');
    // The receipt is shown from the server (fetched with the session, not a public URL).
    await expect(row.getByRole('img', { name: 'Image 1' })).toBeVisible();

    const { list } = await value<{ list: { id: string }[] }>(
      await request.get('/wps/cashier/deposits', { headers: memberHeaders(m) }),
    );
    await operator(request, `/wps/admin/deposits/${list[0]!.id}/approve`);
    const again = await openMemberCentre(page, m, 'depositv2');
    await expect(again.getByTestId('deposit-row').first().getByTestId('deposit-status')).toHaveText(
      'Approved',
    );
    await expect(balance(page)).toHaveText('P 150.50');
  });

  test('a partial payout reported as not received needs proof', async ({ page, request }) => {
    const m = await registerMember(request);
    await credit(request, m, '1000.00');
    await setPaymentPassword(request, m);
    const account = await sendEncrypted<{ id: string }>(request, m, '/wps/cashier/payout-accounts', {
      bankCode: 'GCASH',
      accountNo: '09171234567',
      accountName: m.payeeName,
      paymentPassword: PAYMENT_PASSWORD,
    });
    const withdrawal = await sendEncrypted<{ id: string }>(request, m, '/wps/cashier/withdraw', {
      requestId: requestId(),
      payoutAccountId: account.id,
      amount: '400',
      paymentPassword: PAYMENT_PASSWORD,
    });
    await operator(request, `/wps/admin/withdrawals/${withdrawal.id}/approve`, {
      amount: '150',
      reason: 'Paid in part',
    });

    const dialog = await openMemberCentre(page, m, 'withdraw');
    const card = dialog.getByTestId('withdrawal').first();
    await expect(card.getByTestId('withdrawal-status')).toHaveText('Partly paid');
    await expect(card.getByTestId('withdrawal-paid')).toHaveText('P 150.00');
    await expect(card.getByTestId('withdrawal-remaining')).toHaveText('P 250.00');
    await expect(card).toContainText('Partly paid: P 250.00 still to come.');

    const payout = card.getByTestId('payout');
    await payout.getByTestId('payout-not-received').click();
    await payout.getByTestId('payout-report-submit').click();
    await expect(payout.getByText('Upload at least one image as proof.')).toBeVisible();
    await payout.getByTestId('payout-proof-input').setInputFiles({
      name: 'statement.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await payout.getByLabel('Remark (optional)').fill('Nothing arrived in GCash');
    await payout.getByTestId('payout-report-submit').click();
    await expect(payout.getByTestId('payout-status')).toHaveText('Not received');
    await expect(payout).toContainText('You reported it did not arrive; we are checking.');
    await expect(payout.getByRole('img', { name: 'Image 1' })).toBeVisible();
  });

  test('a downline member pays its upline agent after a confirmation step', async ({ page, request }) => {
    // GOLD2026 is agent01's affiliate code (demo seed).
    const m = await registerMember(request, 'GOLD2026');
    await credit(request, m, '300.00');
    const dialog = await openMemberCentre(page, m, 'transferUpline');
    // No payment password yet: the page sends the member to the security centre to set one.
    await dialog.getByTestId('upline-needs-password').getByRole('button').click();
    await expect(dialog.getByTestId('securityCenter')).toHaveAttribute('aria-current', 'page');
    const payment = dialog.getByTestId('sec-payment');
    await payment.locator('#sec-payment-login').fill(m.password);
    await payment.locator('#sec-payment-new').fill(PAYMENT_PASSWORD);
    await payment.locator('#sec-payment-confirm').fill(PAYMENT_PASSWORD);
    await payment.getByTestId('sec-payment-save').click();
    await expect(payment.getByTestId('sec-payment-status-ok')).toBeVisible();
    await dialog.getByTestId('transferUpline').click();

    await dialog.getByLabel('Amount', { exact: true }).fill('75.25');
    await dialog.getByLabel('Payment password').fill('000000');
    await dialog.getByTestId('upline-submit').click();
    await expect(dialog.getByTestId('upline-confirm')).toContainText('P 75.25');
    await dialog.getByTestId('upline-confirm-submit').click();
    // A wrong payment password: the server's message, and nothing moved.
    await expect(dialog.getByTestId('upline-status-error')).not.toBeEmpty();
    await expect(balance(page)).toHaveText('P 300.00');

    await dialog.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await dialog.getByTestId('upline-submit').click();
    await dialog.getByTestId('upline-confirm-submit').click();
    const result = dialog.getByTestId('upline-result');
    await expect(result).toContainText('agent01');
    await expect(result).toContainText('P 224.75');
    await expect(balance(page)).toHaveText('P 224.75');
    expect(await recordAmounts(dialog, 'UPLINE_TRANSFER')).toEqual(['\u2212P 75.25']);
  });

  test('a single-wallet brand (LOTUS) has one wallet, and its closed upline transfer says so', async ({
    page,
    request,
  }) => {
    // LOTUS's demo01 (seeded, downline of agent01, payment password 123456), in English.
    const ip = randomIp();
    const headers = { 'x-forwarded-for': ip, [HEADERS.device]: 'WEB', [HEADERS.merchant]: 'LOTUS' };
    const login = await value<LoginResult>(
      await request.post('/wps/session/login', {
        headers,
        data: await encrypt(request, headers, { username: 'demo01', password: 'demo1234', type: 'username' }),
      }),
    );
    const before = await value<WalletBalance>(
      await request.get('/wps/v2/wallets/balance', {
        headers: { ...headers, [HEADERS.authorization]: login.token },
      }),
    );
    const main = `RM ${formatMoney(before.mainBalance)}`;
    await page.addInitScript(() => localStorage.setItem('lang', 'EN'));
    const dialog = await openMemberCentre(page, { ...login, ip }, 'transferFund', (path) =>
      hostUrl('lotus.localhost', path),
    );

    // One wallet for every game: no vendor wallets, no total beside it, nothing to transfer.
    await expect(dialog.getByTestId('wallet-single')).toBeVisible();
    await expect(dialog.getByTestId('wallet-main')).toHaveText(main);
    await expect(dialog.getByTestId('wallet-vendors')).toHaveCount(0);
    await expect(dialog.getByTestId('wallet-total')).toHaveCount(0);
    await expect(balance(page)).toHaveText(`RM ${formatMoney(before.sumBalance)}`);

    // The brand keeps transfers to the upline off: the first try gets the server's answer, the
    // form gives way to it, and nothing moved.
    await dialog.getByTestId('transferUpline').click();
    await dialog.getByLabel('Amount', { exact: true }).fill('10');
    await dialog.getByLabel('Payment password').fill('123456');
    await dialog.getByTestId('upline-submit').click();
    await dialog.getByTestId('upline-confirm-submit').click();
    await expect(dialog.getByTestId('upline-disabled')).toHaveText(
      'Transfers to your upline are not available.',
    );
    await expect(dialog.getByTestId('upline-submit')).toHaveCount(0);
    await dialog.getByTestId('transferFund').click();
    await expect(dialog.getByTestId('wallet-main')).toHaveText(main);
  });
});
