import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { showMoney } from '../../../lib/money';
import { useBaccaratHistory } from '../api/get-baccarat-history';
import { localeTag } from '../../../lib/game-client/locale-tag';
import { PlayingCard } from './playing-card';

interface HistoryModalProps {
  token: string;
  currency: string;
  open: boolean;
  onClose: () => void;
}

/** The player's last 10 rounds: table, time, cards and totals, each bet and what it paid. */
export function HistoryModal({ token, currency, open, onClose }: HistoryModalProps) {
  const { t, i18n } = useTranslation('play');
  const history = useBaccaratHistory(token, open);
  const money = (n: number) => showMoney(n, currency);
  const time = (iso: string) =>
    new Date(iso).toLocaleString(localeTag(i18n.language), {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  return (
    <Modal
      id="baccaratHistoryModal"
      title={t('houseBaccarat.history.title')}
      open={open}
      onClose={onClose}
      closeLabel={t('houseBaccarat.close')}
      size="lg"
    >
      {history.isPending && <p role="status">{t('houseBaccarat.loading')}</p>}
      {history.isError && (
        <p role="alert">
          {t('houseBaccarat.errors.load')}{' '}
          <button type="button" className="btn" onClick={() => void history.refetch()}>
            {t('houseBaccarat.retry')}
          </button>
        </p>
      )}
      {history.data && history.data.list.length === 0 && (
        <p className="hb-note">{t('houseBaccarat.history.empty')}</p>
      )}
      {history.data && history.data.list.length > 0 && (
        <ol className="hb-history">
          {history.data.list.map((h) => {
            const net = h.totalPayout === null ? null : h.totalPayout - h.totalStake;
            return (
              <li
                key={`${h.tableId}-${h.roundNo}`}
                className="hb-history-item"
                data-testid="baccarat-history-item"
              >
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
          })}
        </ol>
      )}
    </Modal>
  );
}
