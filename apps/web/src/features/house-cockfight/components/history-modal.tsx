import type { CockfightBet } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import { GameHistoryModal, useHistoryTime } from '../../../lib/game-client/game-history';
import { cockfightGame } from '../api/game';
import { COCKFIGHT_CHROME } from '../chrome';

interface HistoryModalProps {
  token: string;
  currency: string;
  open: boolean;
  onClose: () => void;
}

export function BetStatus({ bet }: { bet: CockfightBet }) {
  const { t } = useTranslation('play');
  return (
    <span className={`cf-status cf-s-${bet.status.toLowerCase()}`}>
      {t(`cockfight.status.${bet.status}`)}
    </span>
  );
}

function BetRow({ bet, currency }: { bet: CockfightBet; currency: string }) {
  const { t } = useTranslation('play');
  const when = useHistoryTime()(bet.time);
  return (
    <li className="cf-hist-item" data-testid="cockfight-history-item">
      <div className="cf-hist-top">
        <strong>{t('cockfight.fightNo', { n: bet.fightNo })}</strong>
        <time dateTime={bet.time}>{when}</time>
      </div>
      <dl className="cf-hist-facts">
        <div>
          <dt>{t('cockfight.history.side')}</dt>
          <dd className={`cf-hist-side cf-hist-${bet.side.toLowerCase()}`}>
            {t(`cockfight.sides.${bet.side}`)} @ {bet.odds.toFixed(2)}
          </dd>
        </div>
        <div>
          <dt>{t('cockfight.history.stake')}</dt>
          <dd>{showMoney(bet.stake, currency)}</dd>
        </div>
        <div>
          <dt>{t('cockfight.history.result')}</dt>
          <dd>{bet.result ? t(`cockfight.results.${bet.result}`) : '—'}</dd>
        </div>
        <div>
          <dt>{t('cockfight.history.payout')}</dt>
          <dd>
            {bet.payout === null ? <BetStatus bet={bet} /> : showMoney(bet.payout, currency)}
            {bet.payout !== null && <BetStatus bet={bet} />}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** The player's last 10 bets in this game, fetched while open. */
export function HistoryModal({ token, currency, open, onClose }: HistoryModalProps) {
  return (
    <GameHistoryModal
      chrome={COCKFIGHT_CHROME}
      game={cockfightGame}
      token={token}
      open={open}
      onClose={onClose}
      listClass="cf-hist"
      listTestId="cockfight-history-list"
      row={(bet) => <BetRow key={bet.betId} bet={bet} currency={currency} />}
    />
  );
}
