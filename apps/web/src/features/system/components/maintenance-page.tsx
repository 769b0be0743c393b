import type { SystemStatusValue } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ClosedPage } from './closed-page';

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
    <ClosedPage
      testId="maintenance-page"
      icon="tools"
      title={t('maintenance.title')}
      customerService={status.info.customerService}
    >
      {endText && (
        <p className="closed-end" data-testid="maintenance-end">
          {t('maintenance.until', { time: endText })}
        </p>
      )}
      <p>{status.maintenanceMessage || t('maintenance.info', { brand: status.info.brandName })}</p>
    </ClosedPage>
  );
}
