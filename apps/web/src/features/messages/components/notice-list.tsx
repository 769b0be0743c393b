import type { Notice } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state';
import { useAnnouncements } from '../api/get-announcements';

function Notices({ notices }: { notices: Notice[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
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
            // Sanitised by the server before it is sent.
            <div className="rich-text notice-content" dangerouslySetInnerHTML={{ __html: n.content }} />
          )}
        </li>
      ))}
    </ol>
  );
}

/** The notice page: every player and promotion notice, each expandable. */
export function NoticeList() {
  const announcements = useAnnouncements();
  return (
    <QueryState query={announcements}>
      {(data) => <Notices notices={[...data.player, ...data.promotion]} />}
    </QueryState>
  );
}
