import i18next from 'i18next';
import { ApiError, NETWORK_ERROR } from '../api/client';

/** The message to show for a failure: the server's (already in the request's language) or ours. */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.code === NETWORK_ERROR) return i18next.t('common.networkError', { ns: 'common' });
    return e.message || e.code;
  }
  if (e instanceof Error && e.message) return e.message;
  return i18next.t('common.unexpectedError', { ns: 'common' });
}
