import type { LotteryItem, LotteryOpenNumero } from '@app/contracts';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { onTabKeys } from '../../../components/ui/tab-keys';
import { paths } from '../../../config/paths';
import { isTrial, useSession } from '../../../lib/session';
import { useGameMenus } from '../api/get-game-menus';
import { useOpenNumeros } from '../api/get-open-numeros';
import { useRecentLotteries } from '../api/get-recent-lotteries';
import { useVnGameMenu } from '../api/get-vn-game-menu';
import { lotteryKeys } from '../api/keys';
import { clockOffset } from '../countdown';
import { useLotteryFavourites } from '../hooks/use-lottery-favourites';
import { useGuard } from '../../../lib/use-guard';
import { useNow } from '../hooks/use-now';
import { useOpenNumberRefresh } from '../hooks/use-open-number-refresh';
import {
  filterLotteries,
  itemKey,
  listItems,
  LOBBY_LISTS,
  LOGIN_LISTS,
  uniqueItems,
  type LobbyList,
} from '../lobby-filter';
import type { Weekday } from '../weekday';
import { LotteryCard } from './lottery-card';
import { VnResults } from './vn-results';
import { WeekdayFilter } from './weekday-filter';
import '../../../styles/lottery.css';

interface LobbyTab {
  key: string;
  label: string;
  items: LotteryItem[];
}

interface LobbyProps {
  /** Only this vendor's games (?vendor=); null: every lottery vendor. */
  vendor: string | null;
  /** The tab to open first (?playType= naming a tab), else the first. */
  initialTab: string | null;
}

/** The /lottery lobby: a tab per menu tag (SPEC section 2). */
export function LotteryLobby(props: LobbyProps) {
  const { t } = useTranslation('lottery');
  const menus = useGameMenus();
  const tabs = useMemo(
    () =>
      (menus.data ?? []).map((m) => ({
        key: m.tag,
        label: t(`tags.${m.tag}`),
        items: m.gameMenus,
      })),
    [menus.data, t],
  );
  return (
    <LobbyScreen {...props} title={t('lobby.title')} query={menus} tabs={tabs} tabOf={(i) => i.gameMenuTag} />
  );
}

/** The /vnlottery lobby: the VN menus call, a tab per game group (vendor). */
export function VnLotteryLobby(props: LobbyProps) {
  const { t } = useTranslation('lottery');
  const groups = useVnGameMenu();
  const tabs = useMemo(
    () =>
      (groups.data ?? []).map((g) => ({
        key: g.gameGroupCode,
        label: t(`vendors.${g.gameGroupCode}`, { defaultValue: g.gameGroupCode }),
        items: g.gameMenus,
      })),
    [groups.data, t],
  );
  const games = useMemo(() => uniqueItems(tabs.flatMap((x) => x.items)), [tabs]);
  return (
    <>
      <LobbyScreen {...props} title={t('lobby.vnTitle')} query={groups} tabs={tabs} tabOf={(i) => i.vendor} />
      <VnResults games={games} />
    </>
  );
}

interface ScreenProps extends LobbyProps {
  title: string;
  query: UseQueryResult<unknown>;
  tabs: LobbyTab[];
  tabOf(item: LotteryItem): string;
}

const PANEL_ID = 'lottery-panel';

