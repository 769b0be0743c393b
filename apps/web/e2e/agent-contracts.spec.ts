/**
 * Agent contracts (issue 8): agent01 (a top agent of Golden Palm) offers its sub-agent agent02 a
 * daily wage contract with a tier editor checked before the confirmation, agent02 sees the offer
 * badged in the menu, reads the terms and the contract text and accepts it, and both sides see
 * the contract in force. A member of agent02's team bets, the draw settles it, settlement runs for
 * the day so far (the e2e server's harness route: the job pays a day once it has ended, which a
 * spec cannot wait for) and both agents see the statement line. Then the contract pages at 375 px.
 */
import {
  HEADERS,
  formatMoney,
  type AgentHome,
  type LotteryBetResult,
  type LotteryGameInfo,
  type LotteryMyBets,
  type MyContracts,
  type Statement,
} from '@app/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { registerMember, value, type Member } from './api';
import { expect, test } from './fixtures';
import { fund } from './operator';

const brand = { [HEADERS.merchant]: 'GOLDEN' };
const rid = () => randomUUID().replace(/-/g, '');

const credit = (request: APIRequestContext, username: string, amount: string) =>
  fund(request, username, amount);

/** One BIG line on the fast lottery keno, placed in an open draw and waited for until settled. */
async function betAndSettle(request: APIRequestContext, m: Member, amount: string) {
  const headers = { ...brand, [HEADERS.authorization]: m.token, 'x-forwarded-for': m.ip };
  const keno = { gameCode: 'keno', vendor: 'ELOTT' };
  let placed: LotteryBetResult | undefined;
  await expect(async () => {
    const info = await value<LotteryGameInfo>(
      await request.get('/lgw/lottery/game', { params: keno, headers }),
    );
    expect(info.currentDraw?.status).toBe('OPEN');
    placed = await value<LotteryBetResult>(
      await request.post('/lgw/lottery/bet', {
        headers,
        data: {
          ...keno,
          numero: info.currentDraw!.numero,
          requestId: rid(),
          lines: [{ betType: 'BIG', numbers: [], amount }],
        },
      }),
    );
  }).toPass({ timeout: 30_000 });
  const betId = placed!.bets[0]!.betId;
  await expect(async () => {
    const mine = await value<LotteryMyBets>(
      await request.get('/lgw/lottery/bets', { params: keno, headers }),
    );
    expect(['WON', 'LOST']).toContain(mine.list.find((b) => b.betId === betId)?.status);
  }).toPass({ timeout: 45_000 });
}

const AGENT01 = { username: 'agent01', password: 'agent1234', ip: '10.208.8.1' };
const AGENT02 = { username: 'agent02', password: 'agent1234', ip: '10.208.8.2' };

async function agentLogin(page: Page, who: typeof AGENT01) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': who.ip });
  await page.goto('/agentHome');
  const form = page.getByTestId('agent-login-form');
  await form.getByLabel('Username').fill(who.username);
  await form.getByLabel('Password').fill(who.password);
  await form.getByTestId('agent-login-submit').click();
  await expect(page.getByTestId('agent-home')).toBeVisible();
}

const tokenOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('token') ?? '');

/** A retry starts clean: any daily wage offer still awaiting agent02 is rejected first. */
async function rejectPendingOffers(request: APIRequestContext, token: string) {
  const headers = { [HEADERS.authorization]: token, 'x-forwarded-for': AGENT02.ip };
  const mine = await value<MyContracts>(
    await request.get('/wps/agent/contracts', { params: { kind: 'DAILY' }, headers }),
  );
  for (const c of mine.asDownline.filter((c) => c.state === 'PENDING'))
    await value(
      await request.post('/wps/relay/MCS2_processDailySalContract', {
        headers,
        data: { action: 'REJECT', contractId: c.id },
      }),
    );
}

async function openPage(page: Page, key: string) {
  await page.getByTestId('open-agent-centre').click();
  const dialog = page.getByRole('dialog', { name: 'Agent centre' });
  await dialog.getByTestId(key).click();
  await expect(dialog.getByTestId(key)).toHaveAttribute('aria-current', 'page');
  return dialog;
}

/** No horizontal scrolling: neither the page nor the open dialogs are wider than the screen. */
async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const over = (sel: string) => {
      const el = document.querySelector<HTMLElement>(sel);
      return el ? el.scrollWidth - el.clientWidth : 0;
    };
    return {
      doc: document.documentElement.scrollWidth - window.innerWidth,
      dialog: over('#agentCentre'),
      page: over('#agentCentre .mc-page'),
      offer: over('#contractOffer .modal-body'),
    };
  });
  expect(widths).toEqual({ doc: 0, dialog: 0, page: 0, offer: 0 });
}

