import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { useAnnouncements } from '../api/get-announcements';
// Only needed once a notice is clicked.
const NoticeModal = lazy(() => import('./notice-modal').then((m) => ({ default: m.NoticeModal })));

/** A scrolling line of player notices; clicking one opens the notice modal at that notice. */
export function NoticeBar() {
  const { t } = useTranslation();
  const announcements = useAnnouncements();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const notices = announcements.data?.player ?? [];
  // Holds its place while loading (the same boxes, an empty line), so the page below does not
  // jump when notices arrive.
  if (announcements.isPending)
    return (
      <div className="notice-bar" aria-hidden="true">
        <span className="notice-bar-icon">
          <Icon name="megaphone" />
        </span>
        <div className="notice-marquee">
          <ul className="notice-track">
            <li>
              <button type="button" disabled>
                {'\u00a0'}
              </button>
            </li>
          </ul>
        </div>
      </div>
    );
  if (notices.length === 0) return null;

  return (
    <div className="notice-bar" data-testid="notice-bar">
      <span className="notice-bar-icon">
        <Icon name="megaphone" />
      </span>
      <span className="visually-hidden">{t('notice.title')}</span>
      <div className="notice-marquee">
        <ul className="notice-track" style={{ animationDuration: `${Math.max(20, notices.length * 12)}s` }}>
          {notices.map((n, i) => (
            <li key={n.id}>
              <button type="button" onClick={() => setOpenIndex(i)} data-testid={`notice-${i}`}>
                {n.title}
              </button>
            </li>
          ))}
        </ul>
      </div>
      {openIndex !== null && (
        <Suspense fallback={null}>
          <NoticeModal notices={notices} openIndex={openIndex} onClose={() => setOpenIndex(null)} />
        </Suspense>
      )}
    </div>
  );
}
