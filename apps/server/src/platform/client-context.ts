import { HEADERS, type Language } from '@app/contracts';
import type { FastifyRequest } from 'fastify';

/** A device id is the client's own random id: anything else is ignored, never stored. */
const DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Who is asking: kept with sessions and login history. */
export interface ClientContext {
  ip: string;
  device: string;
  /** The client's own random device id (x-device-id), when it sent a well-formed one. */
  deviceId?: string | null;
  userAgent: string;
  /** The request's language: what a notice caused by the request is written in. */
  lang?: Language;
}

/** Who is asking, as sessions and login history record it. */
export function clientContext(request: FastifyRequest): ClientContext {
  const device = request.headers[HEADERS.device];
  const deviceId = request.headers[HEADERS.deviceId];
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    device: (typeof device === 'string' ? device : '').slice(0, 40),
    deviceId: typeof deviceId === 'string' && DEVICE_ID.test(deviceId) ? deviceId : null,
    userAgent: (typeof ua === 'string' ? ua : '').slice(0, 300),
    lang: request.lang,
  };
}
