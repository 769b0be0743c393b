/**
 * Site content end to end: the owner's API key makes a content manager (role "content"), who
 * signs into the back office (one-time password, new password, TOTP), uploads a home-page banner
 * image, schedules the banner a few seconds ahead and publishes it. The player site does not show
 * it before its start, and shows it within seconds after (no restart, no cache to wait out).
 * The content manager also sends an inbox broadcast to the members registered today: counted
 * before it goes, sent by the server's job, read by a new member in their language.
 */
import { BACKOFFICE_HEADERS, HEADERS, type BannerAdmin } from '@app/contracts';
import type { Browser, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { crc32, deflateSync } from 'node:zlib';
import { registerMember, value } from './api';
import { expect, hostUrl, test } from './fixtures';
import { ADMIN_API_KEY } from './operator';

/** A fixture copy of Golden Palm (serve.ts): the banner and the broadcast reach no other spec's members. */
const BRAND = 'CONTENT';
const HOST = 'content.localhost';
const admin = { [BACKOFFICE_HEADERS.apiKey]: ADMIN_API_KEY, [HEADERS.merchant]: BRAND };

/** A real one-colour PNG of this size (what a designer's export would be, minus the art). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0xc0)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The value of a datetime-local input for an instant (the browser's local time, to the second). */
function localInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A new content manager, signed in through every first-sign-in step, on the spec's brand. */
async function contentManager(browser: Browser, oneTime: string, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/backoffice/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(oneTime);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const newPassword = `Content-${Date.now()}-pass!`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Set up the authenticator' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByLabel('I saved them').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('.bo-shell')).toBeVisible();
  await page.getByLabel('Brand').selectOption(BRAND);
  return page;
}

test.describe.configure({ timeout: 120_000 });

test('a content manager schedules a banner a few seconds ahead and it appears on the player site at its time', async ({
  page,
  request,
  browser,
}) => {
  const username = `cm${Date.now().toString(36)}`;
  const made = await value<{ oneTimePassword: string }>(
    await request.post('/wps/admin/staff', {
      headers: admin,
      data: { username, displayName: 'Content manager', role: 'content' },
    }),
  );
  const bo = await contentManager(browser, made.oneTimePassword, username);

  await bo.getByRole('link', { name: 'Site content', exact: true }).click();
  await expect(bo.getByRole('heading', { name: 'Site content' })).toBeVisible();
  await bo.getByTestId('banner-new').click();
  const editor = bo.getByTestId('banner-editor');
  await editor.getByLabel('Page').selectOption('w_home');

  // An image the wrong size is refused with the rule; the right one is taken.
  await editor
    .getByTestId('banner-file')
    .setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: png(200, 100) });
  await expect(editor.getByRole('alert')).toContainText('200×100');
  await editor
    .getByTestId('banner-file')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png(1200, 400) });
  await expect(editor.getByTestId('banner-uploaded')).toContainText('1200×400');

  const caption = `Opening night ${Date.now().toString(36)}`;
  await editor.getByTestId('banner-title').getByRole('textbox').fill(caption);
  await editor.getByLabel('Opens').selectOption('ROUTE');
  await editor.getByLabel('Link', { exact: true }).fill('/promotions');
  // Its start: far enough ahead to see it absent first, near enough to wait for.
  const startsAt = new Date(Math.ceil((Date.now() + 25_000) / 1000) * 1000);
  await editor.getByTestId('banner-starts').fill(localInput(startsAt));
  await editor.getByTestId('banner-status-PUBLISHED').check();
  await editor.getByRole('button', { name: 'Save' }).click();
  const confirm = bo.getByRole('dialog').filter({ hasText: 'Publish this banner?' });
  await expect(confirm).toContainText('Players will see it from');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(bo.getByRole('row').filter({ hasText: caption })).toContainText('Scheduled');

  const banners = await value<{ list: BannerAdmin[] }>(
    await request.get('/wps/admin/content/banners', { headers: admin }),
  );
  const banner = banners.list.find((b) => b.title.EN === caption);
  expect(banner).toMatchObject({ group: 'w_home', status: 'PUBLISHED', live: false, linkage: '/promotions' });
  expect(Date.parse(banner!.startsAt!)).toBe(startsAt.getTime());

  // Before its start the home page does not show it.
  await page.goto(hostUrl(HOST, '/'));
  await expect(page.getByTestId('banner-area')).toBeVisible();
  expect(Date.now()).toBeLessThan(startsAt.getTime());
  await expect(page.getByTestId(`banner-${banner!.id}`)).toHaveCount(0);

  // From its start, a fresh page shows it within seconds.
  await page.waitForTimeout(Math.max(0, startsAt.getTime() - Date.now()));
  await expect(async () => {
    await page.goto(hostUrl(HOST, '/'));
    await expect(page.getByTestId(`banner-${banner!.id}`)).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
  await expect(page.getByTestId(`banner-${banner!.id}`)).toContainText(caption);

  // The back office shows it live now; its audit rows name the content manager.
  await bo.reload();
  await expect(bo.getByRole('row').filter({ hasText: caption })).toContainText('Live');
});

