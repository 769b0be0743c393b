import type { SlotRound } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { QueryState } from '../../../components/ui/query-state';
import { showMoney } from '../../../lib/money';
import { useSlotHistory } from '../api/get-slot-history';
import { localeTag } from '../../../lib/game-client/locale-tag';
import { MiniGrid } from './mini-grid';

interface HistoryPanelProps {
  token: string;
  currency: string;
  open: boolean;
  onClose: () => void;
}

function RoundRow({ round, currency }: { round: SlotRound; currency: string }) {
  const { t, i18n } = useTranslation('play');
  const time = new Date(round.time);
  const when = Number.isNaN(time.getTime())
    ? round.time
    : time.toLocaleString(localeTag(i18n.language), {
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
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
  const { t } = useTranslation('play');
  const history = useSlotHistory(token, open);
  return (
    <Modal
      id="slotHistoryModal"
      title={t('houseSlot.history.title')}
      open={open}
      onClose={onClose}
      closeLabel={t('houseSlot.close')}
    >
      <QueryState query={history}>
        {(data) =>
          data.list.length === 0 ? (
            <p className="state-box">{t('houseSlot.history.empty')}</p>
          ) : (
            <ol className="hs-history" data-testid="slot-history-list">
              {data.list.map((round) => (
                <RoundRow key={round.roundId} round={round} currency={currency} />
              ))}
            </ol>
          )
        }
      </QueryState>
    </Modal>
  );
}
