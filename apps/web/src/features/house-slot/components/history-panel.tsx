import type { SlotRound } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import { GameHistoryModal, useHistoryTime } from '../../../lib/game-client/game-history';
import { slotGame } from '../api/game';
import { SLOT_CHROME } from '../chrome';
import { MiniGrid } from './mini-grid';

interface HistoryPanelProps {
  token: string;
  currency: string;
  open: boolean;
  onClose: () => void;
}

function RoundRow({ round, currency }: { round: SlotRound; currency: string }) {
  const { t } = useTranslation('play');
  const when = useHistoryTime()(round.time);
  return (
    <li className="hs-round" data-testid="slot-history-item">
      <MiniGrid grid={round.base.grid} label={t('houseSlot.history.grid')} />
      <dl className="hs-round-facts">
        <div>
          <dt>{t('houseSlot.history.time')}</dt>
          <dd>
            <time dateTime={round.time}>{when}</time>
          </dd>
        </div>
        <div>
          <dt>{t('houseSlot.history.bet')}</dt>
          <dd>{showMoney(round.bet, currency)}</dd>
        </div>
        <div>
          <dt>{t('houseSlot.history.win')}</dt>
          <dd className={round.totalWin > 0 ? 'hs-won' : undefined}>{showMoney(round.totalWin, currency)}</dd>
        </div>
        <div>
          <dt>{t('houseSlot.history.freeSpins')}</dt>
          <dd>{round.freeSpins.length > 0 ? round.freeSpins.length : '—'}</dd>
        </div>
      </dl>
    </li>
  );
}

/** The last rounds (server's list), each with its grid; fetched while open. */
export function HistoryPanel({ token, currency, open, onClose }: HistoryPanelProps) {
  return (
    <GameHistoryModal
      chrome={SLOT_CHROME}
      game={slotGame}
      token={token}
      open={open}
      onClose={onClose}
      listClass="hs-history"
      listTestId="slot-history-list"
      row={(round) => <RoundRow key={round.roundId} round={round} currency={currency} />}
    />
  );
}
