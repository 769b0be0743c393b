import { VENDORS_PER_DROPDOWN, type GameType, type VendorCard } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { mediaUrl, useBrand } from '../../../lib/brand';
import { setStoredVendor } from '../../../lib/storage';

/** Where choosing a vendor goes: RNG and PVP remember the vendor and open their list page. */
function useChooseVendor() {
  const navigate = useNavigate();
  return (type: GameType, vendor: VendorCard) => {
    if (vendor.gameType === 'RNG' || vendor.gameType === 'PVP') {
      setStoredVendor(vendor.gameType, vendor.vassalage);
      navigate(vendor.gameType === 'RNG' ? paths.rng(vendor.vassalage) : paths.pvp(vendor.vassalage));
    } else {
      navigate(paths.category(type));
    }
  };
}

/** The hover dropdown of a navigation category: up to 30 vendors, hot ones marked. */
export function VendorMenu({ type, vendors }: { type: GameType; vendors: VendorCard[] }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const choose = useChooseVendor();
  return (
    <ul className="vendor-menu" data-testid={`vendor-menu-${type}`}>
      {vendors.slice(0, VENDORS_PER_DROPDOWN).map((v) => (
        <li key={`${v.gameType}-${v.vassalage}`}>
          <button
            type="button"
            onClick={(e) => {
              // The menu shows on hover or focus-within: a kept focus would hold it open over the new page.
              e.currentTarget.blur();
              choose(type, v);
            }}
          >
            <img src={mediaUrl(brand, v.logoUrl)} alt="" width={120} height={48} loading="lazy" />
            <span>{v.displayName}</span>
            {v.isHot === 1 && (
              <span className="hot-badge" title={t('header.hot')}>
                {t('header.hot')}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
