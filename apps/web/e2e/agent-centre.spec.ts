/**
 * The agent centre (issue 8): the agent-page login at /agentHome (non-agents refused), the
 * header's agent entry opening the agent-centre overlay with its menu in the spec's order, a
 * sub-account registered, found in team management and paid with the payment password, the line
 * in transaction details, and the phone layout without horizontal scrolling.
 */
import { HEADERS, type AgentHome, type TeamMembers } from '@app/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { registerMember, uniqueMobile, value } from './api';
import { expect, test } from './fixtures';

/** agent01 (demo seed, GOLDEN, payment password 123456) always logs in from this address. */
const AGENT_IP = '10.208.8.1';
const AGENT = { username: 'agent01', password: 'agent1234', paymentPassword: '123456' };
const MENU = [
  'announcement',
  'teamOverview',
  'registerAccount',
  'teamManagement',
  'teamBetting',
  'userProfitLoss',
  'myIncome',
  'transactionDetails',
  // Golden Palm has every contract feature on (the consolidated flags): all four contract pages.
  'dividend',
  'dailyWage',
  'hourlySalary',
  'realTimeSalary',
];

async function agentLogin(page: Page, username: string, password: string) {
  await page.goto('/agentHome');
  const form = page.getByTestId('agent-login-form');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByTestId('agent-login-submit').click();
}

/** The agent's token as the login left it in sessionStorage. */
const tokenOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('token') ?? '');

async function agentGet<T>(request: APIRequestContext, token: string, path: string, params = {}) {
  return value<T>(
    await request.get(path, {
      params,
      headers: { [HEADERS.authorization]: token, 'x-forwarded-for': AGENT_IP },
    }),
  );
}

/** No horizontal scrolling: neither the page nor the open dialog is wider than the screen. */
async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const dialog = document.querySelector<HTMLElement>('#agentCentre');
    const page = document.querySelector<HTMLElement>('#agentCentre .mc-page');
    return {
      doc: document.documentElement.scrollWidth,
      view: window.innerWidth,
      dialog: dialog ? dialog.scrollWidth - dialog.clientWidth : 0,
      page: page ? page.scrollWidth - page.clientWidth : 0,
    };
  });
  expect(widths.doc).toBeLessThanOrEqual(widths.view);
  expect(widths.dialog).toBeLessThanOrEqual(0);
  expect(widths.page).toBeLessThanOrEqual(0);
}

