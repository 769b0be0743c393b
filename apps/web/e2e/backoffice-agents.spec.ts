/**
 * Agents in the back office end to end: the demo owner signs in, makes an hourly-wage contract
 * template, finds agent01 (a top agent of Golden Palm) in the agent tree, grants it a contract
 * from the template, and agent01 sees that contract in force, paid by the platform, on its
 * agent-centre page. The contract is ended again from the back office (the e2e database is shared:
 * other specs read agent01's contracts), and the agent centre shows it ended.
 * An hourly wage is used because the other specs look at agent01's daily wage only.
 */
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { signInOn, specOwner } from './staff';

/** agent01 (demo seed) logs in from its usual address, so no new-device check stops it. */
const AGENT01 = { username: 'agent01', password: 'agent1234', ip: '10.208.8.1' };

/** The spec's own platform owner, signed in (staff.ts). */
const ownerSignIn = (page: Page) => signInOn(page, specOwner('agents'), 'GOLDEN');

async function hourlyPage(page: Page) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': AGENT01.ip });
  await page.goto('/agentHome');
  const form = page.getByTestId('agent-login-form');
  await form.getByLabel('Username').fill(AGENT01.username);
  await form.getByLabel('Password').fill(AGENT01.password);
  await form.getByTestId('agent-login-submit').click();
  await expect(page.getByTestId('agent-home')).toBeVisible();
  await page.getByTestId('open-agent-centre').click();
  const dialog = page.getByRole('dialog', { name: 'Agent centre' });
  await dialog.getByTestId('hourlySalary').click();
  return dialog.getByTestId('contract-page-HOURLY');
}

/** An open dialog by its title (the innermost one when dialogs nest). */
const dialog = (page: Page, title: string) =>
  page
    .locator('dialog[open]')
    .filter({ has: page.getByRole('heading', { name: title, level: 2, exact: true }) })
    .last();

test.describe.configure({ timeout: 150_000 });

test('staff find an agent in the tree, grant it a contract from a template, and the agent centre shows it', async ({
  page,
  browser,
}) => {
  const name = `E2E hourly ${randomUUID().slice(0, 6)}`;
  await ownerSignIn(page);
  await page.getByRole('link', { name: 'Agents', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();

  // A template: hourly wage, 0.80% of the team's turnover from the first hour's first bet. A rate
  // above the brand's cap is refused in the form before anything is sent.
  await page.getByRole('tab', { name: 'Contract templates' }).click();
  await page.getByRole('button', { name: 'New template' }).click();
  const editor = dialog(page, 'New template');
  await editor.getByTestId('template-name').fill(name);
  await editor.getByLabel('Contract').selectOption('HOURLY');
  await editor.getByLabel('Rate %').fill('3.5');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('alert')).toHaveText('The rate cannot be above 3.00% for this contract.');
  await editor.getByLabel('Rate %').fill('0.8');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Hourly wage');

  // The tree: agent01 found by the start of its name, its contracts opened.
  await page.getByRole('tab', { name: 'Agent tree' }).click();
  await page.getByTestId('agent-search').fill('agent0');
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByTestId('agent-results');
  await expect(results.getByTestId('agent-node-agent02')).toBeVisible();
  // agent02 sits under agent01: its path says so.
  await expect(results.locator('li', { has: page.getByTestId('agent-node-agent02') })).toContainText(
    'agent01',
  );
  await results.getByTestId('agent-node-agent01').getByRole('button', { name: 'Contracts' }).click();
  const contracts = dialog(page, 'Contracts of agent01');
  await contracts.getByTestId('grant-template').selectOption({ label: `${name} (Hourly wage, 0.80%)` });
  await contracts.getByRole('button', { name: 'Grant contract' }).click();
  const confirm = dialog(page, 'Grant a platform contract');
  await expect(confirm).toContainText('Grant agent01 a Hourly wage contract of up to 0.80%');
  await confirm.getByRole('button', { name: 'Grant contract' }).click();
  await expect(page.getByText('Contract granted to agent01.')).toBeVisible();
  const held = contracts
    .getByTestId('agent-contracts')
    .getByRole('row', { name: /Hourly wage/ })
    .first();
  await expect(held).toContainText('In force');
  await expect(held).toContainText('Platform');
  await expect(held).toContainText('0.80%');

  // The agent centre: agent01's hourly wage page shows the contract in force, from the platform.
  const agentPage = await (await browser.newContext()).newPage();
  const hourly = await hourlyPage(agentPage);
  const mine = hourly.getByTestId('contract-held');
  await expect(mine).toHaveAttribute('data-state', 'ACCEPTED');
  await expect(mine.getByTestId('contract-rate')).toHaveText('0.80%');

  // Ended again from the back office (a reason is asked for); the agent centre no longer has it in force.
  await held.getByRole('button', { name: 'End contract' }).click();
  const end = dialog(page, 'End this platform contract');
  await end.getByLabel('Reason').fill('e2e: granted for the test only');
  await end.getByRole('button', { name: 'End contract' }).click();
  await expect(page.getByText('Contract ended.')).toBeVisible();
  await expect(
    contracts
      .getByTestId('agent-contracts')
      .getByRole('row', { name: /Hourly wage/ })
      .first(),
  ).toContainText('Ended');
  await agentPage.context().close();
  const later = await (await browser.newContext()).newPage();
  const again = await hourlyPage(later);
  await expect(again.getByTestId('contract-mine-empty')).toBeVisible();
  await later.context().close();
});
