/**
 * The security centre in the member centre (issue 3). Each test registers its own member
 * through the API (the login UI is not needed), puts the session in sessionStorage and opens
 * the member centre with the `?member=securityCenter` link.
 */
import { HEADERS } from '@app/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { encrypt, randomIp, registerMember, smsCode, uniqueMobile, value, type Member } from './api';
import { expect, test } from './fixtures';

/** The member's session in sessionStorage (as a login leaves it), then the member centre link. */
async function openSecurityCentre(page: Page, member: Member) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': member.ip });
  await page.addInitScript((m) => {
    sessionStorage.setItem('token', m.token);
    sessionStorage.setItem('username', m.username);
    sessionStorage.setItem('isAgent', '0');
    sessionStorage.setItem('customerId', String(m.customerId));
  }, member);
  await page.goto('/?member=securityCenter');
  const dialog = page.getByRole('dialog', { name: 'Member centre' });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('security-centre')).toBeVisible();
  return dialog;
}

/** The member info the server holds for a token (or the error code). */
async function infoFor(request: APIRequestContext, token: string) {
  const res = await request.get('/wps/member/info', { headers: { [HEADERS.authorization]: token } });
  return (await res.json()) as { success: boolean; errorCode?: string; value?: Record<string, unknown> };
}

test.describe('security centre', () => {
  // Each test registers a member (argon2 hashing) before it starts: room for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('opens from the ?member link with its menu entry, and profile changes are saved', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    const dialog = await openSecurityCentre(page, member);
    // The link is consumed: the address is clean again.
    await expect(page).toHaveURL(/\/$/);
    await expect(dialog.getByTestId('securityCenter')).toHaveAttribute('aria-current', 'page');
    await expect(dialog.getByTestId('securityCenter')).toHaveText('My account');

    const profile = dialog.getByTestId('sec-profile');
    await expect(profile.getByTestId('sec-account')).toHaveText(member.username);
    // The real name was given at registration: shown, locked, with the bank-account rule.
    await expect(profile.getByTestId('sec-payee-name')).toHaveText(member.payeeName);
    await expect(profile).toContainText('must match your bank account name');
    await expect(dialog.getByTestId('sec-mobile-current')).toHaveText(
      `+63 ${member.mobileNum.slice(0, 3)}••••${member.mobileNum.slice(-3)}`,
    );

    // Checked before sending.
    await profile.getByLabel('Nickname').fill('Lucky Star');
    await profile.getByLabel('E-mail').fill('not-an-email');
    await profile.getByTestId('sec-profile-save').click();
    await expect(profile.getByText('Please check the format')).toBeVisible();
    await expect(profile.getByLabel('E-mail')).toBeFocused();
    await expect(profile.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');

    await profile.getByLabel('E-mail').fill('lucky@example.com');
    await profile.getByTestId('sec-profile-save').click();
    await expect(profile.getByTestId('sec-profile-status-ok')).toHaveText('Your profile has been saved.');
    const info = await infoFor(request, member.token);
    expect(info.value).toMatchObject({ nickname: 'Lucky Star', email: 'lucky@example.com' });

    // Payment password: 6 digits, set with the login password.
    const payment = dialog.getByTestId('sec-payment');
    await expect(payment.locator('.sec-badge')).toHaveText('Not set');
    await payment.getByLabel('Login password').fill(member.password);
    await payment.locator('#sec-payment-new').fill('12345');
    await payment.locator('#sec-payment-confirm').fill('12345');
    await payment.getByTestId('sec-payment-save').click();
    await expect(payment.getByText('Enter exactly 6 digits.')).toBeVisible();
    await payment.locator('#sec-payment-new').fill('246810');
    await payment.locator('#sec-payment-confirm').fill('246810');
    await payment.getByTestId('sec-payment-save').click();
    await expect(payment.getByTestId('sec-payment-status-ok')).toBeVisible();
    await expect(payment.locator('.sec-badge')).toHaveText('Set');

    // The close button ends it.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('changes the mobile number with a code sent to the new number', async ({ page, request }) => {
    const member = await registerMember(request);
    const dialog = await openSecurityCentre(page, member);
    const mobile = dialog.getByTestId('sec-mobile');
    await mobile.getByTestId('sec-mobile-toggle').click();
    const next = uniqueMobile();
    await mobile.getByLabel('New mobile number').fill(next);
    await mobile.getByTestId('sec-mobile-send').click();
    await expect(mobile.getByTestId('sec-mobile-status-ok')).toContainText('A code has been sent');
    await expect(mobile.getByTestId('sec-mobile-send')).toBeDisabled();
    await mobile.getByLabel('SMS code').fill(await smsCode(request, next));
    await mobile.getByLabel('Login password').fill(member.password);
    await mobile.getByTestId('sec-mobile-save').click();
    await expect(mobile.getByTestId('sec-mobile-done-ok')).toHaveText('Your mobile number has been updated.');
    await expect(mobile.getByTestId('sec-mobile-current')).toHaveText(
      `+63 ${next.slice(0, 3)}••••${next.slice(-3)}`,
    );
  });

  test('turns the authenticator on with a code from the QR secret, and off again', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    const dialog = await openSecurityCentre(page, member);
    const totp = dialog.getByTestId('sec-totp');
    await expect(totp.locator('.sec-card-head .sec-badge')).toHaveText('Off');
    await totp.getByTestId('totp-on').click();

    await expect(totp.getByTestId('totp-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
    const secret = await totp.getByTestId('totp-secret').getAttribute('data-secret');
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    const generator = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret!), digits: 6, period: 30 });

    // A wrong code: the server's message is shown.
    const wrong = String((Number(generator.generate()) + 500_000) % 1_000_000).padStart(6, '0');
    await totp.getByLabel('6-digit code').fill(wrong);
    await totp.getByTestId('totp-enable').click();
    await expect(totp.getByTestId('totp-enable-status-error')).not.toBeEmpty();

    await totp.getByLabel('6-digit code').fill(generator.generate());
    await totp.getByTestId('totp-enable').click();
    await expect(totp.getByTestId('totp-status-ok')).toHaveText('The authenticator is on.');
    await expect(totp.locator('.sec-card-head .sec-badge')).toHaveText('On');
    expect((await infoFor(request, member.token)).value?.totpEnabled).toBe(true);

    await totp.getByTestId('totp-off').click();
    await totp.getByLabel('6-digit code').fill(generator.generate());
    await totp.getByLabel('Login password').fill(member.password);
    await totp.getByTestId('totp-disable').click();
    await expect(totp.getByTestId('totp-status-ok')).toHaveText('The authenticator is off.');
    expect((await infoFor(request, member.token)).value?.totpEnabled).toBe(false);
  });

  test('login history shows the registration login in the brand time zone', async ({ page, request }) => {
    const member = await registerMember(request);
    const dialog = await openSecurityCentre(page, member);
    const history = dialog.getByTestId('sec-history');
    const row = history.getByTestId('login-history-row').first();
    await expect(row).toContainText('Registration');
    await expect(row).toContainText(member.ip);
    await expect(row).toContainText('Success');
    await expect(history).toContainText('Times in Asia/Manila.');

    // Manila is UTC+8 all year: the shown time is the registration moment there.
    const shown = await row.locator('time').textContent();
    const utc = Date.parse(`${shown!.replace(' ', 'T')}+08:00`);
    expect(Math.abs(Date.now() - utc)).toBeLessThan(5 * 60_000);
  });

  test('signs out the other sessions after a confirmation', async ({ page, request }) => {
    const member = await registerMember(request);
    // A second session, as another browser would have (from the same, known address).
    const headers = { 'x-forwarded-for': member.ip };
    const other = await value<{ token: string }>(
      await request.post('/wps/session/login', {
        headers,
        data: await encrypt(request, headers, {
          type: 'username',
          username: member.username,
          password: member.password,
        }),
      }),
    );
    expect((await infoFor(request, other.token)).success).toBe(true);

    const dialog = await openSecurityCentre(page, member);
    const sessions = dialog.getByTestId('sec-sessions');
    await sessions.getByTestId('sec-sessions-logout').click();
    await expect(sessions.getByText('Sign out every other session now?')).toBeVisible();
    await expect(sessions.getByTestId('sec-sessions-confirm')).toBeFocused();
    await sessions.getByTestId('sec-sessions-confirm').click();
    await expect(sessions.getByTestId('sec-sessions-status-ok')).toHaveText(
      'All other sessions have been signed out.',
    );

    expect((await infoFor(request, other.token)).errorCode).toBe('login.not.session');
    expect((await infoFor(request, member.token)).success).toBe(true);
  });

  test('changing the password ends every session and asks for a login', async ({ page, request }) => {
    const member = await registerMember(request);
    const dialog = await openSecurityCentre(page, member);
    const password = dialog.getByTestId('sec-password');

    // The brand's rule (GOLDEN: letters and digits, 6-20) is checked before sending.
    await password.getByLabel('Current password').fill(member.password);
    await password.getByLabel('New password', { exact: true }).fill('onlyletters');
    await password.getByLabel('Confirm new password').fill('different1');
    await password.getByTestId('sec-password-save').click();
    await expect(
      password.getByText('Letters and numbers, at least one of each (6–20 characters)').first(),
    ).toBeVisible();
    await expect(password.getByText('The two entries do not match.')).toBeVisible();

    await password.getByLabel('New password', { exact: true }).fill('renewed456');
    await password.getByLabel('Confirm new password').fill('renewed456');
    await password.getByTestId('sec-password-save').click();
    await expect(password.getByTestId('sec-password-changed')).toContainText('Please log in again');
    await password.getByRole('button', { name: 'Log in again' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.locator('#loginPopupModal')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    expect((await infoFor(request, member.token)).errorCode).toBe('login.not.session');
  });

  test('fits a 375 px phone: full screen, sections stacked, history as cards', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const member = await registerMember(request);
    const dialog = await openSecurityCentre(page, member);
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBe(375);
    expect(box.height).toBe(812);
    await expect(dialog.getByTestId('login-history-row').first()).toBeVisible();
    // Nothing is wider than the screen, and a history row is a card (block, not a table row).
    const overflow = await page.locator('.mc-page').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const display = await dialog
      .getByTestId('login-history-row')
      .first()
      .evaluate((el) => getComputedStyle(el).display);
    expect(display).toBe('block');
  });

  test('without a session the link opens the login popup instead', async ({ page }) => {
    await page.goto('/?member=securityCenter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#loginPopupModal')).toBeVisible();
    await expect(page.locator('#memberCentre')).toHaveCount(0);
  });

  test('a trial (free play) account never sees the member centre', async ({ page, request }) => {
    const headers = { 'x-forwarded-for': randomIp() };
    const trial = await value<{ token: string; username: string; customerId: number; isAgent: number }>(
      await request.post('/wps/session/login/freeplay', {
        headers,
        data: await encrypt(request, headers, { platform: 'W' }),
      }),
    );
    expect(trial.isAgent).toBe(4);
    await page.setExtraHTTPHeaders(headers);
    await page.addInitScript((m) => {
      sessionStorage.setItem('token', m.token);
      sessionStorage.setItem('username', m.username);
      sessionStorage.setItem('isAgent', '4');
      sessionStorage.setItem('customerId', String(m.customerId));
    }, trial);
    await page.goto('/?member=securityCenter');
    await expect(page).toHaveURL(/\/$/);
    // The real-account warning (the protected-action guard's popup) shows instead.
    await expect(page.locator('#realAccountModal')).toBeVisible();
    await expect(page.locator('#memberCentre')).toHaveCount(0);
    await expect(page.getByTestId('security-centre')).toHaveCount(0);
  });
});
