import type { PromotionState } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { STATE_TONE } from '../promotion-view';

/** A promotion state's badge (SPEC section 4 states), coloured by what it means for the member. */
export function StateBadge({ state }: { state: PromotionState }) {
  const { t } = useTranslation('promo');
  return (
    <span
      className={`promo-badge promo-badge-${STATE_TONE[state]}`}
      data-testid="promo-state"
      data-state={state}
    >
      {t(`state.${state}`)}
    </span>
  );
}
