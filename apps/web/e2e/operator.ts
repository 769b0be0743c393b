/**
 * The operator API key of the end-to-end server (a fixed test value, never a real secret). The
 * server (serve.ts) is started with it; specs send it in X-Api-Key to approve deposits, pay
 * withdrawals and make adjustments. Its own module, so a spec can import it without starting a server.
 */
export const ADMIN_API_KEY = 'e2e-admin-key-0123456789';
