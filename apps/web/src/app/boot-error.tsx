import { useTranslation } from 'react-i18next';
import { ApiError, NETWORK_ERROR } from '../lib/api-client';

/** Shown when the permission call fails: an unknown site address, or no network. */
export function BootError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.code : NETWORK_ERROR;
  const message =
    code === NETWORK_ERROR
      ? t('errors.network')
      : error instanceof ApiError && error.message
        ? error.message
        : t('errors.system');
  return (
    <main className="closed-page" data-testid="boot-error">
      <div className="closed-card" role="alert">
        <h1>{t('errors.title')}</h1>
        <p>{message}</p>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    </main>
  );
}
