import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  setApiBrand,
  setApiCsrfToken,
  setApiLanguage,
  setUnauthorizedHandler,
} from './client';

function answer(status: number, body: unknown) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('back-office API client', () => {
  it('sends the brand, language, session cookie, and the CSRF token only on changes', async () => {
    const fetch = answer(200, { success: true, value: { ok: 1 } });
    vi.stubGlobal('fetch', fetch);
    setApiBrand('GOLDEN');
    setApiLanguage('th');
    setApiCsrfToken('csrf-1');
    expect(await api.get('/staff', { q: 'a b', empty: '', none: undefined })).toEqual({ ok: 1 });
    await api.post('/staff', { username: 'x' }, { idempotencyKey: 'key-1' });
    const [getUrl, getInit] = fetch.mock.calls[0]!;
    expect(getUrl).toBe('/wps/admin/staff?q=a+b');
    expect(getInit?.credentials).toBe('same-origin');
    expect(getInit?.headers).toMatchObject({ merchant: 'GOLDEN', language: 'th' });
    expect(getInit?.headers).not.toHaveProperty('x-csrf-token');
    const [, postInit] = fetch.mock.calls[1]!;
    expect(postInit?.method).toBe('POST');
    expect(postInit?.body).toBe('{"username":"x"}');
    expect(postInit?.headers).toMatchObject({
      'x-csrf-token': 'csrf-1',
      'idempotency-key': 'key-1',
      'content-type': 'application/json',
    });
  });

  it('turns a failure envelope into an ApiError with code, message and status', async () => {
    vi.stubGlobal('fetch', answer(403, { success: false, errorCode: 'operator.forbidden', message: 'Nope' }));
    const e = await api.del('/api-keys/1').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ code: 'operator.forbidden', message: 'Nope', status: 403 });
  });

  it('a 401 calls the sign-in handler; a network failure is network.error', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    vi.stubGlobal('fetch', answer(401, { success: false, errorCode: 'admin.unauthorized', message: '' }));
    await expect(api.get('/staff')).rejects.toMatchObject({ code: 'admin.unauthorized', status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await expect(api.get('/staff')).rejects.toMatchObject({ code: 'network.error', status: 0 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});
