import type { APIRequestContext } from '@playwright/test';

/**
 * The operator API keys of the end-to-end server (fixed test values, never real secrets). The
 * server (serve.ts) is started with them; specs send them in X-Api-Key to approve deposits, pay
 * withdrawals and fund members. Their own module, so a spec can import them without starting a server.
 */
export const ADMIN_API_KEY = 'e2e-admin-key-0123456789';
/**
 * The second operator: a manual adjustment needs a second person (maker-checker), so
 * ADMIN_API_KEY asks for it and this key approves it.
 */
export const CHECKER_API_KEY = 'e2e-checker-key-0123456789';

async function answer<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const json = (await res.json()) as { success: boolean; value: T; errorCode?: string; message?: string };
  if (!json.success) throw new Error(`${res.url()}: ${json.errorCode} ${json.message}`);
  return json.value;
}

/**
 * Gives a member money the way staff do: one operator asks for a manual credit, a second one
 * approves it (only then does the money move). `amount` is positive ("50.00"); the credit carries
 * no turnover to bet first unless `turnoverMultiplier` says so.
 */
export async function fund(
  request: APIRequestContext,
  username: string,
  amount: string,
  o: { merchant?: string; turnoverMultiplier?: number; reason?: string } = {},
): Promise<void> {
  const merchant = o.merchant ?? 'GOLDEN';
  const headers = (key: string) => ({ 'X-Api-Key': key, Merchant: merchant });
  const found = await answer<{ list: { memberId: string; username: string }[] }>(
    await request.get('/wps/admin/players', {
      headers: headers(ADMIN_API_KEY),
      params: { q: username.toLowerCase(), pageSize: '100' },
    }),
  );
  const member = found.list.find((p) => p.username.toLowerCase() === username.toLowerCase());
  if (!member) throw new Error(`fund: no member ${username} in ${merchant}`);
  const asked = await answer<{ approvalId: string }>(
    await request.post(`/wps/admin/players/${member.memberId}/adjustments`, {
      headers: headers(ADMIN_API_KEY),
      data: {
        direction: 'CREDIT',
        amount,
        reason: o.reason ?? 'e2e credit',
        turnoverMultiplier: o.turnoverMultiplier ?? 0,
      },
    }),
  );
  await answer(
    await request.post(`/wps/admin/approvals/${asked.approvalId}/approve`, {
      headers: headers(CHECKER_API_KEY),
      data: {},
    }),
  );
}
