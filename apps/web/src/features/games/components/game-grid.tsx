import { GAME_LIST_PAGE_SIZE, type Game } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { GameCard } from './game-card';

interface GameGridProps {
  games: Game[];
  onLaunch(game: Game): void;
  /** Accessible name of the list. */
  label: string;
  /** The member's favourite node ids; null where hearts are not shown. */
  favouriteIds?: ReadonlySet<number> | null;
  /** Games whose favourite call is running. */
  busyIds?: ReadonlySet<number>;
  onToggleFavourite?(game: Game): void;
  /** The next page is loading: the old one is dimmed. */
  stale?: boolean;
}

/** The game list screen's grid of cards: 3 columns on a phone, 5 on a desktop. */
export function GameGrid({
  games,
  onLaunch,
  label,
  favouriteIds,
  busyIds,
  onToggleFavourite,
  stale = false,
}: GameGridProps) {
  const { t } = useTranslation();
  return (
    <ul
      className={`game-grid${stale ? ' is-stale' : ''}`}
      aria-label={label}
      aria-busy={stale || undefined}
      data-testid="game-grid"
    >
      {games.map((g) => (
        <li key={`${g.vassalage}-${g.nodeId}`}>
          <GameCard
            game={g}
            t={t}
            onLaunch={onLaunch}
            favourite={
              favouriteIds && onToggleFavourite
                ? {
                    on: favouriteIds.has(g.nodeId),
                    busy: busyIds?.has(g.nodeId) ?? false,
                    onToggle: () => onToggleFavourite(g),
                  }
                : undefined
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** Card-shaped placeholders while a list loads. */
export function GameGridSkeleton({ count = GAME_LIST_PAGE_SIZE }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <ul
      className="game-grid"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="game-grid-loading"
    >
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="game-card-skeleton" aria-hidden="true">
          <span className="skeleton game-card-skeleton-art" />
          <span className="skeleton game-card-skeleton-line" />
          <span className="skeleton game-card-skeleton-line short" />
        </li>
      ))}
    </ul>
  );
}

/** Loading failed: the message and a retry button. */
export function GameListError({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="state-box" role="alert" data-testid="game-list-error">
      <p>{t('common.loadFailed')}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