test.describe('agent centre', () => {
  // Registrations hash passwords (argon2) on two busy cores.
  test.describe.configure({ timeout: 90_000 });

  test('a non-agent is refused at the agent page with the spec message', async ({ page, request }) => {
    const member = await registerMember(request);
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': member.ip });
    await agentLogin(page, member.username, member.password);
    await expect(page.getByTestId('agent-login-error')).toHaveText('This account is not an agent.');
    // No session started.
    expect(await tokenOf(page)).toBe('');
    await expect(page.getByTestId('login-button')).toBeVisible();
  });

  test('an agent logs in at the agent page, reaches /agentHome, opens the centre from the header, registers a sub-account and pays it', async ({
    page,
    request,
  }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': AGENT_IP });
    await agentLogin(page, AGENT.username, AGENT.password);
    await expect(page).toHaveURL(/\/agentHome$/);
    const home = page.getByTestId('agent-home');
    await expect(home).toContainText('Welcome, agent01');
    await expect(home.getByTestId('agent-home-code')).toHaveText('GOLD2026');
    const token = await tokenOf(page);
    const before = await agentGet<AgentHome>(request, token, '/wps/agent/home');

    // The header's information dropdown offers the agent centre to an agent.
    await page.getByTestId('info-menu-button').click();
    await page.getByTestId('menu-agent').click();
    const dialog = page.getByRole('dialog', { name: 'Agent centre' });
    await expect(dialog).toBeVisible();
    const entries = dialog.getByTestId('agent-menu').getByRole('button');
    await expect(entries).toHaveCount(MENU.length);
    expect(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual(MENU);
    // Default page: team overview, with the period's figures.
    await expect(dialog.getByTestId('teamOverview')).toHaveAttribute('aria-current', 'page');
    await expect(dialog.getByTestId('overview-members')).toHaveText(/^\d+$/);

    // Register a sub-account (the brand's rules: checked first, in the user's language).
    await dialog.getByTestId('registerAccount').click();
    const form = dialog.getByTestId('register-account-form');
    await form.getByTestId('register-account-submit').click();
    await expect(form.getByTestId('field-sub-username')).toContainText(/.+/);
    await expect(form.locator('#sub-username')).toHaveAttribute('aria-invalid', 'true');
    const username = `s${randomBytes(4).toString('hex')}`;
    await form.locator('#sub-username').fill(username);
    await form.locator('#sub-password').fill('secure123');
    await form.locator('#sub-confirmPassword').fill('secure123');
    await form.locator('#sub-mobileNum').fill(uniqueMobile());
    await form.locator('#sub-payeeName').fill('Maria Santos');
    await form.getByTestId('register-account-submit').click();
    const done = dialog.getByTestId('register-account-done');
    await expect(done).toContainText(`Account ${username} created`);

    // It is in team management, with no money yet.
    await done.getByTestId('register-account-team').click();
    await expect(dialog.getByTestId('teamManagement')).toHaveAttribute('aria-current', 'page');
    await dialog.getByTestId('team-search').fill(username);
    await dialog.getByTestId('team-search-submit').click();
    const row = dialog.locator(`[data-testid="team-row"][data-account="${username}"]`);
    await expect(row).toBeVisible();
    await expect(dialog.getByTestId('team-row')).toHaveCount(1);
    await expect(row.getByTestId('team-balance')).toHaveText('P 0.00');

    // Esc closes only the dialog on top: the agent centre stays open beneath it.
    await row.getByTestId('team-transfer').click();
    const transfer = page.getByTestId('agent-transfer');
    await expect(transfer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(transfer).toBeHidden();
    await expect(dialog).toBeVisible();

    // Transfer: checked, then confirmed before any money moves.
    await row.getByTestId('team-transfer').click();
    await expect(transfer).toBeVisible();
    await transfer.getByLabel('Amount', { exact: true }).fill('40.50');
    await transfer.getByLabel('Payment password').fill('12');
    await transfer.getByTestId('agent-transfer-submit').click();
    await expect(transfer.getByText('The payment password is 6 digits.')).toBeVisible();
    await transfer.getByLabel('Payment password').fill(AGENT.paymentPassword);
    await transfer.getByTestId('agent-transfer-submit').click();
    await expect(transfer.getByTestId('agent-transfer-confirm')).toContainText(`P 40.50 to ${username}`);
    await transfer.getByTestId('agent-transfer-confirm-submit').click();
    const result = transfer.getByTestId('agent-transfer-result');
    await expect(result).toContainText(username);
    await expect(result.getByTestId('agent-transfer-amount')).toHaveText('P 40.50');
    await transfer.getByTestId('agent-transfer-close').click();
    await expect(transfer).toBeHidden();
    // The list is refreshed: the downline's balance rose.
    await expect(row.getByTestId('team-balance')).toHaveText('P 40.50');

    // The server agrees: the agent's balance dropped, the downline's rose.
    const after = await agentGet<AgentHome>(request, token, '/wps/agent/home');
    expect(Math.round((before.balance - after.balance) * 100)).toBe(4050);
    const team = await agentGet<TeamMembers>(request, token, '/wps/agent/team/members', { username });
    expect(team.list.map((m) => [m.account, m.balance])).toEqual([[username, 40.5]]);

    // The line in transaction details.
    await dialog.getByTestId('transactionDetails').click();
    const line = dialog.getByTestId('agent-transactions-row').filter({ hasText: username });
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId('agent-transactions-amount')).toHaveText('\u2212P 40.50');
  });

  test('at 375 px the agent centre fills the screen without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': AGENT_IP });
    await agentLogin(page, AGENT.username, AGENT.password);
    await expect(page.getByTestId('agent-home')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByTestId('open-agent-centre').click();
    const dialog = page.getByRole('dialog', { name: 'Agent centre' });
    await expect(dialog.getByTestId('overview-stats')).toBeVisible();
    await expectNoHorizontalScroll(page);
    for (const key of [
      'registerAccount',
      'teamManagement',
      'teamBetting',
      'userProfitLoss',
      'transactionDetails',
    ]) {
      await dialog.getByTestId(key).click();
      await expect(dialog.getByTestId(key)).toHaveAttribute('aria-current', 'page');
      await expect(dialog.locator('.mc-page .skeleton-block')).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    }
  });
});
