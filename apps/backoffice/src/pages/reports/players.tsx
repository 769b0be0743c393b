import { useTranslation } from 'react-i18next';

/** The players tab of Reports (built out in its own change). */
export default function PlayersTab() {
  const { t } = useTranslation('reportsPlayers');
  return <p className="bo-muted">{t('title')}</p>;
}
