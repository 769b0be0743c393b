import { useTranslation } from 'react-i18next';

/** The business tab of Reports (built out in its own change). */
export default function BusinessTab() {
  const { t } = useTranslation('reportsBusiness');
  return <p className="bo-muted">{t('title')}</p>;
}
