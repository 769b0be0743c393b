import { HEADERS, type Failure } from '@app/contracts';
import { CLIENT } from '../config/brand';
import { currentApiLanguage } from './i18n';
import { useSession } from './session';
import { getDeviceId, getMerchantCode, getToken } from './storage';

/** A failure answered by the API (or the network), with the stable code and a message to show. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly value?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

/** Per-call options: a game client authenticates with its launch ticket, not the member's session. */
export interface RequestOptions {
  /** Extra headers (e.g. X-Game-Token); they win over the defaults. */
  headers?: Record<string, string>;
  /** false: leave the session token out. */
  session?: boolean;
  /** Ends the call early (a long poll whose question changed). */
  signal?: AbortSignal;
}

function headers(options?: RequestOptions): Record<string, string> {
  const h: Record<string, string> = {
    [HEADERS.device]: CLIENT.device,
    [HEADERS.deviceId]: getDeviceId(),
    [HEADERS.gatewayVersion]: CLIENT.gatewayVersion,
    [HEADERS.language]: currentApiLanguage(),
  };
  const merchant = getMerchantCode();
  if (merchant) h[HEADERS.merchant] = merchant;
  const token = options?.session === false ? null : getToken();
  if (token) h[HEADERS.authorization] = token;
  return { ...h, ...options?.headers };
}

function toSearch(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Network failures carry this code; the message is translated by the caller's i18n. */
export const NETWORK_ERROR = 'network.error';

/** fetch with the network failure turned into an ApiError. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    throw new ApiError(NETWORK_ERROR, '', 0);
  }
}

async function request<T>(
  method: string,
  path: string,
  query?: Query,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const res = await send(path + toSearch(query), {
    method,
    headers:
      body === undefined ? headers(options) : { ...headers(options), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options?.signal,
  });
  return unwrap<T>(res);
}

/** The envelope's value, or an ApiError with its code and message. */
async function unwrap<T>(res: Response): Promise<T> {
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(NETWORK_ERROR, '', res.status);
  }
  const env = json as { success?: boolean; value?: T } & Partial<Omit<Failure, 'success'>>;
  if (env.success === true) return env.value as T;
  // A dead session (expired, logged out elsewhere, password changed): forget it here so the
  // site shows the logged-out state; the caller decides whether to open the login popup.
  if (env.errorCode === 'login.not.session' && getToken()) useSession.getState().signOut();
  throw new ApiError(env.errorCode ?? NETWORK_ERROR, env.message ?? '', res.status, env.value);
}

export const api = {
  get: <T>(path: string, query?: Query, options?: RequestOptions) =>
    request<T>('GET', path, query, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, undefined, body, options),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, undefined, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** A file as the raw body, typed by its own Content-Type (receipts: image/png or image/jpeg). */
  async upload<T>(path: string, file: Blob, options?: RequestOptions): Promise<T> {
    const res = await send(path, {
      method: 'POST',
      headers: { ...headers(options), 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
    return unwrap<T>(res);
  },
  /**
   * A protected file (an uploaded receipt) as a Blob: it needs the Authorization header, so an
   * <img src> cannot load it directly. Failures answer as the envelope would.
   */
  async blob(path: string, options?: RequestOptions): Promise<Blob> {
    const res = await send(path, { method: 'GET', headers: headers(options) });
    if (res.ok) return res.blob();
    return unwrap<never>(res);
  },
  /**
   * A call whose body must travel encrypted (login, register, passwords). If the server has
   * rotated its key since it was fetched, the key is fetched again and the call retried once.
   */
  async sendEncrypted<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
    const { encryptPayload, resetPayloadKey } = await import('./payload-crypto');
    try {
      return await request<T>(method, path, undefined, await encryptPayload(body));
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'payload.decrypt.failed') throw err;
      resetPayloadKey();
      return request<T>(method, path, undefined, await encryptPayload(body));
    }
  },
};
