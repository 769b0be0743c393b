import type { LotteryItem, LotteryOpenNumero } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyImage } from '../../../components/ui/lazy-image';
import { paths } from '../../../config/paths';
import { mediaUrl, useBrand } from '../../../lib/brand';
import { drawDays } from '../weekday';
import { DrawClock } from './draw-clock';
import { OpenNumber } from './open-number';
import { WeekdayName } from './weekday-filter';

/** A plain ticket shown when a game's icon fails (one attempt, SPEC section 8). */
export const DEFAULT_LOTTERY_ICON =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="18" fill="#2b3350"/>' +
      '<circle cx="34" cy="40" r="13" fill="#f1c43f"/><circle cx="62" cy="40" r="13" fill="#59627f"/><circle cx="48" cy="64" r="13" fill="#1fae7a"/></svg>',
  );

interface FavouriteToggle {
  on: boolean;
  onToggle(): void;
}

/** Days a digit game draws on ("Mon · Thu"), or "Daily"; fast games draw every few minutes. */
function DrawDays({ item }: { item: LotteryItem }) {
  const { t } = useTranslation('lottery');
  if (item.family === 'FAST') return <span className="lt-card-days">{t('card.everyFewMinutes')}</span>;
  const days = [...drawDays(item.drawDayOfWeek)].sort();
  if (days.length === 0 || days.length === 7) return <span className="lt-card-days">{t('card.daily')}</span>;
  return (
    <span className="lt-card-days">
      {days.map((d, i) => (
        <span key={d}>
          {i > 0 && ' · '}
          <WeekdayName day={d} />
        </span>
      ))}
    </span>
  );
}

/**
 * A lottery game in the lobby: icon, name, the latest open number, the current draw and its
 * countdown. The card opens the game's betting page; the heart toggles the favourite.
 */
export function LotteryCard({
  item,
  open,
  serverNow,
  favourite,
}: {
  item: LotteryItem;
  open: LotteryOpenNumero | undefined;
  serverNow: number;
  favourite?: FavouriteToggle;
}) {
  const { t } = useTranslation('lottery');
  const brand = useBrand();
  return (
    <article
      className="lt-card"
      data-testid="lottery-card"
      data-game-code={item.gameCode}
      data-vendor={item.vendor}
      data-family={item.family}
      data-days={item.drawDayOfWeek}
    >
      <Link
        to={paths.lotteryGame(item.gameCode, item.vendor)}
        className="lt-card-link"
        aria-label={t('card.play', { name: item.remark })}
      >
        <span className="lt-card-head">
          <LazyImage
            src={mediaUrl(brand, item.showIcon)}
            alt=""
            fallbackSrc={DEFAULT_LOTTERY_ICON}
            width={48}
            height={48}
            className="lt-card-icon"
          />
          <span className="lt-card-title">
            <span className="lt-card-name" data-testid="lottery-card-name">
              {item.isHot === 1 && <span className="lt-hot">{t('card.hot')}</span>}
              {item.remark}
            </span>
            <DrawDays item={item} />
          </span>
        </span>
        <span className="lt-card-result">
          {open?.numero && (
            <span className="lt-card-label">{t('card.lastDraw', { numero: open.numero })}</span>
          )}
          <OpenNumber winningNumber={open?.winningNumber} testId="lottery-card-number" />
        </span>
        <span className="lt-card-foot">
          <span className="lt-card-numero">
            {item.numero ? t('card.numero', { numero: item.numero }) : ''}
          </span>
          <DrawClock draw={item} serverNow={serverNow} testId="lottery-card-clock" />
        </span>
      </Link>
      {favourite && (
        <button
          type="button"
          className={`lt-fav${favourite.on ? ' is-on' : ''}`}
          aria-pressed={favourite.on}
          aria-label={t(favourite.on ? 'card.unfavourite' : 'card.favourite', { name: item.remark })}
          onClick={favourite.onToggle}
          data-testid="lottery-fav"
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.7 4.5c2.1 0 3.5 1.1 4.3 2.4l1 1.5 1-1.5c.8-1.3 2.2-2.4 4.3-2.4 3.7 0 5.8 3.7 4.3 7.2C19.5 16.4 12 21 12 21z"
              fill={favourite.on ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
    </article>
  );
}
