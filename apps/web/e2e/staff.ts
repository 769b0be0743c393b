import { expect, test, type Browser, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

/** A back-office account of the end-to-end server, signed in with a password and a TOTP code. */
export interface StaffAccount {
  username: string;
  password: string;
  /** Base32 TOTP secret, already enrolled. */
  secret: string;
}

/** The demo platform owner (README). Specs use `specOwner` instead, so they do not share its codes. */
export const DEMO_OWNER: StaffAccount = {
  username: 'owner',
  password: 'DemoOwner!2026',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

/**
 * The specs that sign a platform owner in, each with an owner of its own (serve.ts creates them,
 * enrolled): the server takes each TOTP step of an account once, so specs sharing one owner in
 * the same half minute would use up each other's codes.
 */
export const SPEC_OWNERS = [
  'agents',
  'agent-moves',
  'aml',
  'brands',
  'games',
  'game-icons',
  'house-games',
  'promotions',
  'rewards',
  'reports-business',
  'reports-cashier',
  'reports-people',
  'reports-agents',
  'reports-exports',
  'reports-screens',
] as const;
export type SpecOwner = (typeof SPEC_OWNERS)[number];

/** A support agent of GOLDEN (serve.ts creates it, enrolled), for the chat spec alone. */
export const CHAT_SUPPORT: StaffAccount = {
  username: 'e2e-chat-support',
  password: 'E2eSupport!2026',
  secret: DEMO_OWNER.secret,
};

/** The platform owner of one spec (fixed test values, never real secrets). */
export function specOwner(spec: SpecOwner): StaffAccount {
  return { username: `e2e-${spec}`, password: 'E2eOwner!2026', secret: DEMO_OWNER.secret };
}

/**
 * Signs a staff member into the back office on `page`. The server takes a TOTP code only from a
 * later step than the account's last one, within ±1 step of its clock: when a code is refused
 * (an earlier sign-in of the same account used this step), the next step is tried, waiting for
 * the clock to come within a step of it (a spec signing in three times in one half minute, or a
 * retry, waits up to 30 s; the test's time limit grows by as much). Selects `brand` when given.
 */
export async function signInOn(page: Page, account: StaffAccount, brand?: string): Promise<Page> {
  await page.goto('/backoffice/');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const otp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(account.secret) });
  for (let step = Math.floor(Date.now() / 30_000), attempt = 0; ; step++, attempt++) {
    const wait = (step - 1) * 30_000 + 500 - Date.now();
    if (wait > 0) {
      test.info().setTimeout(test.info().timeout + wait);
      await page.waitForTimeout(wait);
    }
    await page.getByLabel('6-digit code').fill(otp.generate({ timestamp: step * 30_000 }));
    const verified = page.waitForResponse((r) => r.url().endsWith('/auth/verify'));
    await page.getByRole('button', { name: 'Verify' }).click();
    const answer = (await (await verified).json()) as { success?: boolean };
    if (answer.success === true) break;
    expect(attempt, `the TOTP code of ${account.username} keeps being refused`).toBeLessThan(3);
  }
  await expect(page.locator('.bo-shell')).toBeVisible();
  if (brand) await page.getByLabel('Brand').selectOption(brand);
  return page;
}

/** Signs a staff member in, as `signInOn`, in a browser context of its own. */
export async function signInStaff(
  browser: Browser,
  account: StaffAccount,
  o: { brand?: string; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext(o.viewport ? { viewport: o.viewport } : {});
  return signInOn(await context.newPage(), account, o.brand);
}
