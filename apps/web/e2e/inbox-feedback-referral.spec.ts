/**
 * The inbox's side: an operator's notice read in the inbox (the badge drops) and deleted;
 * feedback sent with a screenshot and answered; the referral programme from invite to reward.
 * Each test registers its own GOLDEN members through the API.
 */
import { HEADERS } from '@app/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { registerMember, signIn, value, type Member } from './api';
import { expect, test } from './fixtures';
import { ADMIN_API_KEY } from './operator';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const operatorHeaders = { 'X-Api-Key': ADMIN_API_KEY, [HEADERS.merchant]: 'GOLDEN', 'X-Operator': 'e2e' };
const memberHeaders = (m: Member) => ({ 'x-forwarded-for': m.ip, [HEADERS.authorization]: m.token });

async function operator<T>(request: APIRequestContext, path: string, data?: unknown): Promise<T> {
  return value<T>(await request.post(path, { headers: operatorHeaders, data }));
}

async function openMemberCentre(page: Page, m: Member, key: string): Promise<Locator> {
  await signIn(page, m);
  await page.goto(`/?member=${key}`);
  const dialog = page.getByRole('dialog', { name: 'Member centre' });
  await expect(dialog.getByTestId(key)).toHaveAttribute('aria-current', 'page');
  return dialog;
}

/** A bank deposit of the member with a receipt, approved by the operator. */
async function approvedDeposit(request: APIRequestContext, m: Member, amount: string): Promise<void> {
  const { imageId } = await value<{ imageId: string }>(
    await request.post('/wps/cashier/images', {
      headers: { ...memberHeaders(m), 'content-type': 'image/png' },
      data: PNG,
    }),
  );
  const { channels } = await value<{ channels: { id: string; code: string }[] }>(
    await request.get('/wps/cashier/channels', { headers: memberHeaders(m) }),
  );
  const bank = channels.find((c) => c.code === 'BANK_BDO')!;
  const deposit = await value<{ id: string }>(
    await request.post('/wps/cashier/deposit', {
      headers: memberHeaders(m),
      data: {
        requestId: randomUUID().replace(/-/g, ''),
        channelId: bank.id,
        amount,
        payerName: m.payeeName,
        imageIds: [imageId],
      },
    }),
  );
  await operator(request, `/wps/admin/deposits/${deposit.id}/approve`);
}

