import type { Failure } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** What a test can vary about a request: headers (merchant, language, host, x-forwarded-for) and the socket address. */
export interface CallOptions {
  headers?: Record<string, string>;
  remoteAddress?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
}

interface Answer<T> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

export async function call<T = unknown>(
  app: FastifyInstance,
  url: string,
  opts: CallOptions = {},
): Promise<Answer<T>> {
  const res = await app.inject({
    method: opts.method ?? 'GET',
    url,
    headers: opts.headers,
    remoteAddress: opts.remoteAddress,
  });
  return { status: res.statusCode, body: res.json<T>(), headers: res.headers };
}

/** A successful call: asserts 200 and the success envelope, returns the value. */
export async function getOk<T>(app: FastifyInstance, url: string, opts: CallOptions = {}): Promise<T> {
  const res = await call<{ success: boolean; value: T }>(app, url, opts);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.value;
}

/** A failed call: asserts the failure envelope with this code and status, returns the body. */
export async function getFailure(
  app: FastifyInstance,
  url: string,
  status: number,
  errorCode: string,
  opts: CallOptions = {},
): Promise<Failure> {
  const res = await call<Failure>(app, url, opts);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.body).toMatchObject({ success: false, errorCode });
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  return res.body;
}

/** Field names a request.invalid failure names. */
export function invalidFields(body: Failure): string[] {
  const value = body.value as { fields?: { field: string; message: string }[] } | undefined;
  return (value?.fields ?? []).map((f) => f.field);
}
