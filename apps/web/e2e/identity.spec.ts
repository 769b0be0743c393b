import type { APIRequestContext, Page } from '@playwright/test';
import en from '../src/locales/en.json' with { type: 'json' };
import { expect, test as base } from './fixtures';

/*
 * Identity journeys on brand GOLDEN (SPEC sections 2-5): registration, login by password and by
 * SMS, captcha, free play, extra verification, forced and forgotten passwords, logout and
 * remember-me. Two workers share one server, so every test has its own accounts and numbers,
 * and its own client address (X-Forwarded-For from loopback is trusted by the test server):
 * failed-login counts, captchas, SMS throttles and "new IP" checks are per address.
 */

const rand = (digits: number) =>
  Array.from({ length: digits }, () => Math.floor(Math.random() * 10)).join('');
/** A private address per test: geo-IP knows none, so no region block applies. */
const freshIp = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${rand(2)}.${1 + Math.floor(Math.random() * 250)}`;

const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, use) => {
    await use(freshIp());
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ 'X-Forwarded-For': clientIp });
  },
});

interface Member {
  username: string;
  password: string;
  /** Ten digits (GOLDEN's mobile rule), dialing code 63. */
  mobile: string;
  email: string;
  payeeName: string;
}

function newMember(): Member {
  const id = `${Date.now().toString(36).slice(-5)}${rand(3)}`;
  return {
    username: `e2e${id}`,
    password: `Pass${rand(4)}x`,
    mobile: `9${rand(9)}`,
    email: `e2e${id}@example.test`,
    payeeName: 'Test Player',
  };
}

/** The newest message the dev outbox holds for a phone (63 + number) or an e-mail address. */
async function outbox(request: APIRequestContext, target: string): Promise<string> {
  let body = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/wps/dev/outbox?target=${encodeURIComponent(target)}`);
        const list = ((await res.json()) as { value: { body: string }[] }).value;
        body = list[0]?.body ?? '';
        return body;
      },
      { message: `a message for ${target}` },
    )
    .not.toBe('');
  return body;
}

/** Waits for a new message (not `previous`) and returns its 6-digit code. */
async function codeFor(request: APIRequestContext, target: string, previous = ''): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const body = await outbox(request, target);
      code = /\b(\d{6})\b/.exec(body)?.[1] ?? '';
      return code !== '' && code !== previous;
    })
    .toBe(true);
  return code;
}

const loginModal = (page: Page) => page.locator('#loginPopupModal');
const registerModal = (page: Page) => page.locator('#registerModal');

/** Registers through the register popup (username or mobile tab) and waits to be logged in. */
async function register(page: Page, request: APIRequestContext, m: Member, mode: 'username' | 'mobile') {
  await page.goto('/register');
  const modal = registerModal(page);
  await expect(modal).toBeVisible();
  if (mode === 'username') await modal.getByTestId('tab-username').click();
  await expect(modal.getByTestId(`register-form-${mode}`)).toBeVisible();
  await modal.locator('#reg-username').fill(m.username);
  await modal.locator('#reg-password').fill(m.password);
  await modal.locator('#reg-confirmPassword').fill(m.password);
  await modal.locator('#reg-mobileNum').fill(m.mobile);
  await modal.locator('#reg-payeeName').fill(m.payeeName);
  await modal.locator('#reg-email').fill(m.email);
  // GOLDEN verifies the number (REGMOBVERF3): the code comes from the dev outbox.
  await modal.getByTestId('reg-send-code').click();
  await expect(modal.getByTestId('reg-send-code')).toBeDisabled();
  await expect(modal.getByTestId('reg-send-code')).toHaveText(/\d+ s/);
  await modal.locator('#reg-verificationCode').fill(await codeFor(request, `63${m.mobile}`));
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/wps/member/register'),
  );
  await modal.getByTestId('register-submit').click();
  const res = await answer;
  expect(new URL(res.url()).pathname).toBe(
    mode === 'mobile' ? '/wps/member/register/mobile' : '/wps/member/register',
  );
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-name')).toContainText(m.username);
}