test.describe('agent contracts', () => {
  test.describe.configure({ timeout: 120_000 });

  test('agent01 offers agent02 a daily wage contract; agent02 reads the terms and accepts it', async ({
    page,
    browser,
    request,
  }) => {
    // agent02 first, in its own browser: a retry finds no offer left awaiting it.
    const context02 = await browser.newContext();
    const page02 = await context02.newPage();
    await page02.addInitScript(() => sessionStorage.setItem('popupNoticesSeen', '1'));
    await agentLogin(page02, AGENT02);
    await rejectPendingOffers(request, await tokenOf(page02));

    // agent01: the daily wage page, no contract of its own (a top agent: the brand's 3% cap).
    await agentLogin(page, AGENT01);
    const dialog = await openPage(page, 'dailyWage');
    const contracts = dialog.getByTestId('contract-page-DAILY');
    await expect(contracts.getByTestId('contract-mine-empty')).toBeVisible();
    await expect(contracts.getByTestId('contract-statements')).toBeVisible();

    await contracts.getByTestId('contract-offer-open').click();
    const offer = page.getByTestId('contract-offer');
    await expect(offer.getByTestId('contract-offer-cap')).toContainText('3.00%');
    // Checked before any confirmation: no downline chosen, empty fields, a rate above the cap.
    await offer.getByTestId('contract-offer-review').click();
    await expect(offer.getByText('Choose a downline agent.')).toBeVisible();
    await expect(offer.getByText('Required.').first()).toBeVisible();
    await offer.getByTestId('contract-offer-member').selectOption({ label: 'agent02' });
    const rows = offer.getByTestId('contract-offer-tier');
    await rows.nth(0).getByTestId('tier-minAmount').fill('0');
    await rows.nth(0).getByTestId('tier-rate').fill('3.5');
    await offer.getByTestId('contract-offer-review').click();
    await expect(rows.nth(0)).toContainText('Above your own rate (3.00%).');
    await rows.nth(0).getByTestId('tier-rate').fill('0.5');
    // A second tier must rise: the same amount is refused.
    await offer.getByTestId('contract-offer-add-tier').click();
    await rows.nth(1).getByTestId('tier-minAmount').fill('0');
    await rows.nth(1).getByTestId('tier-minActive').fill('1');
    await rows.nth(1).getByTestId('tier-rate').fill('1.2');
    await offer.getByTestId('contract-offer-review').click();
    await expect(rows.nth(1)).toContainText('Must not be lower than the tier before');
    await rows.nth(1).getByTestId('tier-minAmount').fill('1000');

    // The confirmation shows the full terms before anything is sent.
    await offer.getByTestId('contract-offer-review').click();
    const confirm = offer.getByTestId('contract-offer-confirm');
    await expect(confirm.getByTestId('contract-offer-account')).toHaveText('agent02');
    await expect(confirm).toContainText('Daily wage');
    await expect(confirm).toContainText('1.20%');
    await expect(confirm.getByTestId('contract-offer-tiers-row')).toHaveCount(2);
    await expect(confirm.getByTestId('contract-offer-tiers-rate')).toHaveText(['0.50%', '1.20%']);
    await confirm.getByTestId('contract-offer-send').click();
    const sent = offer.getByTestId('contract-offer-sent');
    await expect(sent).toContainText('Offer sent to agent02');
    const version = Number((await sent.textContent())?.match(/version (\d+)/)?.[1]);
    expect(version).toBeGreaterThan(0);
    await offer.getByTestId('contract-offer-close').click();
    await expect(offer).toBeHidden();

    // The offer is listed, awaiting agent02's answer.
    const row = contracts.locator('[data-testid="contract-downline-row"][data-account="agent02"]').first();
    await expect(row.getByTestId('contract-state')).toHaveText('Awaiting answer');
    await expect(row.getByTestId('contract-awaiting')).toContainText('agent02');

    // agent02: the daily wage entry carries a badge; the offer shows its terms and text.
    await page02.getByTestId('open-agent-centre').click();
    const dialog02 = page02.getByRole('dialog', { name: 'Agent centre' });
    await expect(dialog02.getByTestId('dailyWage-badge')).toBeVisible();
    await dialog02.getByTestId('dailyWage').click();
    const held = dialog02.locator('[data-testid="contract-held"][data-state="PENDING"]');
    await expect(held.getByTestId('contract-offer-lead')).toContainText(
      `agent01 offers you version ${version}`,
    );
    await expect(held.getByTestId('contract-tiers-rate')).toHaveText(['0.50%', '1.20%']);
    await expect(held.getByTestId('contract-rate')).toHaveText('1.20%');
    const text = held.getByTestId('contract-text');
    await expect(text).toHaveAttribute('open', '');
    await expect(text.locator('pre')).toContainText(
      "Tier 2: team's valid turnover of at least P 1000.00 with at least 1 active member: 1.20%.",
    );
    await held.getByTestId('contract-accept').click();
    await expect(held.getByTestId('contract-confirm')).toContainText(`Accept version ${version}`);
    await held.getByTestId('contract-confirm-submit').click();
    const accepted = dialog02.locator('[data-testid="contract-held"][data-state="ACCEPTED"]');
    await expect(accepted.getByTestId('contract-state')).toHaveText('In force');
    await expect(accepted.getByTestId('contract-version')).toHaveText(`Version ${version}`);
    await expect(dialog02.getByTestId('contract-action-status-ok')).toHaveText(
      'Contract accepted: it is in force.',
    );
    await expect(dialog02.getByTestId('dailyWage-badge')).toHaveCount(0);
    // Nothing settled yet: the day's wage is paid once the day has ended.
    await expect(dialog02.getByTestId('statement-empty')).toBeVisible();

    // agent01 sees it in force.
    await page.reload();
    await openPage(page, 'dailyWage');
    await expect(row.getByTestId('contract-state')).toHaveText('In force');
    await expect(row.getByTestId('contract-terminate')).toBeVisible();

    // A member of agent02's team bets 1,500.00 on a fast lottery and the draw settles it.
    const token02 = await tokenOf(page02);
    const home02 = await value<AgentHome>(
      await request.get('/wps/agent/home', {
        headers: { [HEADERS.authorization]: token02, 'x-forwarded-for': AGENT02.ip },
      }),
    );
    const member = await registerMember(request, home02.affiliateCode!);
    await credit(request, member.username, '2000');
    await betAndSettle(request, member, '1500');

    // Settlement runs (the job's code, for the day so far: see serve.ts) and pays agent02 once.
    const res = await request.post('/e2e/agent-settlement', { data: { merchant: 'GOLDEN', kind: 'DAILY' } });
    const run = (await res.json()) as { written: number };
    expect(run.written).toBeGreaterThanOrEqual(1);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
    const paid = await value<Statement>(
      await request.get('/wps/agent/contracts/statements', {
        params: { startTime: today, endTime: today, kind: 'DAILY', side: 'IN' },
        headers: { [HEADERS.authorization]: token02, 'x-forwarded-for': AGENT02.ip },
      }),
    );
    const line = paid.list.find((l) => l.payer === 'agent01')!;
    // The team's turnover reached tier 2 (1,000.00 and one active member): 1.20% of it.
    expect(line).toMatchObject({ status: 'PAID', tier: 2, rate: 1.2, activeMembers: 1 });
    expect(line.base).toBeGreaterThanOrEqual(1500);
    expect(line.amount).toBe(Math.floor((Math.round(line.base * 100) * 120) / 10_000) / 100);

    // Both see the statement line: paid to agent02, paid by agent01.
    await page02.reload();
    const mine02 = await openPage(page02, 'dailyWage');
    const in02 = mine02.getByTestId('statement-row').first();
    await expect(in02).toHaveAttribute('data-status', 'PAID');
    await expect(in02.getByTestId('statement-amount')).toHaveText(`P ${formatMoney(line.amount)}`);
    // agent02's team reports show the member's bet: team betting and user profit and loss.
    await mine02.getByTestId('teamBetting').click();
    const betRow = mine02.locator(
      `[data-testid="team-betting-table-row"][data-account="${member.username}"]`,
    );
    await expect(betRow).toContainText('P 1,500.00');
    await mine02.getByTestId('userProfitLoss').click();
    await expect(
      mine02.locator(`[data-testid="team-profit-table-row"][data-account="${member.username}"]`),
    ).toContainText('P 1,500.00');

    await page.reload();
    const mine01 = await openPage(page, 'dailyWage');
    await mine01.getByTestId('statement-side').selectOption('OUT');
    const out01 = mine01.getByTestId('statement-row').first();
    await expect(out01).toHaveAttribute('data-status', 'PAID');
    await expect(out01.getByTestId('statement-amount')).toHaveText(`P ${formatMoney(line.amount)}`);
    await context02.close();
  });

  test('at 375 px the contract pages and the offer dialog fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await agentLogin(page, AGENT01);
    const dialog = await openPage(page, 'dividend');
    for (const key of ['dividend', 'dailyWage', 'hourlySalary', 'realTimeSalary']) {
      await dialog.getByTestId(key).click();
      await expect(dialog.getByTestId(key)).toHaveAttribute('aria-current', 'page');
      await expect(dialog.locator('.mc-page .skeleton-block')).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    }
    await dialog.getByTestId('contract-offer-open').click();
    await expect(page.getByTestId('contract-offer-tier-editor')).toBeVisible();
    await page.getByTestId('contract-offer-add-tier').click();
    await expectNoHorizontalScroll(page);
    await page.locator('#contractOffer').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('contract-offer')).toBeHidden();

    // Team management's "set contract": the offer dialog for that downline agent, any kind on.
    await dialog.getByTestId('teamManagement').click();
    const row = dialog.locator('[data-testid="team-row"][data-account="agent02"]');
    await row.getByTestId('team-set-contract').click();
    const offer = page.getByTestId('contract-offer');
    await expect(page.getByRole('dialog', { name: 'Set contract for agent02' })).toBeVisible();
    await expect(offer.getByTestId('contract-offer-member')).toHaveCount(0);
    await expect(offer.getByTestId('contract-offer-kind').locator('option')).toHaveText([
      'Dividend',
      'Daily wage',
      'Hourly salary',
      'Real-time salary',
    ]);
    await expectNoHorizontalScroll(page);
  });
});
