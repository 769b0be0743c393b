import { useTranslation } from 'react-i18next';
import { NoticeList } from '../../../features/messages/components/notice-list';
import '../../../styles/pages.css';

/** Announcement (agent centre): the site's player and promotion notices. */
export function AnnouncementPage() {
  const { t } = useTranslation('agent');
  return (
    <div className="sec-page" data-testid="agent-announcement">
      <h3 className="sec-page-title">{t('menu.announcement')}</h3>
      <NoticeList />
    </div>
  );
}
