import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/brand';
import { showMoney } from '../../../lib/money';
import { progressPercent } from '../promotion-view';

/** Where the member stands on a target (valid turnover, or deposits), as a bar and in words. */
export function ProgressBar({ progress }: { progress: { current: number; target: number } }) {
  const { t } = useTranslation('promo');
  const brand = useBrand();
  const percent = progressPercent(progress);
  const text = t('detail.progressValue', {
    current: showMoney(progress.current, brand.currencySymbol),
    target: showMoney(progress.target, brand.currencySymbol),
  });
  return (
    <div className="promo-progress" data-testid="promo-progress">
      <div
        className="promo-progress-track"
        role="progressbar"
        aria-label={t('detail.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <span className="promo-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="promo-progress-text">{text}</span>
    </div>
  );
}
