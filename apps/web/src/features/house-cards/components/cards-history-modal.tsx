import { CARDS_HISTORY_SIZE, type CardsHistoryEntry } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { showMoney } from '../../../lib/money';
import { useCardsHistory } from '../api/get-cards-history';
import { localeTag } from '../../../lib/game-client/locale-tag';
import { PlayingCard } from './playing-card';

interface Props {
  token: string;
  currencySymbol: string;
  open: boolean;
  onClose: () => void;
}

/** The player's last hands: cards, decision, stake, what came back, the pot and its rake. */
export function CardsHistoryModal({ token, currencySymbol, open, onClose }: Props) {
  const { t, i18n } = useTranslation('play');
  const history = useCardsHistory(token, open);
  const money = (n: number) => showMoney(n, currencySymbol);
  const time = (iso: string) =>
    new Date(iso).toLocaleString(localeTag(i18n.language), { dateStyle: 'short', timeStyle: 'medium' });

  return (
    <Modal
      id="cardsHistoryModal"
      title={t('houseCards.history.title', { n: CARDS_HISTORY_SIZE })}
      open={open}
      onClose={onClose}
      closeLabel={t('houseCards.close')}
      size="lg"
    >
      {history.isPending && <p role="status">{t('houseCards.loading')}</p>}
      {history.isError && (
        <p role="alert">
          {t('houseCards.errors.load')}{' '}
          <button type="button" className="btn" onClick={() => void history.refetch()}>
            {t('houseCards.retry')}
          </button>
        </p>
      )}
      {history.data && history.data.list.length === 0 && <p>{t('houseCards.history.empty')}</p>}
      {history.data && history.data.list.length > 0 && (
        <ol className="hc-history" data-testid="cards-history">
          {history.data.list.map((h) => (
            <HistoryRow key={`${h.roomId}-${h.handNo}`} h={h} money={money} time={time(h.dealAt)} />
          ))}
        </ol>
      )}
    </Modal>
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
