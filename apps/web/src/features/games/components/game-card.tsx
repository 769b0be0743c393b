import { DEFAULT_CURRENCY_SYMBOL, type Game } from '@app/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../../components/ui/lazy-image';
import { mediaUrl, useBrand } from '../../../lib/brand';
import { showMoney } from '../../../lib/money';
import '../../../styles/game-list.css';

/** Default game icon (SPEC section 8: shown once a game's own icon failed to load). */
const DEFAULT_GAME_ICON =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160"><rect width="160" height="160" rx="20" fill="#2b3350"/>' +
      '<path d="M52 62h56a22 22 0 0 1 21 28l-6 22a12 12 0 0 1-20 5l-11-11H68l-11 11a12 12 0 0 1-20-5l-6-22a22 22 0 0 1 21-28z" fill="#59627f"/>' +
      '<path d="M58 76v8h-8v6h8v8h6v-8h8v-6h-8v-8zM100 78a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm10 10a5 5 0 1 0 0 10 5 5 0 0 0 0-10z" fill="#2b3350"/></svg>',
  );

interface FavouriteControl {
  on: boolean;
  /** The add or remove call is running: the card shows a loading cover. */
  busy: boolean;
  onToggle(): void;
}

interface GameCardProps {
  game: Game;
  /**
   * The list's translator: a list of a hundred tiles subscribes to the language once, not once
   * per tile, in the render that draws the list.
   */
  t: TFunction;
  /** Omitted where favourites do not apply (the heart is not shown). */
  favourite?: FavouriteControl;
  onLaunch(game: Game): void;
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.7 4.5c2.1 0 3.5 1.1 4.3 2.4l1 1.5 1-1.5c.8-1.3 2.2-2.4 4.3-2.4 3.7 0 5.8 3.7 4.3 7.2C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The "new" badge: its text is a lazily loaded namespace, shown once it has arrived. */
function NewBadge() {
  const { t, ready } = useTranslation('tiles');
  return ready ? (
    <span className="game-card-new" data-testid="game-new">
      {t('new')}
    </span>
  ) : null;
}

/**
 * A game tile: icon, name, vendor, hot and new badges and minimum bet; the tile starts the game (click or
 * Enter). The heart beside it adds or removes the favourite, with a loading cover meanwhile.
 */
export function GameCard({ game, t, favourite, onLaunch }: GameCardProps) {
  const brand = useBrand();
  return (
    <article
      className="game-card"
      data-testid="game-card"
      data-node-id={game.nodeId}
      data-vendor={game.vassalage}
      data-classify={game.classify}
      data-min-bet={game.minBet}
      aria-busy={favourite?.busy || undefined}
    >
      <button
        type="button"
        className="game-card-play"
        onClick={() => onLaunch(game)}
        aria-label={t('games.card.play', { name: game.displayName })}
      >
        <span className="game-card-art">
          <LazyImage
            src={mediaUrl(brand, game.showIcon)}
            alt=""
            fallbackSrc={DEFAULT_GAME_ICON}
            width={160}
            height={160}
          />
        </span>
        <span className="game-card-title">
          {game.isHot === 1 && <span className="game-card-hot">{t('games.card.hot')}</span>}
          {game.isNew === 1 && <NewBadge />}
          <span className="game-card-name" title={game.displayName}>
            {game.displayName}
          </span>
        </span>
        <span className="game-card-meta">
          <span className="game-card-vendor">{game.accountTypeName}</span>
          <span className="game-card-min" data-testid="game-min-bet">
            {t('games.card.minBet', {
              amount: showMoney(game.minBet, brand.currencySymbol || DEFAULT_CURRENCY_SYMBOL),
            })}
          </span>
        </span>
      </button>
      {favourite && (
        <button
          type="button"
          className={`game-card-fav${favourite.on ? ' is-on' : ''}`}
          aria-pressed={favourite.on}
          aria-label={t(favourite.on ? 'games.card.unfavourite' : 'games.card.favourite', {
            name: game.displayName,
          })}
          disabled={favourite.busy}
          onClick={favourite.onToggle}
          data-testid="game-fav"
        >
          <Heart filled={favourite.on} />
        </button>
      )}
      {favourite?.busy && (
        <span className="game-card-cover" data-testid="game-card-busy">
          <span className="game-spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('common.loading')}</span>
        </span>
      )}
    </article>
  );
}
