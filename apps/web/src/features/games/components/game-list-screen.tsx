import type { Game, GameClassify, GameType, VendorCategory, VendorCard } from '@app/contracts';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { usePopups } from '../../../lib/popups';
import { isTrial, useSession } from '../../../lib/session';
import { getStoredVendor, setStoredVendor } from '../../../lib/storage';
import { useFavoriteIds } from '../api/get-favorite-ids';
import { useFavoriteList } from '../api/get-favorite-list';
import { useGameList } from '../api/get-game-list';
import { useHotGames } from '../api/get-hot-games';
import { useRecentGames } from '../api/get-recent-games';
import { useVendors } from '../api/get-vendors';
import { LOGIN_REQUIRED, useLaunchGame } from '../api/launch-game';
import { favoriteChangeOf, useToggleFavorite } from '../api/toggle-favorite';
import {
  gameListReducer,
  initialListState,
  LOGIN_LIST_TYPES,
  opensPopup,
  resolveVendor,
  type ListType,
  type MinBetFilter,
} from '../game-list-state';
import { GameFilters } from './game-filters';
import { GameGrid, GameGridSkeleton, GameListError } from './game-grid';
import { GameMessageDialog } from './game-message-dialog';
import { GamePager } from './game-pager';
import { JackpotCounter } from './jackpot-counter';
import { ListTypeTabs } from './list-type-tabs';
import { VendorGamesPopup, type PopupVendor } from './vendor-games-popup';
import { VendorTabs } from './vendor-tabs';
import '../../../styles/game-list.css';

type ListGameType = Extract<GameType, 'RNG' | 'FISH' | 'PVP'>;

const PANEL_ID = 'game-list-panel';
const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Members-only actions of the list (SPEC section 5): no session opens the login popup; a trial
 * account gets the real-account warning where `realOnly` (favourites). Features do not import each
 * other, so this mirrors the session feature's guard on the shared session and popup stores.
 */
function useListGuard() {
  const token = useSession((s) => s.token);
  const trial = useSession(isTrial);
  const show = usePopups((s) => s.show);
  return useCallback(
    (action: () => void, realOnly: boolean) => {
      if (!token) return show('login', LOGIN_REQUIRED);
      if (realOnly && trial) return show('realAccountNeeded');
      action();
    },
    [token, trial, show],
  );
}

/** The vendor cards of the type, in the category's display order. */
function vendorsOf(categories: VendorCategory[], type: GameType): VendorCard[] {
  const category = categories.find((c) => c.title === type);
  if (!category) return [];
  const cards = category.cards.filter((c) => c.gameType === type);
  const order = new Map(category.gameClassify.map((code, i) => [code, i]));
  return [...cards].sort(
    (a, b) =>
      (order.get(a.vassalage) ?? Number.MAX_SAFE_INTEGER) -
      (order.get(b.vassalage) ?? Number.MAX_SAFE_INTEGER),
  );
}

/**
 * The electronic game list of /rng, /fish and /pvp (SPEC sections 2 and 4): vendor tabs, the hot,
 * favourite, recent and paged lists, search and filters, favourites and game launch; the jackpot
 * counter on /rng.
 */
