import { PointMall } from '../../features/points/components/point-mall';
import '../../styles/pages.css';

/** /pointMall: the points mall (SPEC section 2: header, banner w_shop and footer; no side menu). */
export function PointMallPage() {
  return <PointMall />;
}
