import type { LotteryItem, PopularGame } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyImage } from '../../../components/ui/lazy-image';
import { paths } from '../../../config/paths';
import { mediaUrl, useBrand } from '../../../lib/brand';
import { useGameMenus } from '../api/get-game-menus';
import { useOpenNumeros } from '../api/get-open-numeros';
import { usePopularLotteries } from '../api/get-popular-lotteries';
import { clockOffset } from '../countdown';
import { lotteryKeys } from '../api/keys';
import { useNow } from '../hooks/use-now';
import { useOpenNumberRefresh } from '../hooks/use-open-number-refresh';
import { itemKey, uniqueItems } from '../lobby-filter';
import { DEFAULT_LOTTERY_ICON, LotteryCard } from './lottery-card';
import { DrawClock } from './draw-clock';
import '../../../styles/lottery.css';

function PopularCard({ game, item, serverNow }: { game: PopularGame; item: LotteryItem; serverNow: number }) {
  const { t } = useTranslation('lottery');
  const brand = useBrand();
  return (
    <li className="lt-pop" data-testid="popular-lottery" data-game-code={item.gameCode}>
      <Link to={paths.lotteryGame(item.gameCode, item.vendor)} className="lt-pop-link">
        <LazyImage
          src={mediaUrl(brand, item.showIcon || game.showIcon)}
          alt=""
          fallbackSrc={DEFAULT_LOTTERY_ICON}
          width={40}
          height={40}
          className="lt-card-icon"
        />
        <span className="lt-pop-text">
          <span className="lt-card-name">{item.remark || game.displayName}</span>
          <span className="lt-muted">{item.numero ? t('card.numero', { numero: item.numero }) : ''}</span>
          <DrawClock draw={item} serverNow={serverNow} />
        </span>
      </Link>
    </li>
  );
}

/** The home page's popular lotteries (/lgw/games/popular, 20), each opening its betting page. */
export function HomePopularLotteries() {
  const { t } = useTranslation('lottery');
  const popular = usePopularLotteries();
  const now = useNow();
  const list = (popular.data ?? []).filter((g): g is PopularGame & { lottery: LotteryItem } => !!g.lottery);
  const offset = useMemo(
    () =>
      clockOffset(
        list.map((g) => g.lottery),
        popular.dataUpdatedAt,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [popular.data, popular.dataUpdatedAt],
  );
  // The open-number refresh timer (SPEC section 4) keeps the draws and countdowns current.
  const client = useQueryClient();
  const draws = useMemo(
    () =>
      popular.data ? list.map((g) => ({ numero: g.lottery.numero, remainMs: g.lottery.remainTime })) : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [popular.data],
  );
  useOpenNumberRefresh(draws, Math.max(popular.dataUpdatedAt, popular.errorUpdatedAt), () =>
    client.invalidateQueries({ queryKey: [...lotteryKeys.board, 'popular'] }),
  );
  // Nothing popular (or it failed): the home page goes on without the section.
  if (!popular.isSuccess || list.length === 0) return null;
  return (
    <section
      className="home-section lt-home"
      aria-labelledby="home-lottery-title"
      data-testid="home-lotteries"
    >
      <div className="home-games-head">
        <h2 id="home-lottery-title">{t('home.title')}</h2>
        <Link to={paths.lotteryLobby()} className="home-games-more">
          {t('home.seeAll')}
        </Link>
      </div>
      <ul className="lt-pop-strip" aria-label={t('home.title')}>
        {list.map((g) => (
          <PopularCard key={itemKey(g.lottery)} game={g} item={g.lottery} serverNow={now + offset} />
        ))}
      </ul>
    </section>
  );
}

/** /elott's lottery games (ELOTT and LOTT): every game of the lottery menus, opening its betting page. */
export function ElottGames() {
  const { t } = useTranslation('lottery');
  const menus = useGameMenus();
  const open = useOpenNumeros();
  const now = useNow();
  const all = useMemo(() => uniqueItems((menus.data ?? []).flatMap((m) => m.gameMenus)), [menus.data]);
  const offset = useMemo(() => clockOffset(all, menus.dataUpdatedAt), [all, menus.dataUpdatedAt]);
  const opened = useMemo(() => new Map((open.data ?? []).map((o) => [itemKey(o), o])), [open.data]);
  const client = useQueryClient();
  const draws = useMemo(
    () => (menus.data ? all.map((i) => ({ numero: i.numero, remainMs: i.remainTime })) : null),
    [all, menus.data],
  );
  useOpenNumberRefresh(draws, Math.max(menus.dataUpdatedAt, menus.errorUpdatedAt), () =>
    client.invalidateQueries({ queryKey: lotteryKeys.board }),
  );
  return (
    <section className="lt-block lt-elott" aria-labelledby="elott-games-title" data-testid="elott-games">
      <div className="lt-block-head">
        <h2 id="elott-games-title">{t('elott.title')}</h2>
        <Link to={paths.lotteryLobby()} className="lt-link">
          {t('home.seeAll')}
        </Link>
      </div>
      {menus.isPending ? (
        <div className="skeleton-block" aria-busy="true" aria-label={t('lobby.loading')} />
      ) : menus.isError ? (
        <div className="state-box" role="alert">
          <p>{t('lobby.loadFailed')}</p>
          <button type="button" className="btn" onClick={() => void menus.refetch()}>
            {t('lobby.retry')}
          </button>
        </div>
      ) : all.length === 0 ? (
        <p className="state-box">{t('lobby.empty.all')}</p>
      ) : (
        <ul className="lt-grid">
          {all.map((item) => (
            <li key={itemKey(item)}>
              <LotteryCard item={item} open={opened.get(itemKey(item))} serverNow={now + offset} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
