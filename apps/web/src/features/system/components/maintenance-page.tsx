import type { SystemStatusValue } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { ClosedSiteServiceButton } from './customer-service-button';

/** Full-page replacement while the brand is in maintenance. */
export function MaintenancePage({ status }: { status: SystemStatusValue }) {
  const { t, i18n } = useTranslation();
  const end = status.maintenanceEndTime ? new Date(status.maintenanceEndTime) : null;
  const endText = end
    ? new Intl.DateTimeFormat(i18n.language === 'cn' ? 'zh-CN' : i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: status.info.timezone,
      }).format(end)
    : null;
  return (
    <main className="closed-page" data-testid="maintenance-page">
      <div className="closed-card">
        <div className="closed-icon">
          <Icon name="tools" size={56} />
        </div>
        <h1>{t('maintenance.title')}</h1>
        {endText && (
          <p className="closed-end" data-testid="maintenance-end">
            {t('maintenance.until', { time: endText })}
          </p>
        )}
        <p>{t('maintenance.info', { brand: status.info.brandName })}</p>
        <ClosedSiteServiceButton entries={status.info.customerService} />
      </div>
    </main>
  );
}
