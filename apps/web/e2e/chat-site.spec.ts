/**
 * The built-in customer-service chat from the player's side (/chat): a visitor names itself,
 * talks to support and comes back to the same conversation after a reload, then starts anew once
 * support closed it; a member opens without a nickname and sees the unread badge beside "Live chat".
 * Support answers through the operator API (the desk's calls), on GOLDEN, whose chat the spec
 * switches on.
 */
import { HEADERS, type ChatSettings } from '@app/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { registerMember, signIn, value } from './api';
import { expect, test } from './fixtures';
import { ADMIN_API_KEY } from './operator';

const operatorHeaders = { 'X-Api-Key': ADMIN_API_KEY, [HEADERS.merchant]: 'GOLDEN' };
const requestId = () => randomBytes(12).toString('hex');

async function chatOn(request: APIRequestContext): Promise<void> {
  const settings = await value<ChatSettings>(
    await request.get('/wps/admin/chat/settings', { headers: operatorHeaders }),
  );
  if (settings.enabled) return;
  await value(
    await request.put('/wps/admin/chat/settings', {
      headers: operatorHeaders,
      data: { ...settings, enabled: true },
    }),
  );
}

/** The conversation support sees for this nickname (or member username), not yet closed. */
async function conversationOf(request: APIRequestContext, nickname: string): Promise<string> {
  let id: string | undefined;
  await expect(async () => {
    const queue = await value<{ list: { id: string; nickname: string }[] }>(
      await request.get('/wps/admin/chat/queue', { headers: operatorHeaders, params: { status: 'WAITING' } }),
    );
    id = queue.list.find((c) => c.nickname === nickname)?.id;
    expect(id).toBeTruthy();
  }).toPass();
  return id!;
}

const answer = async (request: APIRequestContext, id: string, text: string) =>
  value(
    await request.post(`/wps/admin/chat/${id}/messages`, {
      headers: operatorHeaders,
      data: { requestId: requestId(), text },
    }),
  );

/** Every chat call the page makes, as `METHOD path`. */
function chatCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/wps/chat/')) calls.push(`${r.method()} ${url.pathname}`);
  });
  return calls;
}

test.beforeEach(async ({ request }) => chatOn(request));

test('a visitor names itself, talks to support, keeps the conversation over a reload and starts anew once closed', async ({
  page,
  request,
}) => {
  const calls = chatCalls(page);
  await page.goto('/chat');
  const form = page.getByTestId('chat-nickname-form');
  await expect(form).toBeVisible();

  // Too short: said in words, nothing sent.
  await page.getByTestId('chat-nickname').fill('x');
  await page.getByTestId('chat-start').click();
  await expect(form.getByText('Your name needs at least 2 characters.')).toBeVisible();
  expect(calls).not.toContain('POST /wps/chat/open');

  const nickname = `Vis${randomBytes(3).toString('hex')}`;
  await page.getByTestId('chat-nickname').fill(nickname);
  await page.getByTestId('chat-start').click();
  await expect(page.getByTestId('chat-text')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('chatToken.GOLDEN'));
  expect(token).toBeTruthy();

  // Enter sends; the message comes back from the server as the player's.
  await page.getByTestId('chat-text').fill('Where is my deposit?');
  await page.getByTestId('chat-text').press('Enter');
  const mine = page.locator('[data-testid=chat-message][data-sender=PLAYER]');
  await expect(mine).toHaveText(/Where is my deposit\?/);

  // Not an image the chat takes: refused before any upload.
  await page.getByTestId('chat-file').setInputFiles({
    name: 'anim.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(page.getByTestId('chat-image-problem')).toHaveText('Only PNG or JPEG images can be sent.');
  expect(calls).not.toContain('POST /wps/chat/images');

  // Support answers: the reply shows without a reload.
  const id = await conversationOf(request, nickname);
  await answer(request, id, `Hello ${nickname}, let me check.`);
  const theirs = page.locator('[data-testid=chat-message][data-sender=STAFF]');
  await expect(theirs).toHaveText(new RegExp(`Hello ${nickname}, let me check\\.`));
  await expect(page.getByTestId('chat-who')).toContainText('is helping you');

  // A reload returns to the same conversation.
  await page.reload();
  await expect(mine).toHaveText(/Where is my deposit\?/);
  await expect(theirs).toHaveText(new RegExp(`Hello ${nickname}`));
  expect(await page.evaluate(() => localStorage.getItem('chatToken.GOLDEN'))).toBe(token);

  // Support closes it: the page says so, forgets the token and offers a new chat.
  await value(await request.post(`/wps/admin/chat/${id}/close`, { headers: operatorHeaders }));
  await expect(page.getByTestId('chat-closed')).toBeVisible();
  await expect(page.getByTestId('chat-text')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('chatToken.GOLDEN'))).toBeNull();
  await page.getByTestId('chat-new').click();
  await expect(page.getByTestId('chat-text')).toBeVisible();
  await expect(mine).toHaveCount(0);
  const fresh = await page.evaluate(() => localStorage.getItem('chatToken.GOLDEN'));
  expect(fresh).toBeTruthy();
  expect(fresh).not.toBe(token);
});

test('a member opens without a nickname and sees support’s unread replies beside "Live chat"', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await signIn(page, member);
  const opened = page.waitForRequest((r) => r.url().endsWith('/wps/chat/open'));
  await page.goto('/chat');
  expect((await opened).postDataJSON()).toEqual({});
  await expect(page.getByTestId('chat-nickname-form')).toHaveCount(0);
  await page.getByTestId('chat-text').fill('How do I add a bank card?');
  await page.getByTestId('chat-send').click();
  await expect(page.locator('[data-testid=chat-message][data-sender=PLAYER]')).toHaveText(/bank card/);

  await page.goto('/');
  await expect(page.getByTestId('live-chat')).toBeVisible();
  await expect(page.getByTestId('live-chat-unread')).toHaveCount(0);
  const id = await conversationOf(request, member.username);
  await answer(request, id, 'Member centre, then Bank cards.');
  await expect(page.getByTestId('live-chat-unread')).toHaveText(/^1/);
});
