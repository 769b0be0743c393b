import type { BaccaratInfo } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import { useBaccaratTables } from '../api/get-baccarat-tables';
import { secondsUntil } from '../cards';
import { useNow } from '../hooks/use-now';
import { Roads } from './roads';

interface TableLobbyProps {
  token: string;
  info: BaccaratInfo;
  onJoin: (tableId: number) => void;
}

/** Every table with its countdown, last result and roads; the player picks one to sit at. */
export function TableLobby({ token, info, onJoin }: TableLobbyProps) {
  const { t } = useTranslation('play');
  const lobby = useBaccaratTables(token, true);
  const now = useNow(500);
  if (lobby.isPending)
    return (
      <p className="hb-lobby-status" role="status">
        {t('houseBaccarat.loading')}
      </p>
    );
  if (lobby.isError)
    return (
      <div className="hb-lobby-status" role="alert">
        <p>{t('houseBaccarat.errors.load')}</p>
        <button type="button" className="btn" onClick={() => void lobby.refetch()}>
          {t('houseBaccarat.retry')}
        </button>
      </div>
    );
  const { tables, balance } = lobby.data;
  return (
    <div className="hb-lobby">
      <p className="hb-lobby-balance">
        {t('houseBaccarat.balance')}:{' '}
        <strong data-testid="baccarat-lobby-balance">{showMoney(balance, info.currencySymbol)}</strong>
      </p>
      <ul className="hb-lobby-tables">
        {tables.map((table) => {
          const left = secondsUntil(table.closesAt, table.serverTime, lobby.dataUpdatedAt, now);
          const last = table.phase === 'RESULT' ? table.result : table.previous;
          return (
            <li key={table.tableId} className="hb-lobby-table" data-testid="baccarat-table-card">
              <header>
                <h2>{t('houseBaccarat.tableName', { n: table.tableId })}</h2>
                <span className={`hb-phase is-${table.phase.toLowerCase()}`}>
                  {table.phase === 'BETTING' && left > 0
                    ? t('houseBaccarat.phase.bettingLeft', { n: left })
                    : t(`houseBaccarat.phase.${table.phase === 'BETTING' ? 'DEALING' : table.phase}`)}
                </span>
              </header>
              <Roads roads={table.roads} beadCols={8} bigCols={16} compact />
              <footer>
                <span className="hb-lobby-last">
                  {last
                    ? t('houseBaccarat.lastResult', {
                        outcome: t(`houseBaccarat.outcome.${last.outcome}`),
                        player: last.playerTotal,
                        banker: last.bankerTotal,
                      })
                    : t('houseBaccarat.newShoe')}
                </span>
                <button
                  type="button"
                  className="hb-join"
                  data-testid={`baccarat-join-${table.tableId}`}
                  onClick={() => onJoin(table.tableId)}
                >
                  {t('houseBaccarat.join')}
                </button>
              </footer>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