async function logout(page: Page) {
  await page.getByTestId('info-menu-button').click();
  await page.getByTestId('menu-logout').click();
  await page.locator('#logoutConfirmModal').getByTestId('logout-confirm').click();
  await expect(page.getByTestId('login-button')).toBeVisible();
}

async function loginWithPassword(page: Page, username: string, password: string, remember = false) {
  await page.getByTestId('login-button').click();
  const modal = loginModal(page);
  await modal.locator('#login-username').fill(username);
  await modal.locator('#login-password').fill(password);
  if (remember) await modal.getByTestId('remember-me').check();
  await modal.getByRole('button', { name: en.auth.login.submit, exact: true }).click();
}

test.describe('registration', () => {
  test('by username: rule messages, terms, SMS code, then logged in', async ({ page, request }) => {
    test.setTimeout(60_000);
    const m = newMember();
    await page.goto('/register');
    const modal = registerModal(page);
    // Both types are on for GOLDEN, mobile first; the w_register banner heads the popup.
    await expect(modal.getByTestId('tab-mobile')).toHaveAttribute('aria-selected', 'true');
    await expect(modal.locator('img.register-banner')).toBeVisible();
    await modal.getByTestId('tab-username').click();

    // Client-side rules from the brand: messages per pattern family with min and max.
    await modal.locator('#reg-username').fill('9bad');
    await modal.locator('#reg-password').fill('abcdef1');
    await modal.locator('#reg-confirmPassword').fill('abcdef2');
    await modal.locator('#reg-mobileNum').fill('123');
    await modal.getByTestId('register-submit').click();
    await expect(modal.getByTestId('field-reg-username')).toContainText(
      'Enter 2–15 letters or digits, starting with a letter, without spaces or symbols.',
    );
    await expect(modal.getByTestId('field-reg-confirmPassword')).toContainText(
      en.auth.validation.passwordMismatch,
    );
    await expect(modal.getByTestId('field-reg-mobileNum')).toContainText('Enter 10 digits.');
    await expect(modal.getByTestId('field-reg-payeeName')).toContainText(
      'Enter 2–50 English letters and spaces.',
    );
    await expect(modal.getByTestId('field-reg-verificationCode')).toContainText(
      en.auth.validation.codeRequired,
    );
    // No code in the URL: the invitation-code field is offered.
    await expect(modal.locator('#reg-affiliateCode')).toBeVisible();

    // The terms box starts checked; unchecked, the form cannot be sent.
    await expect(modal.getByTestId('register-terms')).toBeChecked();
    await modal.getByTestId('register-terms').uncheck();
    await expect(modal.getByTestId('register-submit')).toBeDisabled();
    await modal.getByTestId('register-terms').check();

    await modal.locator('#reg-username').fill(m.username);
    await modal.locator('#reg-password').fill(m.password);
    await modal.locator('#reg-confirmPassword').fill(m.password);
    await modal.locator('#reg-mobileNum').fill(m.mobile);
    await modal.locator('#reg-payeeName').fill(m.payeeName);
    await modal.getByTestId('reg-send-code').click();
    await modal.locator('#reg-verificationCode').fill(await codeFor(request, `63${m.mobile}`));
    await modal.getByTestId('register-submit').click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('account-name')).toContainText(m.username);
    expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe(m.username);
  });

  test('by mobile number with the SMS code', async ({ page, request }) => {
    test.setTimeout(60_000);
    await register(page, request, newMember(), 'mobile');
  });

  test('a taken username is reported under its field', async ({ page, request }) => {
    test.setTimeout(60_000);
    const first = newMember();
    await register(page, request, first, 'username');
    await logout(page);
    await page.goto('/register');
    const modal = registerModal(page);
    await modal.getByTestId('tab-username').click();
    const second = { ...newMember(), username: first.username };
    await modal.locator('#reg-username').fill(second.username);
    await modal.locator('#reg-password').fill(second.password);
    await modal.locator('#reg-confirmPassword').fill(second.password);
    await modal.locator('#reg-mobileNum').fill(second.mobile);
    await modal.locator('#reg-payeeName').fill(second.payeeName);
    await modal.getByTestId('reg-send-code').click();
    await modal.locator('#reg-verificationCode').fill(await codeFor(request, `63${second.mobile}`));
    await modal.getByTestId('register-submit').click();
    await expect(modal.getByTestId('field-reg-username')).toContainText('This account name is already used.');
  });

  test('an invalid invitation code in the link brings a warning and the field', async ({ page }) => {
    await page.goto('/register?affiliateCode=NOPE999&referralCode=FRIEND1');
    const modal = registerModal(page);
    await expect(modal.getByTestId('invitation-code-error')).toHaveText(en.auth.register.invitationCodeError);
    await expect(modal.locator('#reg-affiliateCode')).toBeVisible();
  });

  test('a valid invitation code in the link is used without showing the field', async ({ page }) => {
    await page.goto('/register?code=GOLD2026');
    const modal = registerModal(page);
    await expect(modal.locator('#reg-username')).toBeVisible();
    await expect(modal.locator('#reg-affiliateCode')).toHaveCount(0);
    await expect(modal.getByTestId('invitation-code-error')).toHaveCount(0);
  });
});

