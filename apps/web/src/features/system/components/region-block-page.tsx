import type { SystemStatusValue } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { ClosedSiteServiceButton } from './customer-service-button';

/** Full-page replacement when the visitor's region is blocked for this brand. */
export function RegionBlockPage({ status }: { status: SystemStatusValue }) {
  const { t } = useTranslation();
  return (
    <main className="closed-page" data-testid="region-block-page">
      <div className="closed-card">
        <div className="closed-icon">
          <Icon name="globe" size={56} />
        </div>
        <h1>{t('region.title')}</h1>
        <p className="closed-ip">
          {t('region.ip')} <strong data-testid="visitor-ip">{status.location.ip}</strong>
        </p>
        <p>{t('region.info', { brand: status.info.brandName })}</p>
        <ClosedSiteServiceButton entries={status.info.customerService} />
      </div>
    </main>
  );
}
