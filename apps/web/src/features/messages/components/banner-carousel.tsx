import { BANNER_AUTOPLAY_MS, type Banner, type BannerGroup } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Carousel } from '../../../components/ui/carousel';
import { mediaUrl, useBrand } from '../../../lib/brand';
import { useAnnouncements } from '../api/get-announcements';

function BannerSlide({ banner, priority }: { banner: Banner; priority: boolean }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const image = (
    <>
      <img
        src={mediaUrl(brand, banner.url)}
        alt=""
        width={1200}
        height={400}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
      <span className="banner-caption">{banner.title}</span>
    </>
  );
  if (!banner.linkageType || !banner.linkage) return <div className="banner">{image}</div>;
  const open = () => {
    if (banner.linkageType === 'ROUTE') navigate(banner.linkage!);
    else window.open(banner.linkage!, '_blank', 'noopener,noreferrer');
  };
  return (
    <button
      type="button"
      className="banner banner-link"
      onClick={open}
      data-testid={`banner-${banner.bannerId}`}
    >
      {image}
    </button>
  );
}

/** The banner carousel of one banner group; autoplays every 5 s when there is more than one. */
export function BannerCarousel({ group }: { group: BannerGroup }) {
  const { t } = useTranslation();
  const announcements = useAnnouncements();
  const banners = (announcements.data?.banners ?? []).filter((b) => b.groupName === group);

  if (announcements.isPending) return <div className="banner-frame skeleton" aria-hidden="true" />;
  if (banners.length === 0) return null;
  return (
    <div className="banner-frame" data-testid="banner-area" data-group={group}>
      <Carousel
        label={t('banner.label')}
        delayMs={BANNER_AUTOPLAY_MS}
        dotLabel={(n) => t('banner.slide', { n })}
        slides={banners.map((b, i) => (
          <BannerSlide key={b.bannerId} banner={b} priority={i === 0} />
        ))}
      />
    </div>
  );
}
