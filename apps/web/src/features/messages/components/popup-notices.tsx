import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../lib/storage';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint';
import { useAnnouncements } from '../api/get-announcements';
import { NoticeModal } from './notice-modal';

const SEEN_KEY = 'popupNoticesSeen';

/**
 * Popup notices (type PU) open once per browser session, on the home page: a task after the page
 * is drawn, so that opening the dialog does not lay the whole page out inside the page's own render.
 */
export function PopupNotices() {
  const { t } = useTranslation();
  const announcements = useAnnouncements();
  const [dismissed, setDismissed] = useState(() => session.get(SEEN_KEY) === '1');
  const drawn = useAfterFirstPaint();
  const popups = announcements.data?.popup ?? [];
  if (!drawn || dismissed || popups.length === 0) return null;
  return (
    <NoticeModal
      notices={popups}
      openIndex={0}
      title={t('notice.popupTitle')}
      onClose={() => {
        session.set(SEEN_KEY, '1');
        setDismissed(true);
      }}
    />
  );
}