function LobbyScreen({ vendor, initialTab, title, query, tabs: allTabs, tabOf }: ScreenProps) {
  const { t } = useTranslation('lottery');
  const client = useQueryClient();
  const guard = useGuard();
  const token = useSession((s) => s.token);
  const trial = useSession(isTrial);
  const favourites = useLotteryFavourites();
  const now = useNow();
  const searchId = useId();
  const [chosenTab, setTab] = useState<string | null>(initialTab);
  const [weekday, setWeekday] = useState<Weekday | null>(null);
  const [chosenList, setList] = useState<LobbyList>('all');
  const [search, setSearch] = useState('');

  // A list that needs a session falls back to all once the member signs out.
  const list: LobbyList =
    (!token && LOGIN_LISTS.includes(chosenList)) || (trial && chosenList === 'fav') ? 'all' : chosenList;
  const recent = useRecentLotteries(list === 'recent');
  const openNumeros = useOpenNumeros();

  // A vendor's lobby shows the tabs holding its games only.
  const tabs = vendor
    ? allTabs.filter((tab) => tab.items.some((i) => i.vendor.toUpperCase() === vendor.toUpperCase()))
    : allTabs;
  const tab = tabs.find((x) => x.key === chosenTab)?.key ?? tabs[0]?.key ?? null;
  const all = useMemo(() => uniqueItems(allTabs.flatMap((x) => x.items)), [allTabs]);

  const shown = filterLotteries(listItems(list, all, recent.data ?? [], favourites.keys), {
    tab,
    tabOf,
    weekday,
    search,
    vendor,
  });

  const opened = useMemo(() => {
    const map = new Map<string, LotteryOpenNumero>();
    for (const o of openNumeros.data ?? []) map.set(itemKey(o), o);
    return map;
  }, [openNumeros.data]);

  // One server clock for every card, read from the menus' answer.
  const offset = useMemo(() => clockOffset(all, query.dataUpdatedAt), [all, query.dataUpdatedAt]);
  const serverNow = now + offset;

  // The open-number refresh timer (SPEC section 4), over the draws on screen.
  const draws = useMemo(
    () => (query.data ? all.map((i) => ({ numero: i.numero, remainMs: i.remainTime })) : null),
    [all, query.data],
  );
  useOpenNumberRefresh(draws, Math.max(query.dataUpdatedAt, query.errorUpdatedAt), () =>
    client.invalidateQueries({ queryKey: lotteryKeys.board }),
  );

  const chooseList = (next: LobbyList) => {
    const go = () => setList(next);
    if (next === 'fav') guard(go);
    else if (next === 'recent') guard(go, { allowTrial: true });
    else go();
  };
  const toggleFavourite = (item: LotteryItem) => guard(() => favourites.toggle(itemKey(item)));

  let body: ReactNode;
  if (query.isPending || (list === 'recent' && recent.isPending)) {
    body = (
      <ul className="lt-grid" aria-busy="true" aria-label={t('lobby.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="skeleton lt-card-skeleton" />
        ))}
      </ul>
    );
  } else if (query.isError || (list === 'recent' && recent.isError)) {
    body = (
      <div className="state-box" role="alert">
        <p>{t('lobby.loadFailed')}</p>
        <button
          type="button"
          className="btn"
          onClick={() => void (list === 'recent' && recent.isError ? recent.refetch() : query.refetch())}
        >
          {t('lobby.retry')}
        </button>
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <p className="state-box lt-empty" data-testid="lottery-empty">
        {search.trim() || weekday !== null ? t('lobby.noMatch') : t(`lobby.empty.${list}`)}
      </p>
    );
  } else {
    body = (
      <ul className="lt-grid" data-testid="lottery-grid">
        {shown.map((item) => (
          <li key={itemKey(item)}>
            <LotteryCard
              item={item}
              open={opened.get(itemKey(item))}
              serverNow={serverNow}
              favourite={{ on: favourites.keys.has(itemKey(item)), onToggle: () => toggleFavourite(item) }}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="lt-lobby" aria-labelledby="lottery-title" data-testid="lottery-lobby">
      <div className="lt-lobby-head">
        <h1 id="lottery-title">{title}</h1>
        {vendor && (
          <p className="lt-vendor-filter">
            <span data-testid="lottery-vendor">
              {t(`vendors.${vendor.toUpperCase()}`, { defaultValue: vendor })}
            </span>
            <Link to={paths.lotteryLobby()} className="lt-link">
              {t('lobby.allVendors')}
            </Link>
          </p>
        )}
      </div>

      {tabs.length > 0 && (
        <div className="lt-tabs" role="tablist" aria-label={t('lobby.tabs')} onKeyDown={onTabKeys}>
          {tabs.map((x) => (
            <button
              key={x.key}
              type="button"
              role="tab"
              aria-selected={x.key === tab}
              aria-controls={PANEL_ID}
              tabIndex={x.key === tab ? 0 : -1}
              className="lt-tab"
              onClick={() => setTab(x.key)}
              data-testid={`lottery-tab-${x.key}`}
            >
              {x.label}
            </button>
          ))}
        </div>
      )}

      <div className="lt-bar">
        <div className="lt-lists" role="group" aria-label={t('lobby.lists')}>
          {LOBBY_LISTS.map((l) => (
            <button
              key={l}
              type="button"
              className="lt-list"
              aria-pressed={l === list}
              onClick={() => chooseList(l)}
              data-testid={`lottery-list-${l}`}
            >
              {t(`lobby.list.${l}`)}
            </button>
          ))}
        </div>
        <div className="lt-search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('lobby.search')}
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            placeholder={t('lobby.searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
            maxLength={50}
            data-testid="lottery-search"
          />
        </div>
      </div>

      <WeekdayFilter value={weekday} onChange={setWeekday} />

      <div
        id={PANEL_ID}
        role="tabpanel"
        className="lt-panel"
        aria-label={tabs.find((x) => x.key === tab)?.label}
      >
        {body}
      </div>
    </section>
  );
}