test.describe('login', () => {
  test('three wrong passwords bring the captcha', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('login-button').click();
    const modal = loginModal(page);
    await modal.locator('#login-username').fill(`nobody${rand(6)}`);
    for (let i = 1; i <= 3; i++) {
      await modal.locator('#login-password').fill(`wrong${i}x`);
      await modal.getByRole('button', { name: en.auth.login.submit, exact: true }).click();
      await expect(modal.getByTestId('login-error')).toHaveText('Wrong username or password.');
      if (i < 3) await expect(modal.getByTestId('captcha-image')).toHaveCount(0);
    }
    const image = modal.getByTestId('captcha-image').locator('img');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

    // Without the characters the form is not sent; with wrong ones the server refuses.
    await modal.locator('#login-password').fill('wrong4x');
    await modal.getByRole('button', { name: en.auth.login.submit, exact: true }).click();
    await expect(modal.getByTestId('field-login-captcha')).toContainText(en.auth.validation.captchaRequired);
    const before = await image.getAttribute('src');
    await modal.locator('#login-captcha').fill('ZZZZ');
    await modal.getByRole('button', { name: en.auth.login.submit, exact: true }).click();
    await expect(modal.getByTestId('login-error')).toHaveText('Captcha check failed. Please try again.');
    // The captcha was used up: a new picture is shown.
    await expect(image).not.toHaveAttribute('src', before!);
  });

  test('by SMS code', async ({ page, request }) => {
    test.setTimeout(60_000);
    const m = newMember();
    await register(page, request, m, 'mobile');
    const registrationCode = await codeFor(request, `63${m.mobile}`);
    await logout(page);

    await page.getByTestId('login-button').click();
    const modal = loginModal(page);
    await modal.getByTestId('tab-sms').click();
    await expect(modal.getByTestId('login-country-button')).toHaveText(/\+63/);
    // The number is checked before a code is asked for.
    await modal.getByTestId('login-send-code').click();
    await expect(modal.getByTestId('field-login-mobile')).toContainText(en.auth.validation.mobileRequired);
    await modal.locator('#login-mobile').fill(m.mobile);
    await modal.getByTestId('login-send-code').click();
    await expect(modal.getByTestId('login-send-code')).toHaveText(/Resend in \d+ s/);
    await expect(modal.getByTestId('login-send-code')).toBeDisabled();
    await modal.locator('#login-code').fill(await codeFor(request, `63${m.mobile}`, registrationCode));
    await modal.getByRole('button', { name: en.auth.login.submit, exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('account-name')).toContainText(m.username);
  });

  test('from a new address asks for extra verification', async ({ page, request, browser }) => {
    test.setTimeout(60_000);
    const m = newMember();
    await register(page, request, m, 'username');
    const registrationCode = await codeFor(request, `63${m.mobile}`);
    await logout(page);

    const elsewhere = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': freshIp() } });
    const other = await elsewhere.newPage();
    await other.addInitScript(() => sessionStorage.setItem('popupNoticesSeen', '1'));
    await other.goto('/');
    await loginWithPassword(other, m.username, m.password);
    const verify = other.locator('#verifyLoginModal');
    await expect(verify).toBeVisible();
    await expect(verify).toContainText('+63');
    await verify.getByRole('radio', { name: /SMS code/ }).check();
    await verify.getByTestId('verify-send-code').click();
    await verify.locator('#verify-answer').fill(await codeFor(request, `63${m.mobile}`, registrationCode));
    await verify.getByRole('button', { name: en.auth.verify.submit }).click();
    await expect(verify).toBeHidden();
    await expect(other.getByTestId('account-name')).toContainText(m.username);
    await elsewhere.close();
  });

  test('free play, then a member-centre entry shows the real-account warning', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('login-button').click();
    await loginModal(page).getByTestId('free-play').click();
    await expect(loginModal(page)).toBeHidden();
    await expect(page.getByTestId('account-name')).toContainText(/guest/);
    expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe('4');

    // The member-centre entries of the dropdown are not offered to a trial account.
    await page.getByTestId('info-menu-button').click();
    await expect(page.getByTestId('menu-depositv2')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The account name opens the inbox of the member centre: the guard stops a trial account.
    await page.getByTestId('account-name').click();
    const warning = page.locator('#realAccountModal');
    await expect(warning).toBeVisible();
    await expect(warning.getByTestId('real-account-text')).toHaveText(en.auth.realAccount.text);
    await warning.getByTestId('real-account-confirm').click();
    await expect(warning).toBeHidden();
  });
});

