import { CARDS_HISTORY_SIZE, type CardsHistoryEntry } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import { GameHistoryModal, useHistoryTime } from '../../../lib/game-client/game-history';
import { cardsGame } from '../api/game';
import { CARDS_CHROME } from '../chrome';
import { PlayingCard } from './playing-card';

interface Props {
  token: string;
  currencySymbol: string;
  open: boolean;
  onClose: () => void;
}

const TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' };

/** The player's last hands: cards, decision, stake, what came back, the pot and its rake. */
export function CardsHistoryModal({ token, currencySymbol, open, onClose }: Props) {
  const { t } = useTranslation('play');
  const time = useHistoryTime(TIME);
  const money = (n: number) => showMoney(n, currencySymbol);
  return (
    <GameHistoryModal
      chrome={CARDS_CHROME}
      game={cardsGame}
      token={token}
      open={open}
      onClose={onClose}
      title={t('houseCards.history.title', { n: CARDS_HISTORY_SIZE })}
      size="lg"
      listClass="hc-history"
      listTestId="cards-history"
      emptyClass=""
      ownStates
      row={(h) => <HistoryRow key={`${h.roomId}-${h.handNo}`} h={h} money={money} time={time(h.dealAt)} />}
    />
  );
}

function HistoryRow({
  h,
  money,
  time,
}: {
  h: CardsHistoryEntry;
  money: (n: number) => string;
  time: string;
}) {
  const { t } = useTranslation('play');
  const me = h.seats.find((s) => s.you);
  const winners = h.seats.filter((s) => s.winner);
  const net = h.payout - h.stake;
  return (
    <li className="hc-history-row">
      <div className="hc-history-head">
        <strong>
          {t(`houseCards.rooms.${h.roomId}`)} #{h.handNo}
        </strong>
        <span className="hc-muted">{time}</span>
      </div>
      <div className="hc-history-body">
        <span className="hc-rank-cards">
          {(me?.cards ?? [null, null, null]).map((c, i) => (
            <PlayingCard key={i} card={c} small />
          ))}
        </span>
        <span>
          {me?.rank ? t(`houseCards.ranks.${me.rank}`) : ''} ·{' '}
          {me?.action ? t(`houseCards.action.${me.action}`) : ''}
        </span>
      </div>
      <dl className="hc-history-figures">
        <div>
          <dt>{t('houseCards.stake')}</dt>
          <dd>{money(h.stake)}</dd>
        </div>
        <div>
          <dt>{t('houseCards.payout')}</dt>
          <dd className={net > 0 ? 'is-win' : undefined}>{money(h.payout)}</dd>
        </div>
        <div>
          <dt>{t('houseCards.pot')}</dt>
          <dd>{money(h.pot)}</dd>
        </div>
        <div>
          <dt>{t('houseCards.rake')}</dt>
          <dd>{money(h.rake ?? 0)}</dd>
        </div>
      </dl>
      <div className="hc-muted">
        {t('houseCards.history.won', {
          who: winners
            .map((w) =>
              w.you ? t('houseCards.you') : t(w.kind === 'HOUSE' ? 'houseCards.house' : 'houseCards.player'),
            )
            .join(', '),
          rank: winners[0]?.rank ? t(`houseCards.ranks.${winners[0].rank}`) : '',
        })}
      </div>
    </li>
  );
}
