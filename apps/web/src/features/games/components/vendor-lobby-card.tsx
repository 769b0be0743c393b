import type { VendorCard } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { mediaUrl, useBrand } from '../../../lib/brand';

interface VendorLobbyCardProps {
  vendor: VendorCard;
  onPlay(vendor: VendorCard): void;
  /** A launch is running: a second one waits. */
  busy: boolean;
}

/** A vendor of a lobby: logo, name, hot badge and the button that opens its lobby (or game list). */
export function VendorLobbyCard({ vendor, onPlay, busy }: VendorLobbyCardProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <li className="lobby-vendor" data-testid={`lobby-vendor-${vendor.vassalage}`}>
      <div className="lobby-vendor-logo">
        <img src={mediaUrl(brand, vendor.logoUrl)} alt="" width={160} height={64} loading="lazy" />
        {vendor.isHot === 1 && <span className="lobby-hot-badge">{t('lobby.hot')}</span>}
      </div>
      <h2 className="lobby-vendor-name">{vendor.displayName}</h2>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={busy}
        aria-label={t('lobby.playVendor', { name: vendor.displayName })}
        onClick={() => onPlay(vendor)}
      >
        {t('lobby.play')}
      </button>
    </li>
  );
}
