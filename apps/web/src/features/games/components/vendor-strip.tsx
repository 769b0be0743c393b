import { VENDOR_STRIP_SPEED_MS } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Carousel } from '../../../components/ui/carousel';
import { mediaUrl, useBrand } from '../../../lib/brand';
import { useVendors } from '../api/get-vendors';
import { stripVendors } from '../nav-categories';

/** Footer strip of vendor logos (no TCG-prefixed vendors): 10 per view, moving every 3 s. */
export function VendorStrip() {
  const { t } = useTranslation();
  const brand = useBrand();
  const vendors = useVendors();
  const list = stripVendors(vendors.data ?? []);
  if (list.length === 0) return null;
  return (
    <div className="vendor-strip" data-testid="vendor-strip">
      <Carousel
        label={t('footer.providers')}
        delayMs={VENDOR_STRIP_SPEED_MS}
        slides={list.map((v) => (
          <img
            key={v.vassalage}
            src={mediaUrl(brand, v.logoUrl)}
            alt={v.displayName}
            title={v.displayName}
            width={120}
            height={48}
            loading="lazy"
          />
        ))}
      />
    </div>
  );
}
