import type { BaccaratHistory } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import { GameHistoryModal, useHistoryTime } from '../../../lib/game-client/game-history';
import { baccaratGame } from '../api/game';
import { BACCARAT_CHROME } from '../chrome';
import { PlayingCard } from './playing-card';

interface HistoryModalProps {
  token: string;
  currency: string;
  open: boolean;
  onClose: () => void;
}

const TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** The player's last 10 rounds: table, time, cards and totals, each bet and what it paid. */
export function HistoryModal({ token, currency, open, onClose }: HistoryModalProps) {
  return (
    <GameHistoryModal
      chrome={BACCARAT_CHROME}
      game={baccaratGame}
      token={token}
      open={open}
      onClose={onClose}
      size="lg"
      listClass="hb-history"
      listTestId="baccarat-history-list"
      emptyClass="hb-note"
      ownStates
      fresh
      row={(h) => <Round key={`${h.tableId}-${h.roundNo}`} h={h} currency={currency} />}
    />
  );
}

function Round({ h, currency }: { h: BaccaratHistory['list'][number]; currency: string }) {
  const { t } = useTranslation('play');
  const money = (n: number) => showMoney(n, currency);
  const time = useHistoryTime(TIME);
  const net = h.totalPayout === null ? null : h.totalPayout - h.totalStake;
  return (
    <li className="hb-history-item" data-testid="baccarat-history-item">
      <header>
        <strong>{t('houseBaccarat.tableName', { n: h.tableId })}</strong>
        <span>{t('houseBaccarat.history.round', { n: h.roundNo })}</span>
        <time dateTime={h.time}>{time(h.time)}</time>
      </header>
      {h.result ? (
        <div className="hb-history-hands">
          <div className="hb-history-hand is-player">
            <span>
              {t('houseBaccarat.bets.PLAYER')} {h.result.playerTotal}
            </span>
            <span className="hb-history-cards">
              {h.result.playerCards.map((c) => (
                <PlayingCard key={c} code={c} up small />
              ))}
            </span>
          </div>
          <div className="hb-history-hand is-banker">
            <span>
              {t('houseBaccarat.bets.BANKER')} {h.result.bankerTotal}
            </span>
            <span className="hb-history-cards">
              {h.result.bankerCards.map((c) => (
                <PlayingCard key={c} code={c} up small />
              ))}
            </span>
          </div>
          <span className={`hb-outcome-tag is-${h.result.outcome.toLowerCase()}`}>
            {t(`houseBaccarat.outcome.${h.result.outcome}`)}
          </span>
        </div>
      ) : (
        <p className="hb-note">{t('houseBaccarat.history.waiting')}</p>
      )}
      <ul className="hb-history-bets">
        {h.bets.map((b) => (
          <li key={b.type}>
            <span>{t(`houseBaccarat.bets.${b.type}`)}</span>
            <span>{money(b.stake)}</span>
            <span>
              {b.status === 'VOID'
                ? t('houseBaccarat.history.void')
                : b.payout === null
                  ? t('houseBaccarat.history.pending')
                  : money(b.payout)}
            </span>
          </li>
        ))}
      </ul>
      <footer>
        <span>
          {t('houseBaccarat.history.stake')}: {money(h.totalStake)}
        </span>
        <span
          className={net !== null && net > 0 ? 'is-win' : undefined}
          data-testid="baccarat-history-payout"
        >
          {t('houseBaccarat.history.payout')}: {h.totalPayout === null ? '—' : money(h.totalPayout)}
        </span>
      </footer>
    </li>
  );
}