test.describe('inbox, feedback and referral', () => {
  // Each test registers members, works through the member centre and has the operator answer or pay:
  // 6-8 s on a quiet machine, past the default 30 s on a loaded one.
  test.describe.configure({ timeout: 60_000 });
  test('an operator notice shows in the inbox, reading it drops the badge, deleting it empties the list', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await operator(request, '/wps/admin/messages', {
      usernames: [m.username],
      title: 'Scheduled maintenance',
      content: 'Slots are down from 02:00 to 03:00.\nThank you for waiting.',
    });
    const dialog = await openMemberCentre(page, m, 'messageV2');
    await expect(dialog.getByTestId('messageV2-badge')).toContainText('1');
    const message = dialog.getByTestId('inbox-message');
    await expect(message).toHaveCount(1);
    await expect(message).toContainText('Scheduled maintenance');
    await message.getByRole('button', { name: /Scheduled maintenance/ }).click();
    await expect(message.getByTestId('inbox-message-body')).toContainText(
      'Slots are down from 02:00 to 03:00.',
    );
    await expect(dialog.getByTestId('messageV2-badge')).toHaveCount(0);

    // Deleting asks first; Back keeps it.
    await message.getByTestId('inbox-delete').click();
    await dialog.getByTestId('inbox-delete-confirm').getByRole('button', { name: 'Back' }).click();
    await expect(message).toHaveCount(1);
    await message.getByTestId('inbox-delete').click();
    await dialog.getByTestId('inbox-delete-confirm-submit').click();
    await expect(dialog.getByTestId('inbox-status-ok')).toHaveText('Messages deleted: 1.');
    await expect(dialog.getByTestId('inbox-empty')).toBeVisible();
  });

  test('feedback is checked, sent with a screenshot, and the answer arrives in the inbox', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    const dialog = await openMemberCentre(page, m, 'messageV2');
    await dialog.getByTestId('tab-feedback').click();
    const form = dialog.getByTestId('feedback-form');
    await expect(dialog.getByTestId('feedback-empty')).toBeVisible();
    await form.getByLabel('Topic').selectOption('GAME');
    await form.getByTestId('feedback-content').fill('Hey');
    await form.getByTestId('feedback-submit').click();
    await expect(form.getByText('Please write at least 5 characters.')).toBeVisible();
    await form.getByTestId('feedback-content').fill('The fishing game froze after the boss fish.');
    await expect(form.getByText('97 characters left')).toBeVisible();
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByTestId('feedback-images').locator('img')).toHaveCount(1);
    await form.getByTestId('feedback-submit').click();
    await expect(dialog.getByTestId('feedback-status-ok')).toHaveText(
      'Thank you! Your feedback has been sent.',
    );
    const item = dialog.getByTestId('feedback-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('The fishing game froze after the boss fish.');
    await expect(item).toContainText('1 image(s) attached');
    await expect(item).toContainText('Waiting for our reply.');

    const queue = await value<{ id: string; username: string }[]>(
      await request.get('/wps/admin/feedback', { headers: operatorHeaders }),
    );
    const mine = queue.find((f) => f.username === m.username)!;
    await operator(request, `/wps/admin/feedback/${mine.id}/reply`, {
      reply: 'Fixed in today’s update, thank you!',
    });

    // Opened again (the ?member= link leaves the address once the centre is open).
    await page.goto('/?member=messageV2');
    await expect(dialog.getByTestId('messageV2-badge')).toContainText('1');
    const reply = dialog.getByTestId('inbox-message');
    await expect(reply).toContainText('Reply to your feedback');
    await dialog.getByTestId('tab-feedback').click();
    await expect(dialog.getByTestId('feedback-reply')).toContainText('Fixed in today’s update, thank you!');
  });

  test('a friend who signs up with the invite link and deposits earns the inviter a reward, claimed once', async ({
    page,
    request,
  }) => {
    const inviter = await registerMember(request);
    const dialog = await openMemberCentre(page, inviter, 'referral');
    const code = (await dialog.getByTestId('referral-code').innerText()).trim();
    await expect(dialog.getByTestId('referral-qr')).toBeVisible();
    await expect(dialog.getByTestId('referral-rules')).toContainText('at least P 100.00');
    await expect(dialog.getByTestId('referral-empty')).toBeVisible();

    const friend = await registerMember(request, undefined, code);
    await approvedDeposit(request, friend, '100.00');
    await page.goto('/?member=referral');
    const row = dialog.getByTestId('referral-friend');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('referral-state')).toHaveText('Reward ready · P 50.00');
    await expect(row).toContainText('First deposit P 100.00');
    await expect(dialog.getByTestId('referral-qualified')).toHaveText('1');

    await row.getByTestId('referral-claim').click();
    await expect(row.getByTestId('referral-claim-confirm')).toContainText('Claim P 50.00 for inviting');
    await row.getByTestId('referral-claim-confirm-submit').click();
    await expect(dialog.getByTestId('referral-status-ok')).toHaveText(
      'P 50.00 has been added to your wallet.',
    );
    await expect(row.getByTestId('referral-state')).toHaveText('Rewarded · P 50.00');
    await expect(row.getByTestId('referral-claim')).toHaveCount(0);
    await expect(page.getByTestId('header-balance-amount')).toHaveText('P 50.00');
    await expect(dialog.getByTestId('messageV2-badge')).toContainText('1');
  });

  test('a friend signed up from the inviter’s address: the claim waits for review, then the operator pays it', async ({
    page,
    request,
  }) => {
    // Two members, a deposit, a review and the page twice: more than one page visit's time.
    test.setTimeout(60_000);
    const inviter = await registerMember(request);
    const dialog = await openMemberCentre(page, inviter, 'referral');
    const code = (await dialog.getByTestId('referral-code').innerText()).trim();
    const friend = await registerMember(request, undefined, code, inviter.ip);
    await approvedDeposit(request, friend, '100.00');
    await page.goto('/?member=referral');
    const row = dialog.getByTestId('referral-friend');
    await row.getByTestId('referral-claim').click();
    await row.getByTestId('referral-claim-confirm-submit').click();
    await expect(dialog.getByTestId('referral-status-error')).toHaveText(
      'This reward is being reviewed and will be paid once it is approved.',
    );
    await expect(row.getByTestId('referral-state')).toHaveText('Under review · P 50.00');
    await expect(row.getByTestId('referral-claim')).toHaveCount(0);
    await expect(page.getByTestId('header-balance-amount')).toHaveText('P 0.00');

    const held = await value<{ list: { id: string; friend: string; holdReasons: string[] }[] }>(
      await request.get('/wps/admin/referral/rewards?status=HELD', { headers: operatorHeaders }),
    );
    const reward = held.list.find((r) => r.friend === friend.username)!;
    expect(reward.holdReasons).toEqual(['IP']);
    await operator(request, `/wps/admin/referral/rewards/${reward.id}/approve`);
    await page.goto('/?member=referral');
    await expect(row.getByTestId('referral-state')).toHaveText('Rewarded · P 50.00');
    await expect(page.getByTestId('header-balance-amount')).toHaveText('P 50.00');
  });
});
