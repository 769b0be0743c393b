import { useTranslation } from 'react-i18next';

/** The rewards tab of Reports (built out in its own change). */
export default function RewardsTab() {
  const { t } = useTranslation('reportsRewards');
  return <p className="bo-muted">{t('title')}</p>;
}
