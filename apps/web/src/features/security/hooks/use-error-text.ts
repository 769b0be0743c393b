import { useTranslation } from 'react-i18next';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-client';

/** The server's message (already in the member's language), or ours when there is none. */
export function useErrorText() {
  const { t } = useTranslation('security');
  return (err: unknown): string => {
    if (err instanceof ApiError) {
      if (err.code === NETWORK_ERROR) return t('errors.network');
      if (err.message) return err.message;
    }
    return t('errors.system');
  };
}
