/**
 * The push channel in the browser: a logged-in member's header balance moves when an operator
 * credits the wallet, with the page left alone (the balance is never polled: only the push can
 * explain it), over the WebSocket and, on a network that refuses WebSockets, over the long poll.
 */
import { registerMember, signIn } from './api';
import { expect, test } from './fixtures';
import { fund } from './operator';

test.describe('push channel', () => {
  // Registration (argon2) and a maker-checker credit per test: room for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('the header balance follows an operator credit without a reload, by WebSocket', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await signIn(page, m);
    // Every frame the page hears on the push channel, from the first one.
    const frames: string[] = [];
    page.on('websocket', (ws) => {
      if (ws.url().includes('/wps/push')) ws.on('framereceived', (f) => frames.push(String(f.payload)));
    });
    await page.goto('/');
    const balance = page.getByTestId('header-balance-amount');
    await expect(balance).toHaveText('P 0.00');
    await expect.poll(() => frames.some((f) => f.includes('"member":true'))).toBe(true);

    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/wallets/balance')) asked.push(r.url());
    });
    // Frames from here on: joining replays the member's events of the moment before (registration's).
    const before = frames.length;
    await fund(request, m.username, '25.00');
    await expect.poll(() => frames.slice(before).some((f) => f.includes('"kind":"wallet"'))).toBe(true);
    await expect(balance).toHaveText('P 25.00', { timeout: 5_000 });
    // One refetch, because of the event.
    expect(asked.length).toBeGreaterThanOrEqual(1);
  });

  test('on a network that refuses WebSockets the long poll carries the same events', async ({
    page,
    request,
  }) => {
    const m = await registerMember(request);
    await signIn(page, m);
    // Every WebSocket to the push channel is refused, as some corporate proxies do.
    let refused = 0;
    await page.routeWebSocket(/\/wps\/push/, (ws) => {
      refused++;
      void ws.close({ code: 1008, reason: 'refused' });
    });
    const polling = page.waitForRequest(
      (r) => r.url().includes('/wps/push/poll') && r.url().includes('cursor='),
    );
    await page.goto('/');
    const balance = page.getByTestId('header-balance-amount');
    await expect(balance).toHaveText('P 0.00');
    await polling;
    expect(refused).toBeGreaterThanOrEqual(2);

    await fund(request, m.username, '12.50');
    await expect(balance).toHaveText('P 12.50', { timeout: 10_000 });
  });
});
