import { useTranslation } from 'react-i18next';

/** The exports tab of Reports (built out in its own change). */
export default function ExportsTab() {
  const { t } = useTranslation('reports');
  return <p className="bo-muted">{t('title')}</p>;
}
