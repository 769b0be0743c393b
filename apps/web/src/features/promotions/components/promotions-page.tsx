import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { onTabKeys } from '../../../components/ui/tab-keys';
import { useSession } from '../../../lib/session';
import '../../../styles/promotions.css';
import { useCategories } from '../api/get-categories';
import { usePromoCounts } from '../api/get-promo-counts';
import { usePromotions } from '../api/get-promotions';
import { PromotionCard } from './promotion-card';

/** How many promotions the member can act on now (SPEC section 3's availablePromoCount). */
function AvailableCount() {
  const { t } = useTranslation('promo');
  const counts = usePromoCounts();
  const count = counts.data?.availablePromoCount ?? 0;
  if (count === 0) return null;
  return (
    <p className="promo-available" data-testid="promo-available">
      {t('page.available', { count })}
    </p>
  );
}

/**
 * The promotions page (`/promotions`): category tabs (all first), the cards of the chosen
 * category with each one's state and button (the member's own when logged in), paged.
 */
export function PromotionsPage() {
  const { t } = useTranslation('promo');
  const panelId = useId();
  const token = useSession((s) => s.token);
  const [category, setCategory] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const categories = useCategories();
  const promotions = usePromotions(category, page);
  const tabs = [{ id: null, name: t('tabs.all') }, ...(categories.data?.list ?? [])];
  const choose = (id: string | null) => {
    setCategory(id);
    setPage(1);
  };

  return (
    <div className="promo-page" data-testid="promotions-page">
      <header className="promo-page-head">
        <h1>{t('page.title')}</h1>
        <p className="lead">{t('page.lead')}</p>
        {token && <AvailableCount />}
      </header>
      <div className="promo-tabs" role="tablist" aria-label={t('tabs.label')} onKeyDown={onTabKeys}>
        {tabs.map((c) => (
          <button
            key={c.id ?? 'all'}
            type="button"
            role="tab"
            aria-selected={c.id === category}
            aria-controls={panelId}
            tabIndex={c.id === category ? 0 : -1}
            className="promo-tab"
            onClick={() => choose(c.id)}
            data-testid={`promo-tab-${c.id ?? 'all'}`}
          >
            {c.name}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel">
        <QueryState query={promotions}>
          {({ list, totalPages }) =>
            list.length === 0 ? (
              <p className="state-box" data-testid="promo-empty">
                {t('list.empty')}
              </p>
            ) : (
              <>
                <div className={promotions.isPlaceholderData ? 'promo-grid is-loading' : 'promo-grid'}>
                  {list.map((p) => (
                    <PromotionCard key={p.id} p={p} />
                  ))}
                </div>
                <Pagination
                  page={page}
                  totalPages={totalPages}
                  onChange={setPage}
                  busy={promotions.isPlaceholderData}
                  label={t('list.pages')}
                />
              </>
            )
          }
        </QueryState>
      </div>
    </div>
  );
}