test('a content manager broadcasts to members registered today; a new member reads it in their language', async ({
  request,
  browser,
}) => {
  const member = await registerMember(request, undefined, undefined, undefined, BRAND);
  const status = await value<{ timezone: string }>(
    await request.get('/wps/system/status', { headers: { [HEADERS.merchant]: BRAND } }),
  );
  // "Today" in the brand's time zone, as the segment counts days.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: status.timezone }).format(new Date());
  const username = `cb${Date.now().toString(36)}`;
  const made = await value<{ oneTimePassword: string }>(
    await request.post('/wps/admin/staff', {
      headers: admin,
      data: { username, displayName: 'Content manager', role: 'content' },
    }),
  );
  const bo = await contentManager(browser, made.oneTimePassword, username);
  await bo.goto('/backoffice/content?tab=broadcasts');
  await bo.getByTestId('broadcast-new').click();
  const editor = bo.getByTestId('broadcast-editor');
  await editor.getByLabel('Registered from').fill(today);
  await editor.getByTestId('broadcast-count').click();
  await expect(editor.getByTestId('broadcast-count-result')).toContainText('members would get it now');

  const title = `Weekend ${Date.now().toString(36)}`;
  const titles = editor.getByTestId('broadcast-title');
  const texts = editor.getByTestId('broadcast-text');
  await titles.getByRole('textbox').fill(title);
  await texts.getByRole('textbox').fill('Double points all weekend.');
  await titles.getByRole('button', { name: /^CN/ }).click();
  await titles.getByRole('textbox').fill(`周末 ${title}`);
  await texts.getByRole('button', { name: /^CN/ }).click();
  await texts.getByRole('textbox').fill('整个周末双倍积分。');
  await editor.getByRole('button', { name: 'Schedule' }).click();
  const confirm = bo.getByRole('dialog').filter({ hasText: 'Schedule this broadcast?' });
  await expect(confirm).toContainText('members will get it');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const row = bo.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();

  // The job sends it within seconds; the new member reads it in Chinese.
  await expect(async () => {
    const inbox = await value<{ list: { kind: string; params: Record<string, string> }[] }>(
      await request.get('/wps/member/messages', {
        headers: {
          [HEADERS.authorization]: member.token,
          [HEADERS.merchant]: BRAND,
          [HEADERS.language]: 'CN',
          'x-forwarded-for': member.ip,
        },
      }),
    );
    expect(
      inbox.list.find((m) => m.kind === 'SYSTEM' && m.params.title === `周末 ${title}`)?.params.content,
    ).toBe('整个周末双倍积分。');
  }).toPass({ timeout: 20_000 });
  await bo.reload();
  await expect(bo.getByRole('row').filter({ hasText: title })).toContainText('Sent');
});
