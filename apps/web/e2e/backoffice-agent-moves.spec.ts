/**
 * A move scheduled for later in the back office: the demo owner schedules moving demo01 (under
 * agent01) to agent02 tomorrow at the same time of the brand's day, sees it listed as scheduled
 * with nothing changed in the tree, and cancels it with a reason (so the shared e2e database keeps
 * demo01 where the other specs expect it).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInOn, specOwner } from './staff';

/** The spec's own platform owner, signed in (staff.ts). */
const ownerSignIn = (page: Page) => signInOn(page, specOwner('agent-moves'), 'GOLDEN');

const dialog = (page: Page, title: string) =>
  page
    .locator('dialog[open]')
    .filter({ has: page.getByRole('heading', { name: title, level: 2, exact: true }) })
    .last();

/** A datetime-local value one day later (wall-clock arithmetic: the brand's zone has no DST). */
function nextDay(value: string): string {
  const [d, t] = value.split('T') as [string, string];
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  return `${new Date(Date.UTC(y, m - 1, day + 1)).toISOString().slice(0, 10)}T${t}`;
}

test.describe.configure({ timeout: 120_000 });

test('staff schedule a move for tomorrow, see it listed as scheduled, and cancel it', async ({ page }) => {
  await ownerSignIn(page);
  await page.getByRole('link', { name: 'Agents', exact: true }).click();
  await page.getByTestId('agent-search').fill('demo01');
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByTestId('agent-results')
    .getByTestId('agent-node-demo01')
    .getByRole('button', { name: 'Move' })
    .click();

  const move = dialog(page, 'Move demo01 to another agent');
  await move.getByTestId('move-target').fill('agent02');
  await move.getByRole('button', { name: 'Search' }).click();
  await move.getByRole('radio').first().check();
  await expect(move.getByTestId('move-preview')).toContainText('Team members moving with it: 0');
  // The date is read in the brand's time zone (Golden Palm: Asia/Manila), and the form says so.
  await expect(move.getByText('Effective from (time zone Asia/Manila)')).toBeVisible();
  const when = move.getByTestId('move-when');
  const tomorrow = nextDay(await when.inputValue());
  await when.fill(tomorrow);
  await expect(move.getByTestId('move-scheduled-note')).toContainText('Nothing changes until this time');
  await move.getByRole('button', { name: 'Schedule move' }).click();
  const confirm = dialog(page, 'Move this member');
  await expect(confirm).toContainText('Schedule moving demo01 and its team under agent02');
  await confirm.getByLabel('Reason').fill('e2e: scheduled, then cancelled');
  await confirm.getByRole('button', { name: 'Schedule move' }).click();
  await expect(page.getByText(/The move of demo01 to agent02 is scheduled for/)).toBeVisible();
  await expect(move).toBeHidden();

  // Until its time the tree is unchanged: demo01 is still agent01's.
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByTestId('agent-results').locator('li', { has: page.getByTestId('agent-node-demo01') }),
  ).toContainText('agent01');

  await page.getByRole('tab', { name: 'Moves' }).click();
  const row = page.getByRole('row', { name: /demo01/ }).first();
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText('agent02');
  await row.getByRole('button', { name: 'Cancel move' }).click();
  const cancel = dialog(page, 'Cancel this scheduled move');
  await cancel.getByLabel('Reason').fill('e2e: tidy up');
  await cancel.getByRole('button', { name: 'Cancel move' }).click();
  await expect(page.getByText('The move of demo01 is cancelled.')).toBeVisible();
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText('e2e: tidy up');
  await expect(row.getByRole('button', { name: 'Cancel move' })).toHaveCount(0);
});
