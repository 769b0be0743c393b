import type { PromotionSummary } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mediaUrl, useBrand } from '../../../lib/brand';
import { promoDetailLink } from '../promotion-view';
import { ActionButton } from './action-button';
import { ProgressBar } from './progress-bar';
import { PromotionDates } from './promotion-dates';
import { StateBadge } from './state-badge';

/** One promotion on the list: image, state badge, title, summary, period and dates, progress, button. */
export function PromotionCard({ p }: { p: PromotionSummary }) {
  const { t } = useTranslation('promo');
  const brand = useBrand();
  const link = promoDetailLink(p.id);
  const showProgress = p.progress && (p.state === 'PROCESS' || p.state === 'CLAIM');
  return (
    <article className={`promo-card promo-${p.state.toLowerCase()}`} data-testid="promo-card" data-id={p.id}>
      <Link to={link} className="promo-card-image" tabIndex={-1} aria-hidden="true">
        {p.imageUrl ? (
          <img
            src={mediaUrl(brand, p.imageUrl)}
            alt=""
            width={600}
            height={300}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className="promo-card-blank" />
        )}
      </Link>
      <div className="promo-card-body">
        <div className="promo-card-head">
          <h2 className="promo-card-title">
            <Link to={link}>{p.title}</Link>
          </h2>
          <StateBadge state={p.state} />
        </div>
        <p className="promo-summary">{p.summary}</p>
        <PromotionDates p={p} />
        {showProgress && <ProgressBar progress={p.progress!} />}
        {!p.eligible && p.ineligible ? (
          <p className="promo-note" data-testid="promo-ineligible">
            {t(`ineligible.${p.ineligible}`, { level: p.minVipLevel })}
          </p>
        ) : (
          p.minVipLevel > 0 && <p className="promo-note">{t('rules.vip', { level: p.minVipLevel })}</p>
        )}
        <div className="promo-card-actions">
          <Link to={link} className="btn btn-sm" aria-label={t('list.detailsOf', { title: p.title })}>
            {t('list.details')}
          </Link>
          <ActionButton p={p} className="btn btn-sm btn-primary" />
        </div>
      </div>
    </article>
  );
}
