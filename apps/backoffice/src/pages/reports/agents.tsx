import { useTranslation } from 'react-i18next';

/** The agents tab of Reports (built out in its own change). */
export default function AgentsTab() {
  const { t } = useTranslation('reportsAgents');
  return <p className="bo-muted">{t('title')}</p>;
}
