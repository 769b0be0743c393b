import { useSearchParams } from 'react-router';
import { PromotionDetailView } from '../../features/promotions/components/promotion-detail';
import '../../styles/cashier.css';
import '../../styles/security.css';

/** `/promoDetail?id=...`: one promotion (its form fields use the member-centre form styles). */
export function PromoDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return <PromotionDetailView key={id} id={id} />;
}
