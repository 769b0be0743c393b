import type { Game, GameType } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state';
import { useVendors } from '../api/get-vendors';
import { useHotByType } from '../hooks/use-hot-by-type';
import { usePlayGame } from '../hooks/use-play-game';
import { lobbyVendors, mergeGames } from '../lobby';
import { GameStrip } from './game-strip';
import { VendorLobbyCard } from './vendor-lobby-card';
import '../../../styles/lobby.css';

function HotStrip({ types, onLaunch }: { types: readonly GameType[]; onLaunch(game: Game): void }) {
  const { t } = useTranslation();
  const queries = useHotByType(types);
  const games = mergeGames(queries.map((q) => q.data));
  const pending = queries.some((q) => q.isPending);
  const failed = queries.filter((q) => q.isError);
  if (games.length === 0 && !pending && failed.length === 0) return null;
  return (
    <section className="lobby-hot" aria-labelledby="lobby-hot-title">
      <h2 id="lobby-hot-title">{t('lobby.hotTitle')}</h2>
      {games.length > 0 ? (
        <GameStrip games={games} onLaunch={onLaunch} label={t('lobby.hotTitle')} testId="lobby-hot" />
      ) : pending ? (
        <div className="skeleton lobby-strip-skeleton" aria-busy="true" aria-label={t('common.loading')} />
      ) : (
        <div className="state-box" role="alert">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="btn" onClick={() => failed.forEach((q) => void q.refetch())}>
            {t('common.retry')}
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * The lobby of a game type (/live, /sports, /esports, /elott, /cockfight): its vendors, each
 * opening the vendor's own lobby (or its popup game list), and the type's hot games below.
 */
export function LobbyScreen({ gameTypes }: { gameTypes: GameType[] }) {
  const { t } = useTranslation();
  const vendors = useVendors();
  const { playGame, playVendor, busy, dialogs } = usePlayGame();
  // /elott serves both lottery types under the navigation's "Lottery" name.
  const titleType = gameTypes.includes('LOTT') ? 'LOTT' : gameTypes[0]!;

  return (
    <div className="lobby" data-testid={`lobby-${titleType}`}>
      <h1 className="lobby-title">{t(`categories.${titleType}`)}</h1>
      <QueryState query={vendors}>
        {(data) => {
          const list = lobbyVendors(data, gameTypes);
          return list.length === 0 ? (
            <p className="state-box lobby-empty" data-testid="lobby-empty">
              {t('lobby.empty')}
            </p>
          ) : (
            <ul className="lobby-vendors" aria-label={t('lobby.vendorsTitle')}>
              {list.map((v) => (
                <VendorLobbyCard
                  key={`${v.gameType}-${v.vassalage}`}
                  vendor={v}
                  onPlay={playVendor}
                  busy={busy}
                />
              ))}
            </ul>
          );
        }}
      </QueryState>
      <HotStrip types={gameTypes} onLaunch={playGame} />
      {dialogs}
    </div>
  );
}