test.describe('passwords', () => {
  test('forgot by e-mail, then the temporary password forces a change, then re-login', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const m = newMember();
    await register(page, request, m, 'username');
    await logout(page);

    await page.getByTestId('login-button').click();
    await loginModal(page).getByTestId('forgot-link').click();
    await expect(page).toHaveURL(/\/forget$/);
    const forgot = page.locator('#forgetPasswordModal');
    // CHNGPASSVERIF3 is on: the mobile method comes first.
    await expect(forgot.getByTestId('tab-mobile')).toHaveAttribute('aria-selected', 'true');
    await forgot.getByTestId('tab-email').click();
    await forgot.locator('#fg-username').fill(m.username);
    await forgot.locator('#fg-email').fill(m.email);
    await forgot.getByRole('button', { name: en.auth.forgot.sendPassword }).click();
    await expect(forgot.getByTestId('forgot-email-sent')).toContainText(en.auth.forgot.emailSent);
    await forgot.getByRole('button', { name: en.auth.common.ok }).click();
    await expect(forgot).toBeHidden();
    await expect(page).toHaveURL(/\/$/);

    const mail = await outbox(request, m.email);
    const temporary = /temporary password is (\S+)\./.exec(mail)![1]!;
    await loginWithPassword(page, m.username, temporary);

    // The forced change cannot be dismissed.
    const change = page.locator('#changePasswordModal');
    await expect(change).toBeVisible();
    await expect(change.getByTestId('forced-change-note')).toBeVisible();
    await expect(change.getByRole('button', { name: en.common.close })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(change).toBeVisible();

    const fresh = `New${rand(5)}z`;
    await change.locator('#cp-old').fill(temporary);
    await change.locator('#cp-new').fill(fresh);
    await change.locator('#cp-confirm').fill(`${fresh}x`);
    await change.getByRole('button', { name: en.auth.changePassword.submit }).click();
    await expect(change.getByTestId('field-cp-confirm')).toContainText(en.auth.validation.passwordMismatch);
    await change.locator('#cp-confirm').fill(fresh);
    await change.getByRole('button', { name: en.auth.changePassword.submit }).click();
    // The server ended every session; the site logged in again with the new password.
    await expect(change).toBeHidden();
    await expect(page.getByTestId('account-name')).toContainText(m.username);

    await logout(page);
    await loginWithPassword(page, m.username, fresh);
    await expect(loginModal(page)).toBeHidden();
    await expect(page.getByTestId('account-name')).toContainText(m.username);
    await expect(page.locator('#changePasswordModal')).toHaveCount(0);
  });

  test('forgot by mobile: code, new password, logged in', async ({ page, request }) => {
    test.setTimeout(60_000);
    const m = newMember();
    await register(page, request, m, 'mobile');
    const registrationCode = await codeFor(request, `63${m.mobile}`);
    await logout(page);

    await page.goto('/forget');
    const forgot = page.locator('#forgetPasswordModal');
    await forgot.locator('#fg-mobile').fill(m.mobile);
    await forgot.getByTestId('fg-send-code').click();
    await forgot.locator('#fg-code').fill(await codeFor(request, `63${m.mobile}`, registrationCode));
    const fresh = `Reset${rand(4)}q`;
    await forgot.locator('#fg-new').fill(fresh);
    await forgot.locator('#fg-confirm').fill(fresh);
    await forgot.getByRole('button', { name: en.auth.forgot.reset }).click();
    await expect(forgot).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('account-name')).toContainText(m.username);

    await logout(page);
    await loginWithPassword(page, m.username, fresh);
    await expect(page.getByTestId('account-name')).toContainText(m.username);
  });
});

