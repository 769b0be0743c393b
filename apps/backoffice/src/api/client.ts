import { BACKOFFICE_HEADERS, HEADERS, type Failure } from '@app/contracts';

/** A failure answered by the API (or the network), with the stable code and a message to show. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Network failures and unreadable answers carry this code; the UI translates it. */
export const NETWORK_ERROR = 'network.error';

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface SendOptions {
  /** A money decision's key, made once per click so a retried request changes nothing twice. */
  idempotencyKey?: string;
}

/**
 * What every request carries: the brand it acts on, the language of error messages, the CSRF
 * token of the session. Set by the session provider and the language picker; kept here (not in
 * React state) so the client works outside components too.
 */
const context: { brand: string | null; language: string; csrfToken: string | null } = {
  brand: null,
  language: 'en',
  csrfToken: null,
};

export function setApiBrand(brand: string | null): void {
  context.brand = brand;
}
export function setApiLanguage(language: string): void {
  context.language = language;
}
export function setApiCsrfToken(token: string | null): void {
  context.csrfToken = token;
}

/** Called on a 401: the session is gone (expired, signed out elsewhere). The app shows sign-in. */
let onUnauthorized: (() => void) | null = null;
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

function headers(method: string, options?: SendOptions): Record<string, string> {
  // The server reads `language`; the contract also names `lang`: both carry the same code.
  const h: Record<string, string> = { [HEADERS.language]: context.language, lang: context.language };
  if (context.brand) h[HEADERS.merchant] = context.brand;
  if (method !== 'GET' && context.csrfToken) h[BACKOFFICE_HEADERS.csrf] = context.csrfToken;
  if (options?.idempotencyKey) h[BACKOFFICE_HEADERS.idempotencyKey] = options.idempotencyKey;
  return h;
}

export function toSearch(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: 'same-origin' });
  } catch {
    throw new ApiError(NETWORK_ERROR, '', 0);
  }
}

/** The envelope's value, or an ApiError with its code and message. */
async function unwrap<T>(res: Response): Promise<T> {
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    if (res.status === 401) onUnauthorized?.();
    throw new ApiError(NETWORK_ERROR, '', res.status);
  }
  const env = json as { success?: boolean; value?: T } & Partial<Omit<Failure, 'success'>>;
  if (env.success === true) return env.value as T;
  if (res.status === 401) onUnauthorized?.();
  throw new ApiError(env.errorCode ?? NETWORK_ERROR, env.message ?? '', res.status);
}

async function request<T>(
  method: string,
  path: string,
  query?: Query,
  body?: unknown,
  options?: SendOptions,
) {
  const h = headers(method, options);
  if (body !== undefined) h['content-type'] = 'application/json';
  const res = await send(path + toSearch(query), {
    method,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return unwrap<T>(res);
}

/** Paths are relative to /wps/admin (e.g. `api.get('/staff')`). */
const BASE = '/wps/admin';

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', BASE + path, query),
  post: <T>(path: string, body?: unknown, options?: SendOptions) =>
    request<T>('POST', BASE + path, undefined, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: SendOptions) =>
    request<T>('PUT', BASE + path, undefined, body ?? {}, options),
  del: <T>(path: string, options?: SendOptions) =>
    request<T>('DELETE', BASE + path, undefined, undefined, options),
  /** A file sent as the raw body, typed by its own Content-Type (a chat image: PNG or JPEG). */
  async upload<T>(path: string, file: Blob): Promise<T> {
    const h = headers('POST');
    h['content-type'] = file.type || 'application/octet-stream';
    return unwrap<T>(await send(BASE + path, { method: 'POST', headers: h, body: file }));
  },
  /** A protected file (a receipt image) as a Blob: failures answer as the envelope would. */
  async blob(path: string): Promise<Blob> {
    const res = await send(BASE + path, { method: 'GET', headers: headers('GET') });
    if (res.ok) return res.blob();
    return unwrap<never>(res);
  },
  /**
   * A file the server builds (CSV export), saved under the name the server gives. The session
   * cookie and brand header must go with it, so a plain link cannot fetch it.
   */
  async download(path: string, query?: Query): Promise<void> {
    const res = await send(BASE + path + toSearch(query), { method: 'GET', headers: headers('GET') });
    if (!res.ok) return unwrap<never>(res);
    const name =
      /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
};

/** A fresh Idempotency-Key: one per click of a money decision. */
export const newIdempotencyKey = (): string => crypto.randomUUID();
