import type { LotteryItem } from '@app/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedDraws } from '../api/get-opened-draws';
import { itemKey } from '../lobby-filter';
import { DrawHistory } from './draw-history';

function OpenedDraws({ game }: { game: LotteryItem }) {
  const { t } = useTranslation('lottery');
  const opened = useOpenedDraws(game.vendor, game.gameCode);
  if (opened.isPending)
    return <div className="skeleton-block" aria-busy="true" aria-label={t('lobby.loading')} />;
  if (opened.isError) {
    return (
      <div className="state-box" role="alert">
        <p>{t('lobby.loadFailed')}</p>
        <button type="button" className="btn" onClick={() => void opened.refetch()}>
          {t('lobby.retry')}
        </button>
      </div>
    );
  }
  return <DrawHistory draws={opened.data.list} />;
}

/** The VN lobby's results: the opened draws (with prize tables) of the game chosen. */
export function VnResults({ games }: { games: readonly LotteryItem[] }) {
  const { t } = useTranslation('lottery');
  const selectId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const game = games.find((g) => itemKey(g) === chosen) ?? games[0];
  if (!game) return null;
  return (
    <section className="lt-block lt-vn-results" aria-labelledby="vn-results-title" data-testid="vn-results">
      <div className="lt-block-head">
        <h2 id="vn-results-title">{t('history.resultsTitle')}</h2>
        <label htmlFor={selectId} className="visually-hidden">
          {t('history.chooseGame')}
        </label>
        <select
          id={selectId}
          value={itemKey(game)}
          onChange={(e) => setChosen(e.target.value)}
          data-testid="vn-results-game"
        >
          {games.map((g) => (
            <option key={itemKey(g)} value={itemKey(g)}>
              {g.remark}
            </option>
          ))}
        </select>
      </div>
      <OpenedDraws key={itemKey(game)} game={game} />
    </section>
  );
}