export function GameListScreen({ gameType }: { gameType: ListGameType }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const vendors = useVendors();
  const [params, setParams] = useSearchParams();
  const token = useSession((s) => s.token);
  const trial = useSession(isTrial);
  const guard = useListGuard();
  const { launch, busy: launching, errorDialog } = useLaunchGame();
  const [state, dispatch] = useReducer(gameListReducer, null, () => initialListState(null));
  const [popup, setPopup] = useState<PopupVendor | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [favBusy, setFavBusy] = useState<ReadonlySet<number>>(new Set());
  const panelRef = useRef<HTMLDivElement>(null);

  // The vendor tab is named in ?page= (SPEC section 2), so a link or a reload opens the same one.
  const queryVendor = params.get('page');
  const cards = useMemo(() => vendorsOf(vendors.data ?? [], gameType), [vendors.data, gameType]);
  const vendor = resolveVendor(cards, queryVendor, getStoredVendor(gameType));
  // Another vendor (a tab, the header menu, the address): filters and paging reset, hot shows.
  if (vendor !== state.vendor) dispatch({ type: 'vendor', vendor });

  useEffect(() => {
    if (vendor) setStoredVendor(gameType, vendor);
  }, [vendor, gameType]);

  // Arriving with a popup-list vendor in the address (e.g. from the header menu) opens its list.
  const queryPopup = queryVendor
    ? cards.find((c) => opensPopup(c) && c.vassalage.toUpperCase() === queryVendor.toUpperCase())
    : undefined;
  const [poppedFor, setPoppedFor] = useState<string | null>(null);
  const queryPopupCode = queryPopup?.vassalage ?? null;
  if (queryPopupCode !== poppedFor) {
    setPoppedFor(queryPopupCode);
    if (queryPopup) setPopup(queryPopup);
  }

  const chooseVendor = (card: VendorCard) => {
    if (opensPopup(card)) return setPopup(card);
    if (card.vassalage === vendor) return;
    setStoredVendor(gameType, card.vassalage);
    setParams(
      (p) => {
        p.set('page', card.vassalage);
        return p;
      },
      { replace: true },
    );
  };

  // A list that needs a session falls back to hot once the member signs out.
  const listType: ListType =
    (!token && LOGIN_LIST_TYPES.includes(state.listType)) || (trial && state.listType === 'fav')
      ? 'hot'
      : state.listType;

  const chooseList = (type: ListType) => {
    const go = () => dispatch({ type: 'listType', listType: type });
    if (type === 'fav') guard(go, true);
    else if (type === 'recent') guard(go, false);
    else go();
  };

  const onSearch = useCallback((gameName: string) => dispatch({ type: 'search', gameName }), []);
  const onClassify = useCallback(
    (classify: GameClassify | '') => dispatch({ type: 'classify', classify }),
    [],
  );
  const onMinBet = useCallback((minBet: MinBetFilter | '') => dispatch({ type: 'minBet', minBet }), []);
  const onReset = useCallback(() => dispatch({ type: 'resetFilters' }), []);

  const { filters, page } = state;
  const hot = useHotGames({ gameType, vassalage: vendor ?? undefined }, listType === 'hot' && !!vendor);
  // A vendor without hot games opens on all of them rather than on an empty list.
  const hotEmpty = listType === 'hot' && hot.isSuccess && hot.data.length === 0;
  useEffect(() => {
    if (hotEmpty) dispatch({ type: 'hotEmpty' });
  }, [hotEmpty]);
  const all = useGameList(
    {
      gameType,
      vassalage: vendor ?? '',
      gameClassify: filters.classify || undefined,
      gameName: filters.gameName || undefined,
      minBet: filters.minBet || undefined,
      pageNo: page,
    },
    listType === 'default' && !!vendor,
  );
  const favList = useFavoriteList({ gameType, pageNo: page }, listType === 'fav');
  const recent = useRecentGames(
    { gameType, vassalage: vendor ?? undefined },
    listType === 'recent' && !!vendor,
  );
  const favIds = useFavoriteIds(gameType);
  const toggle = useToggleFavorite(gameType);
  const favouriteIds = useMemo(() => new Set(favIds.data ?? []), [favIds.data]);

  // Removing the last favourite of the last page: step back to a page that exists.
  const favPages = favList.data?.totalPages;
  useEffect(() => {
    if (listType === 'fav' && favPages !== undefined && favPages > 0 && page > favPages) {
      dispatch({ type: 'page', page: favPages, totalPages: favPages });
    }
  }, [listType, favPages, page]);

  const goPage = (next: number, totalPages: number) => {
    dispatch({ type: 'page', page: next, totalPages });
    panelRef.current?.scrollIntoView({ block: 'start', behavior: reducedMotion() ? 'auto' : 'smooth' });
  };

  const toggleFavourite = (game: Game) =>
    guard(() => {
      if (favBusy.has(game.nodeId)) return;
      const add = !favouriteIds.has(game.nodeId);
      setFavBusy((s) => new Set(s).add(game.nodeId));
      toggle
        .mutateAsync(favoriteChangeOf(game, add))
        .catch((err: unknown) => setMessage(errorText(err)))
        .finally(() =>
          setFavBusy((s) => {
            const next = new Set(s);
            next.delete(game.nodeId);
            return next;
          }),
        );
    }, true);

  const onLaunch = (game: Game) => {
    if (opensPopup(game)) {
      setPopup({ vassalage: game.vassalage, gameType: game.gameType, displayName: game.accountTypeName });
    } else {
      launch(game);
    }
  };

  const grid = (games: Game[], stale = false) => (
    <GameGrid
      games={games}
      onLaunch={onLaunch}
      label={t(`games.types.${listType}`)}
      favouriteIds={favouriteIds}
      busyIds={favBusy}
      onToggleFavourite={toggleFavourite}
      stale={stale}
    />
  );
  const empty = (
    <p className="state-box game-list-empty" data-testid="game-list-empty">
      {t(`games.empty.${listType}`)}
    </p>
  );

  let body: ReactNode;
  let count: number | null = null;
  if (listType === 'hot') {
    body = hot.isPending ? (
      <GameGridSkeleton />
    ) : hot.isError ? (
      <GameListError onRetry={() => void hot.refetch()} />
    ) : hot.data.length === 0 ? (
      empty
    ) : (
      grid(hot.data)
    );
  } else if (listType === 'default') {
    count = all.data?.totalCount ?? null;
    body = all.isPending ? (
      <GameGridSkeleton />
    ) : all.isError ? (
      <GameListError onRetry={() => void all.refetch()} />
    ) : all.data.games.length === 0 ? (
      empty
    ) : (
      <>
        {grid(all.data.games, all.isPlaceholderData)}
        <GamePager
          page={page}
          totalPages={all.data.totalPages}
          onChange={(p) => goPage(p, all.data.totalPages)}
          busy={all.isPlaceholderData}
        />
      </>
    );
  } else if (listType === 'fav') {
    body = favList.isPending ? (
      <GameGridSkeleton />
    ) : favList.isError ? (
      <GameListError onRetry={() => void favList.refetch()} />
    ) : favList.data.content.length === 0 ? (
      empty
    ) : (
      <>
        {grid(favList.data.content, favList.isPlaceholderData)}
        <GamePager
          page={page}
          totalPages={favList.data.totalPages}
          onChange={(p) => goPage(p, favList.data.totalPages)}
          busy={favList.isPlaceholderData}
        />
      </>
    );
  } else {
    const games = recent.data?.pages.flatMap((p) => p.list) ?? [];
    body = recent.isPending ? (
      <GameGridSkeleton />
    ) : recent.isError && games.length === 0 ? (
      <GameListError onRetry={() => void recent.refetch()} />
    ) : games.length === 0 ? (
      empty
    ) : (
      <>
        {grid(games)}
        {recent.hasNextPage && (
          <div className="game-list-more">
            <button
              type="button"
              className="btn"
              disabled={recent.isFetchingNextPage}
              onClick={() => void recent.fetchNextPage()}
              data-testid="load-more"
            >
              {recent.isFetchingNextPage ? t('common.loading') : t('games.list.loadMore')}
            </button>
          </div>
        )}
      </>
    );
  }

  const classifies = listType === 'default' ? (all.data?.classifies ?? null) : null;

  return (
    <section className="game-list" aria-labelledby="game-list-title" data-game-type={gameType}>
      <div className="game-list-head">
        <h1 id="game-list-title">{t(`categories.${gameType}`)}</h1>
        {gameType === 'RNG' && <JackpotCounter />}
      </div>

      {vendors.isPending ? (
        <div className="vendor-tabs" aria-busy="true" aria-label={t('common.loading')}>
          <div className="vendor-tabs-track">
            {Array.from({ length: 6 }, (_, i) => (
              <span key={i} className="skeleton vendor-tab-skeleton" />
            ))}
          </div>
        </div>
      ) : vendors.isError ? (
        <GameListError onRetry={() => void vendors.refetch()} />
      ) : cards.length === 0 ? (
        <p className="state-box">{t('games.list.noVendors')}</p>
      ) : (
        <VendorTabs vendors={cards} active={vendor} onChoose={chooseVendor} panelId={PANEL_ID} />
      )}

      {vendor && (
        <>
          <div className="game-list-bar">
            <ListTypeTabs active={listType} onChoose={chooseList} panelId={PANEL_ID} />
            <GameFilters
              key={vendor}
              filters={filters}
              classifies={classifies}
              onSearch={onSearch}
              onClassify={onClassify}
              onMinBet={onMinBet}
              onReset={onReset}
            />
          </div>
          <div
            ref={panelRef}
            id={PANEL_ID}
            className="game-list-panel"
            role="tabpanel"
            aria-label={t(`games.types.${listType}`)}
            data-list-type={listType}
          >
            {count !== null && (
              <p className="game-list-count" aria-live="polite" data-testid="game-count">
                {t('games.list.results', { count })}
              </p>
            )}
            {body}
          </div>
        </>
      )}

      {popup && (
        <VendorGamesPopup
          vendor={{ vassalage: popup.vassalage, gameType: popup.gameType, displayName: popup.displayName }}
          onClose={() => setPopup(null)}
          onLaunch={launch}
        />
      )}
      {launching && (
        <div className="game-launching" role="status" data-testid="game-launching">
          <span className="game-spinner" aria-hidden="true" />
          {t('games.launch.starting')}
        </div>
      )}
      {errorDialog}
      {message !== null && <GameMessageDialog message={message} onClose={() => setMessage(null)} />}
    </section>
  );
}
