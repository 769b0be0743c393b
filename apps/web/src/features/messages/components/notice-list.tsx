import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnouncements } from '../api/get-announcements';

/** The notice page: every player and promotion notice, each expandable. */
export function NoticeList() {
  const { t } = useTranslation();
  const announcements = useAnnouncements();
  const [open, setOpen] = useState<number | null>(null);

  if (announcements.isPending)
    return <div className="skeleton-block" aria-busy="true" aria-label={t('common.loading')} />;
  if (announcements.isError) {
    return (
      <div className="state-box" role="alert">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void announcements.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const notices = [...announcements.data.player, ...announcements.data.promotion];
  if (notices.length === 0) return <p className="state-box">{t('notice.empty')}</p>;
  return (
    <ol className="notice-list page">
      {notices.map((n) => (
        <li key={n.id} className={open === n.id ? 'notice-item open' : 'notice-item'}>
          <button
            type="button"
            className="notice-head"
            aria-expanded={open === n.id}
            onClick={() => setOpen(open === n.id ? null : n.id)}
          >
            <span className="notice-title">{n.title}</span>
            <time dateTime={n.createdTime}>{n.createdTime.slice(0, 10)}</time>
          </button>
          {open === n.id && (
            <div className="rich-text notice-content" dangerouslySetInnerHTML={{ __html: n.content }} />
          )}
        </li>
      ))}
    </ol>
  );
}
