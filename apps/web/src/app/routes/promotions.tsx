import { PromotionsPage as Promotions } from '../../features/promotions/components/promotions-page';

/** `/promotions`: the promotions list (banner group w_promotion above it, from the layout). */
export function PromotionsPage() {
  return <Promotions />;
}
