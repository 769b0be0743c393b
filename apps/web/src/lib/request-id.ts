import { useCallback, useRef } from 'react';

/**
 * A fresh idempotency key for one money-moving request (/^[A-Za-z0-9_-]{8,64}$/). A form makes
 * one when it is opened and keeps it until the server has answered, so a retry of the same
 * submission (double click, network error) moves the money once; a new submission gets a new key.
 */
export function newRequestId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/**
 * The request id of a form's submission: the same id while the same body is sent again (a retry
 * after a network failure must not move money twice), a new one once the body changes or after
 * `settle()` (the submission succeeded; the next one is a new request).
 */
export function useRequestId() {
  const last = useRef<{ body: string; id: string } | null>(null);
  const idFor = useCallback((body: unknown): string => {
    const key = JSON.stringify(body);
    if (last.current?.body !== key) last.current = { body: key, id: newRequestId() };
    return last.current.id;
  }, []);
  const settle = useCallback(() => {
    last.current = null;
  }, []);
  return { idFor, settle };
}
