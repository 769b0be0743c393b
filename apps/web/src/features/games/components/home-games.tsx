import type { Winner } from '@app/contracts';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useBrand } from '../../../lib/brand';
import { showMoney } from '../../../lib/money';
import { useHotGames } from '../api/get-hot-games';
import { usePopularGames } from '../api/get-popular-games';
import { useWinnerBoard } from '../api/get-winner-board';
import { usePlayGame } from '../hooks/use-play-game';
import { maskAccount, relativeTime, showMultiplier } from '../winner-format';
import { GameGrid } from './game-grid';
import { GameStrip } from './game-strip';
import '../../../styles/lobby.css';

/** Hot games shown on the home page; the rest are on /hot. */
const HOME_HOT_COUNT = 10;
/** Rows the winner board shows at once; longer lists scroll by themselves. */
const WINNER_ROWS_VISIBLE = 6;
/** How often "2 min ago" is brought up to date. */
const CLOCK_TICK_MS = 30_000;

/** Hot games of every type (hotGamesV2 without vendor), the first 10. */
export function HomeHotGames() {
  const { t } = useTranslation();
  const hot = useHotGames({});
  const { playGame, dialogs } = usePlayGame();
  return (
    <section className="home-section home-games" aria-labelledby="home-hot-title" data-testid="home-hot">
      <div className="home-games-head">
        <h2 id="home-hot-title">{t('lobby.home.hotTitle')}</h2>
        <Link to={paths.hot} className="home-games-more">
          {t('lobby.home.seeAll')}
        </Link>
      </div>
      <QueryState query={hot}>
        {(games) =>
          games.length === 0 ? (
            <p className="state-box">{t('lobby.home.hotEmpty')}</p>
          ) : (
            <GameGrid
              games={games.slice(0, HOME_HOT_COUNT)}
              onLaunch={playGame}
              label={t('lobby.home.hotTitle')}
            />
          )
        }
      </QueryState>
      {dialogs}
    </section>
  );
}

/** Most played games of late (/lgw/games/popular, 20), in a horizontal scroller. */
export function HomePopularGames() {
  const { t } = useTranslation();
  const popular = usePopularGames();
  const { playGame, dialogs } = usePlayGame();
  // Nothing popular yet (a new brand): the section stays out rather than showing an empty box.
  if (popular.isSuccess && popular.data.length === 0) return null;
  return (
    <section
      className="home-section home-games"
      aria-labelledby="home-popular-title"
      data-testid="home-popular"
    >
      <h2 id="home-popular-title">{t('lobby.home.popularTitle')}</h2>
      <QueryState query={popular}>
        {(games) => <GameStrip games={games} onLaunch={playGame} label={t('lobby.home.popularTitle')} />}
      </QueryState>
      {dialogs}
    </section>
  );
}

/** The current time, moving on every `ms` (relative times stay true while the page is open). */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(id);
  }, [ms]);
  return now;
}

function WinnerRow({
  w,
  now,
  rtf,
  symbol,
}: {
  w: Winner;
  now: number;
  rtf: Intl.RelativeTimeFormat;
  symbol: string;
}) {
  const { t } = useTranslation();
  const ago = relativeTime(w.time, now);
  return (
    <>
      <span className="winner-account">{maskAccount(w.account)}</span>
      <span className="winner-game" title={w.gameName}>
        {w.jackpot && <span className="winner-jackpot">{t('games.jackpot.label')}</span>}
        {w.gameName}
      </span>
      <span className="winner-amount">
        <span className="visually-hidden">{t('lobby.home.won')} </span>
        {showMoney(w.winAmount, symbol)}
      </span>
      <span className="winner-multiplier">{showMultiplier(w.multiplier)}</span>
      <time className="winner-time" dateTime={w.time} title={new Date(w.time).toLocaleString()}>
        {rtf.format(ago.value, ago.unit)}
      </time>
    </>
  );
}

function WinnerList({ winners }: { winners: Winner[] }) {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const now = useNow(CLOCK_TICK_MS);
  const rtf = new Intl.RelativeTimeFormat(document.documentElement.lang || i18n.language, {
    numeric: 'auto',
    style: 'short',
  });
  const rows = (testId?: string) =>
    winners.map((w, i) => (
      <li
        key={i}
        className={`winner-row${w.jackpot ? ' is-jackpot' : ''}`}
        data-testid={testId}
        data-jackpot={w.jackpot ? 'true' : undefined}
      >
        <WinnerRow w={w} now={now} rtf={rtf} symbol={brand.currencySymbol} />
      </li>
    ));
  const scrolling = winners.length > WINNER_ROWS_VISIBLE;
  return (
    <div className="winner-board-body">
      <div className="winner-row winner-head" aria-hidden="true">
        <span>{t('lobby.home.colPlayer')}</span>
        <span>{t('lobby.home.colGame')}</span>
        <span>{t('lobby.home.colWin')}</span>
        <span>{t('lobby.home.colMultiplier')}</span>
        <span>{t('lobby.home.colTime')}</span>
      </div>
      {/* Focusable so keyboard users can pause it too; hover and focus pause the scrolling. */}
      <div
        className={`winner-viewport${scrolling ? ' is-scrolling' : ''}`}
        tabIndex={scrolling ? 0 : undefined}
        aria-label={scrolling ? t('lobby.home.winnersPaused') : undefined}
        role={scrolling ? 'region' : undefined}
        style={{ '--winner-rows': winners.length, '--winner-visible': WINNER_ROWS_VISIBLE } as CSSProperties}
      >
        <div className="winner-track">
          <ul className="winner-list">{rows('winner-row')}</ul>
          {/* A second copy makes the loop seamless; it is decoration only. */}
          {scrolling && (
            <ul className="winner-list" aria-hidden="true">
              {rows()}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * The latest wins (ODSFE2_getWinnerBoard, 50 rows), scrolling by unless paused or motion is reduced;
 * the server puts the last days' progressive jackpot wins first, marked.
 */
export function WinnerBoard() {
  const { t } = useTranslation();
  const board = useWinnerBoard();
  return (
    <section className="home-section winner-board" aria-labelledby="winner-title" data-testid="winner-board">
      <h2 id="winner-title">{t('lobby.home.winnersTitle')}</h2>
      <QueryState query={board}>
        {(winners) =>
          winners.length === 0 ? (
            <p className="state-box" data-testid="winner-empty">
              {t('lobby.home.winnersEmpty')}
            </p>
          ) : (
            <WinnerList winners={winners} />
          )
        }
      </QueryState>
    </section>
  );
}
