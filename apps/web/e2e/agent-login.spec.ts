/**
 * The agent page's login offers every step of the header's login popup (it is the same form):
 * after failed logins from a browser the captcha appears and is answered, and a login from a
 * new address asks for the extra verification.
 */
import { HEADERS } from '@app/contracts';
import type { APIRequestContext } from '@playwright/test';
import en from '../src/locales/en.json' with { type: 'json' };
import { encrypt, randomIp, value } from './api';
import { expect, test } from './fixtures';

/** agent01 (demo seed, GOLDEN): its usual address, the one the agent-centre specs log in from. */
const AGENT_IP = '10.208.8.1';
const AGENT = { username: 'agent01', password: 'agent1234', payeeName: 'GOLDEN AGENT' };

/** The text of the newest captcha this address was shown (the dev outbox keeps it outside production). */
async function captchaText(request: APIRequestContext, ip: string, previous = ''): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const res = await request.get('/wps/dev/outbox', { params: { target: ip } });
      const body = (await value<{ body: string }[]>(res))[0]?.body ?? '';
      text = /^Captcha (\S+)$/.exec(body)?.[1] ?? '';
      return text !== '' && text !== previous;
    })
    .toBe(true);
  return text;
}

test('the agent login asks for the captcha after failures and for the new-address check, and logs in', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // agent01 has logged in from its usual address, so any other address is new to it.
  const headers = { 'x-forwarded-for': AGENT_IP, [HEADERS.device]: 'WEB' };
  await value(
    await request.post('/wps/agent/login', {
      headers,
      data: await encrypt(request, headers, { type: 'username', ...AGENT }),
    }),
  );

  const ip = randomIp();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  await page.goto('/agentHome');
  const form = page.getByTestId('agent-login-form');
  // Three failures from this browser (unknown names: agent01's own count is left alone).
  for (let i = 1; i <= 3; i++) {
    await form.getByLabel('Username').fill(`nobody${i}${Date.now().toString(36)}`);
    await form.getByLabel('Password').fill(`wrong${i}x`);
    await form.getByTestId('agent-login-submit').click();
    await expect(form.getByTestId('agent-login-error')).toHaveText('Wrong username or password.');
  }
  const captcha = form.locator('#agent-login-captcha');
  await expect(captcha).toBeVisible();
  await expect(form.getByTestId('captcha-image').locator('img')).toBeVisible();

  // The right password without the characters is not sent; with wrong ones the server refuses.
  await form.getByLabel('Username').fill(AGENT.username);
  await form.getByLabel('Password').fill(AGENT.password);
  await form.getByTestId('agent-login-submit').click();
  await expect(form.getByTestId('field-agent-login-captcha')).toContainText(
    en.auth.validation.captchaRequired,
  );
  const first = await captchaText(request, ip);
  await captcha.fill('ZZZZ');
  await form.getByTestId('agent-login-submit').click();
  await expect(form.getByTestId('agent-login-error')).toHaveText('Captcha check failed. Please try again.');

  // A new picture was shown; its characters pass, and the new address is checked next.
  await captcha.fill(await captchaText(request, ip, first));
  await form.getByTestId('agent-login-submit').click();
  const verify = page.locator('#verifyLoginModal');
  await expect(verify).toBeVisible();
  // agent01 has neither mobile nor e-mail: its one method is the bank account name.
  await expect(verify).toContainText(en.auth.verify.methods.BANK_NAME);
  await verify.locator('#verify-answer').fill(AGENT.payeeName);
  await verify.getByRole('button', { name: en.auth.verify.submit }).click();
  await expect(verify).toBeHidden();
  await expect(page.getByTestId('agent-home')).toContainText('Welcome, agent01');
});
