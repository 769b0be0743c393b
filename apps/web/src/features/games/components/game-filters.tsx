import { GAME_CLASSIFIES, MIN_BET_FILTERS, type GameClassify } from '@app/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  hasFilters,
  isMinBetFilter,
  type GameFilters as Filters,
  type MinBetFilter,
} from '../game-list-state';

/** Typing waits this long before searching. */
const SEARCH_DEBOUNCE_MS = 300;

interface GameFiltersProps {
  filters: Filters;
  /** Classifications the current list has (its answer's `classifies`); null while unknown. */
  classifies: readonly GameClassify[] | null;
  onSearch(gameName: string): void;
  onClassify(classify: GameClassify | ''): void;
  onMinBet(minBet: MinBetFilter | ''): void;
  onReset(): void;
}

const isClassify = (v: string): v is GameClassify => (GAME_CLASSIFIES as readonly string[]).includes(v);

/**
 * Search by game name (debounced), classification and minimum bet (SPEC section 2). They apply
 * to the default list. Mount it keyed by vendor: a vendor change starts with an empty search box.
 * The callbacks must be stable (the screen's dispatch).
 */
export function GameFilters({
  filters,
  classifies,
  onSearch,
  onClassify,
  onMinBet,
  onReset,
}: GameFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(filters.gameName);

  // Filters cleared from outside (the reset button): the box empties too.
  const [seen, setSeen] = useState(filters.gameName);
  if (seen !== filters.gameName) {
    setSeen(filters.gameName);
    if (filters.gameName === '') setText('');
  }

  // onSearch must be stable (the screen's dispatch): only typing restarts the wait.
  useEffect(() => {
    const timer = window.setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  // The chosen classification stays an option even where the list no longer has it.
  const options = GAME_CLASSIFIES.filter(
    (c) => !classifies || classifies.includes(c) || c === filters.classify,
  );

  return (
    <div className="game-filters" role="search">
      <div className="game-filter game-filter-search">
        <label className="visually-hidden" htmlFor={`${id}-q`}>
          {t('games.filters.search')}
        </label>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M10.5 4a6.5 6.5 0 0 1 5.2 10.4l4.4 4.4-1.4 1.4-4.4-4.4A6.5 6.5 0 1 1 10.5 4zm0 2a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9z"
            fill="currentColor"
          />
        </svg>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          maxLength={50}
          placeholder={t('games.filters.searchPlaceholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onSearch(text);
          }}
          autoComplete="off"
          enterKeyHint="search"
          data-testid="game-search"
        />
      </div>
      <div className="game-filter">
        <label htmlFor={`${id}-c`}>{t('games.filters.classify')}</label>
        <select
          id={`${id}-c`}
          value={filters.classify}
          onChange={(e) => onClassify(isClassify(e.target.value) ? e.target.value : '')}
          data-testid="filter-classify"
        >
          <option value="">{t('games.filters.all')}</option>
          {options.map((c) => (
            <option key={c} value={c}>
              {t(`games.classify.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="game-filter">
        <label htmlFor={`${id}-m`}>{t('games.filters.minBet')}</label>
        <select
          id={`${id}-m`}
          value={filters.minBet}
          onChange={(e) => onMinBet(isMinBetFilter(e.target.value) ? e.target.value : '')}
          data-testid="filter-min-bet"
        >
          <option value="">{t('games.filters.all')}</option>
          {MIN_BET_FILTERS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      {hasFilters(filters) && (
        <button
          type="button"
          className="link-btn game-filter-reset"
          onClick={onReset}
          data-testid="filter-reset"
        >
          {t('games.filters.reset')}
        </button>
      )}
    </div>
  );
}
