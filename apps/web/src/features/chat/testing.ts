import { vi } from 'vitest';

/**
 * The chat's tests run in Node against a fake of the API: `fetch` is replaced by a table of
 * answers, and every call is recorded (method, path, query, headers, body) so a test can say
 * what was sent, or that nothing was.
 */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; json: unknown } | 'network-down';
type Route = (call: ApiCall) => Answer | Promise<Answer>;

export const ok = (value: unknown): Answer => ({ status: 200, json: { success: true, value } });
export const fail = (status: number, errorCode: string, message = ''): Answer => ({
  status,
  json: { success: false, errorCode, message },
});

/** Storage that lives as long as the test's "device": it survives a reload of the modules. */
export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

/** A browser window as far as the site's storage and push code read it. */
export function fakeWindow(localStorage = memoryStorage()) {
  const win = { localStorage, sessionStorage: memoryStorage(), location: { href: 'http://localhost/chat' } };
  vi.stubGlobal('window', win);
  return win;
}

/** Routes are keyed 'METHOD /path'; a call with no route fails the test loudly. */
export function fakeApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    const raw = init.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      body,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (!route) throw new Error(`no fake answer for ${call.method} ${call.path}`);
    const answer = await route(call);
    if (answer === 'network-down') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.json), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** The calls to one route. */
    to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
