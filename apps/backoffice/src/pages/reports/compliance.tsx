import { useTranslation } from 'react-i18next';

/** The compliance tab of Reports (built out in its own change). */
export default function ComplianceTab() {
  const { t } = useTranslation('reportsCompliance');
  return <p className="bo-muted">{t('title')}</p>;
}
