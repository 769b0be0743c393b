import { MENU_ARROW_AFTER, type VendorCard } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl, useBrand } from '../../../lib/brand';
import { onTabKeys } from '../../../components/ui/tab-keys';

interface VendorTabsProps {
  vendors: VendorCard[];
  active: string | null;
  onChoose(vendor: VendorCard): void;
  /** id of the panel the tabs control. */
  panelId: string;
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * One tab per vendor of the type. The row scrolls sideways; with more than MENU_ARROW_AFTER
 * vendors it gets arrow buttons (SPEC section 2), each disabled at its end.
 */
export function VendorTabs({ vendors, active, onChoose, panelId }: VendorTabsProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const track = useRef<HTMLDivElement>(null);
  const arrows = vendors.length > MENU_ARROW_AFTER;
  const [ends, setEnds] = useState({ start: true, end: false });

  const measure = () => {
    const el = track.current;
    if (!el) return;
    setEnds({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  };

  useEffect(() => {
    if (!arrows) return;
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [arrows, vendors.length]);

  // The chosen tab stays in view (a vendor picked from the header may sit far along the row).
  useEffect(() => {
    const el = track.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    const row = track.current;
    if (!el || !row) return;
    const left = el.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + el.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollTo({ left: left - 16, behavior: 'auto' });
    }
  }, [active]);

  const move = (dir: 1 | -1) =>
    track.current?.scrollBy({
      left: dir * track.current.clientWidth * 0.8,
      behavior: reducedMotion() ? 'auto' : 'smooth',
    });

  return (
    <div className={`vendor-tabs${arrows ? ' has-arrows' : ''}`}>
      {arrows && (
        <button
          type="button"
          className="vendor-tabs-arrow prev"
          aria-label={t('games.list.scrollBack')}
          disabled={ends.start}
          onClick={() => move(-1)}
          data-testid="vendor-arrow-prev"
        >
          ‹
        </button>
      )}
      <div
        ref={track}
        className="vendor-tabs-track"
        role="tablist"
        aria-label={t('games.list.vendors')}
        onKeyDown={onTabKeys}
        onScroll={arrows ? measure : undefined}
      >
        {vendors.map((v) => {
          const selected = v.vassalage === active;
          return (
            <button
              key={v.vassalage}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected || (active === null && v === vendors[0]) ? 0 : -1}
              className="vendor-tab"
              onClick={() => onChoose(v)}
              data-testid={`vendor-tab-${v.vassalage}`}
            >
              <img src={mediaUrl(brand, v.logoUrl)} alt="" width={60} height={24} loading="lazy" />
              <span className="vendor-tab-name">{v.displayName}</span>
              {v.isHot === 1 && <span className="vendor-tab-hot">{t('games.card.hot')}</span>}
            </button>
          );
        })}
      </div>
      {arrows && (
        <button
          type="button"
          className="vendor-tabs-arrow next"
          aria-label={t('games.list.scrollOn')}
          disabled={ends.end}
          onClick={() => move(1)}
          data-testid="vendor-arrow-next"
        >
          ›
        </button>
      )}
    </div>
  );
}
