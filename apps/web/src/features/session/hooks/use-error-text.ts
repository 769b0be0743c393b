import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-client';

/** The text to show for a failed call: the server's message (already in the user's language). */
export function useErrorText(): (err: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && err.code !== NETWORK_ERROR && err.message) return err.message;
      if (err instanceof ApiError && err.code === NETWORK_ERROR) return t('errors.network');
      return t('errors.system');
    },
    [t],
  );
}
