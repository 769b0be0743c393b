import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../../lib/storage';
import { useAnnouncements } from '../api/get-announcements';
import { NoticeModal } from './notice-modal';

const SEEN_KEY = 'popupNoticesSeen';

/** Popup notices (type PU) open once per browser session, on the home page. */
export function PopupNotices() {
  const { t } = useTranslation();
  const announcements = useAnnouncements();
  const [dismissed, setDismissed] = useState(() => session.get(SEEN_KEY) === '1');
  const popups = announcements.data?.popup ?? [];
  if (dismissed || popups.length === 0) return null;
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
