import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Loading skeleton, failure with "try again", or the content once the data is there.
 * Every list or page that loads data shows these states the same way.
 */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return <div className="skeleton-block" aria-busy="true" aria-label={t('common.loading')} />;
  if (query.isError) {
    return (
      <div className="state-box" role="alert">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
