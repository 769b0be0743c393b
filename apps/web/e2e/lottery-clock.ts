import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Waits until the lottery page's draw takes bets with at least 6 s left, so a slip placed now is
 * in time (the e2e server draws fast lotteries every 20 s, betting closing 2 s before).
 */
export async function waitForOpenBetting(page: Page): Promise<void> {
  await expect(async () => {
    await expect(page.getByTestId('lottery-countdown')).toHaveAttribute('data-phase', 'open', {
      timeout: 200,
    });
    const [mm, ss] = (
      (await page.getByTestId('lottery-countdown').locator('.lt-clock-time').textContent()) ?? ''
    )
      .split(':')
      .map(Number);
    expect(mm! * 60 + ss!).toBeGreaterThanOrEqual(6);
  }).toPass({ timeout: 45_000 });
}
