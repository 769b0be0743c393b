/**
 * The built-in customer-service chat between the site and the back office's chat desk: a member
 * writes from the site's chat window, a support agent takes the conversation on the desk and
 * answers, each side sees the other's messages arrive without a reload (push), and the member's
 * chat comes back after a reload. A VIP member's conversation lands in the VIP queue, above the
 * others; a visitor chats under a nickname.
 */
import { CHAT_PATH, HEADERS } from '@app/contracts';
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { registerMember, signIn, value, type Member } from './api';
import { expect, test } from './fixtures';
import { ADMIN_API_KEY } from './operator';
import { CHAT_SUPPORT, signInStaff } from './staff';

// One support account signs in per test: serial, so its TOTP steps are not used up by a twin.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** The member's chat window, opened as the service window opens it. */
async function memberChat(page: Page, m: Member): Promise<void> {
  await signIn(page, m);
  await page.goto(CHAT_PATH);
  await expect(page.getByTestId('chat-composer')).toBeVisible();
}

async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-text').fill(text);
  await page.getByTestId('chat-send').click();
}

const lines = (page: Page, sender: 'PLAYER' | 'STAFF') =>
  page.getByTestId('chat-message').and(page.locator(`[data-sender="${sender}"]`));

async function openDesk(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Customer chat' }).click();
  await expect(page.getByTestId('live-badge')).toHaveAttribute('data-live', 'true');
}

async function reply(desk: Page, text: string): Promise<void> {
  await desk.getByRole('textbox', { name: 'Your reply' }).fill(text);
  await desk.getByRole('button', { name: 'Send', exact: true }).click();
}

test('a member chats with support: each sees the other live, the chat survives a reload', async ({
  page,
  request,
  browser,
}) => {
  const m = await registerMember(request);
  await memberChat(page, m);
  await say(page, 'Hello, my deposit has not arrived');
  await expect(lines(page, 'PLAYER').filter({ hasText: 'my deposit has not arrived' })).toBeVisible();
  await expect(page.getByTestId('chat-who')).toContainText('Waiting for an agent');

  const desk = await signInStaff(browser, CHAT_SUPPORT, { brand: 'GOLDEN' });
  await openDesk(desk);
  const row = desk.getByTestId('chat-row').filter({ hasText: m.username });
  await expect(row).toContainText('my deposit has not arrived');
  await row.click();
  await expect(desk.getByTestId('chat-profile')).toHaveAttribute('data-kind', 'member');
  await expect(desk.getByTestId('chat-profile')).toContainText(m.username);
  await desk.getByRole('button', { name: 'Take', exact: true }).click();

  // The member sees who answers, without a reload.
  await expect(page.getByTestId('chat-who')).toContainText('E2E Support is helping you');
  await reply(desk, 'Let me check that for you');
  await expect(lines(page, 'STAFF').filter({ hasText: 'Let me check that for you' })).toBeVisible();

  // The member's next message reaches the desk live.
  await say(page, 'Thank you, it was 500');
  await expect(lines(desk, 'PLAYER').filter({ hasText: 'Thank you, it was 500' })).toBeVisible();

  // A reload comes back to the same conversation, every message in it, and it stays live.
  await page.reload();
  await expect(lines(page, 'PLAYER').filter({ hasText: 'my deposit has not arrived' })).toBeVisible();
  await expect(lines(page, 'STAFF').filter({ hasText: 'Let me check that for you' })).toBeVisible();
  await reply(desk, 'Found it: credited now');
  await expect(lines(page, 'STAFF').filter({ hasText: 'Found it: credited now' })).toBeVisible();

  // Support closes it; the member is told at once.
  await desk.getByRole('button', { name: 'Close', exact: true }).click();
  await desk.getByRole('dialog').locator('button[type="submit"]').click();
  await expect(page.getByTestId('chat-closed')).toBeVisible();
  await desk.context().close();
});

test('a VIP member lands in the VIP queue, above the others; a visitor chats under a nickname', async ({
  page,
  request,
  browser,
}) => {
  const vip = await registerMember(request);
  // An operator sets the level, as the player page does (a season of turnover would too).
  await value(
    await request.put(`/wps/admin/players/${vip.customerId}/vip`, {
      headers: { 'X-Api-Key': ADMIN_API_KEY, [HEADERS.merchant]: 'GOLDEN', 'Idempotency-Key': randomUUID() },
      data: { level: 6, reason: 'VIP chat test' },
    }),
  );
  await memberChat(page, vip);
  await say(page, 'VIP here, a question about my bonus');
  await expect(lines(page, 'PLAYER').filter({ hasText: 'my bonus' })).toBeVisible();

  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  await guest.goto(CHAT_PATH);
  await guest.getByTestId('chat-nickname').fill('Walk-in Wendy');
  await guest.getByTestId('chat-start').click();
  await say(guest, 'How do I register?');
  await expect(lines(guest, 'PLAYER').filter({ hasText: 'How do I register?' })).toBeVisible();

  const desk = await signInStaff(browser, CHAT_SUPPORT, { brand: 'GOLDEN' });
  await openDesk(desk);
  const rows = desk.getByTestId('chat-row');
  const vipRow = rows.filter({ hasText: vip.username });
  const guestRow = rows.filter({ hasText: 'Walk-in Wendy' });
  await expect(vipRow).toContainText('VIP 6');
  await expect(guestRow).toBeVisible();
  const order = await rows.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  const vipAt = order.findIndex((t) => t.includes(vip.username));
  const guestAt = order.findIndex((t) => t.includes('Walk-in Wendy'));
  expect(vipAt, 'the VIP conversation is listed').toBeGreaterThanOrEqual(0);
  expect(vipAt, 'the VIP queue comes first').toBeLessThan(guestAt);

  await guestRow.click();
  await expect(desk.getByTestId('chat-profile')).toHaveAttribute('data-kind', 'visitor');
  await desk.getByRole('button', { name: 'Take', exact: true }).click();
  await reply(desk, 'Tap Join at the top of the page');
  await expect(lines(guest, 'STAFF').filter({ hasText: 'Tap Join' })).toBeVisible();
  // The visitor's reload keeps its conversation (its token is kept on the device).
  await guest.reload();
  await expect(lines(guest, 'PLAYER').filter({ hasText: 'How do I register?' })).toBeVisible();
  await expect(lines(guest, 'STAFF').filter({ hasText: 'Tap Join' })).toBeVisible();
  await visitor.close();
  await desk.context().close();
});