test.describe('session', () => {
  test('logout asks first, then forgets the session but keeps the brand', async ({ page, request }) => {
    test.setTimeout(60_000);
    const m = newMember();
    await register(page, request, m, 'username');
    await page.goto('/help');
    await page.getByTestId('info-menu-button').click();
    await page.getByTestId('menu-logout').click();
    const confirm = page.locator('#logoutConfirmModal');
    await expect(confirm).toContainText(en.auth.logout.confirm);
    await confirm.getByRole('button', { name: en.auth.common.cancel }).click();
    await expect(page.getByTestId('account-name')).toBeVisible();

    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    await page.getByTestId('info-menu-button').click();
    await page.getByTestId('menu-logout').click();
    await confirm.getByTestId('logout-confirm').click();
    await expect(page.getByTestId('login-button')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(
      await page.evaluate(() => [sessionStorage.getItem('token'), sessionStorage.getItem('merchantCode')]),
    ).toEqual([null, 'GOLDEN']);
    // The old token is dead on the server too.
    const res = await request.get('/wps/member/info', { headers: { authorization: token! } });
    expect(res.status()).toBe(401);
  });

  test('remember me keeps the member logged in across a browser restart', async ({
    page,
    request,
    browser,
    clientIp,
  }) => {
    test.setTimeout(60_000);
    const m = newMember();
    await register(page, request, m, 'username');
    await logout(page);
    await loginWithPassword(page, m.username, m.password, true);
    await expect(page.getByTestId('account-name')).toContainText(m.username);
    expect(await page.evaluate(() => localStorage.getItem('rememberToken'))).toBeTruthy();

    // A new browser: local storage survives, session storage (the token) does not.
    const state = await page.context().storageState();
    await page.context().close();
    const restarted = await browser.newContext({
      storageState: state,
      extraHTTPHeaders: { 'X-Forwarded-For': clientIp },
    });
    const again = await restarted.newPage();
    await again.addInitScript(() => sessionStorage.setItem('popupNoticesSeen', '1'));
    await again.goto('/');
    await expect(again.getByTestId('account-name')).toContainText(m.username);
    expect(await again.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
    await restarted.close();
  });
});

test.describe('375 px and keyboard', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const path of ['/login', '/register', '/forget']) {
    test(`the popup of ${path} fits without horizontal scroll`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('dialog[open]')).toBeVisible();
      const overflow = await page.evaluate(() => {
        const body = document.querySelector('dialog[open] .modal-body')!;
        return Math.max(
          document.documentElement.scrollWidth - window.innerWidth,
          body.scrollWidth - body.clientWidth,
        );
      });
      expect(overflow).toBe(0);
    });
  }

  test('the country-code picker works with the keyboard and keeps the dialog open on Escape', async ({
    page,
  }) => {
    await page.goto('/forget');
    const modal = page.locator('#forgetPasswordModal');
    const picker = modal.getByTestId('fg-country-button');
    await picker.focus();
    await expect(modal.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(picker).toHaveText(/\+60/);
    await page.keyboard.press('ArrowDown');
    await expect(modal.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal.getByRole('listbox')).toBeHidden();
    await expect(modal).toBeVisible();
  });

  test('closing a routed popup goes to /', async ({ page }) => {
    await page.goto('/login');
    await loginModal(page).getByRole('button', { name: en.common.close }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(loginModal(page)).toHaveCount(0);
  });
});
