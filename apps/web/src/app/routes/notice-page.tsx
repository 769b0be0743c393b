import { useTranslation } from 'react-i18next';
import { NoticeList } from '../../features/messages/components/notice-list';
import '../../styles/pages.css';

export function NoticePage() {
  const { t } = useTranslation();
  return (
    <div className="content-page">
      <h1>{t('notice.title')}</h1>
      <NoticeList />
    </div>
  );
}
