import type { SystemStatusValue } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ClosedPage } from './closed-page';

/** Full-page replacement when the visitor's region is blocked for this brand. */
export function RegionBlockPage({ status }: { status: SystemStatusValue }) {
  const { t } = useTranslation();
  return (
    <ClosedPage
      testId="region-block-page"
      icon="globe"
      title={t('region.title')}
      customerService={status.info.customerService}
    >
      <p className="closed-ip">
        {t('region.ip')} <strong data-testid="visitor-ip">{status.location.ip}</strong>
      </p>
      <p>{t('region.info', { brand: status.info.brandName })}</p>
    </ClosedPage>
  );
}
