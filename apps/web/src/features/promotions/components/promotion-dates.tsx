import type { PromotionSummary } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/brand';
import { formatInZone } from '../../../lib/zoned-time';

/** The promotion's period and dates in the brand's time zone: when it starts, runs or ended. */
export function PromotionDates({ p }: { p: PromotionSummary }) {
  const { t } = useTranslation('promo');
  const brand = useBrand();
  const at = (iso: string) => formatInZone(iso, brand.timezone, false);
  const dates =
    p.state === 'COMING_SOON'
      ? t('dates.startsAt', { time: at(p.startTime) })
      : p.state === 'CLOSE' && p.endTime
        ? t('dates.endedAt', { time: at(p.endTime) })
        : p.endTime
          ? t('dates.range', { start: at(p.startTime), end: at(p.endTime) })
          : t('dates.from', { start: at(p.startTime) });
  return (
    <p className="promo-meta">
      <span className="promo-period">{t(`period.${p.period}`)}</span>
      <span>{dates}</span>
    </p>
  );
}
