import { useTranslation } from 'react-i18next';

/** The cashier tab of Reports (built out in its own change). */
export default function CashierTab() {
  const { t } = useTranslation('reportsCashier');
  return <p className="bo-muted">{t('title')}</p>;
}
