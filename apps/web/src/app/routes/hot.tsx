import { useTranslation } from 'react-i18next';
import { GameGrid } from '../../features/games/components/game-grid';
import { useHotByType } from '../../features/games/hooks/use-hot-by-type';
import { usePlayGame } from '../../features/games/hooks/use-play-game';
import { HOT_PAGE_TYPES } from '../../features/games/lobby';
import '../../styles/lobby.css';

/** /hot: hot games grouped by game type in spec order; types without hot games are left out. */
export function HotPage() {
  const { t } = useTranslation();
  const queries = useHotByType(HOT_PAGE_TYPES);
  const { playGame, dialogs } = usePlayGame();
  const pending = queries.some((q) => q.isPending);
  const failed = queries.filter((q) => q.isError);
  const groups = HOT_PAGE_TYPES.map((type, i) => ({ type, games: queries[i]?.data ?? [] })).filter(
    (g) => g.games.length > 0,
  );

  return (
    <div className="hot-page">
      <h1 className="lobby-title">{t('lobby.hotPage.title')}</h1>
      {groups.map((g) => (
        <section
          key={g.type}
          className="hot-group"
          aria-labelledby={`hot-${g.type}-title`}
          data-testid={`hot-type-${g.type}`}
        >
          <h2 id={`hot-${g.type}-title`}>{t(`categories.${g.type}`)}</h2>
          <GameGrid games={g.games} onLaunch={playGame} label={t(`categories.${g.type}`)} />
        </section>
      ))}
      {pending && <div className="skeleton-block" aria-busy="true" aria-label={t('common.loading')} />}
      {!pending && failed.length > 0 && (
        <div className="state-box" role="alert">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="btn" onClick={() => failed.forEach((q) => void q.refetch())}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!pending && failed.length === 0 && groups.length === 0 && (
        <p className="state-box" data-testid="hot-empty">
          {t('lobby.hotPage.empty')}
        </p>
      )}
      {dialogs}
    </div>
  );
}
