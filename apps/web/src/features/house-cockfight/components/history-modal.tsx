import type { CockfightBet } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { QueryState } from '../../../components/ui/query-state';
import { showMoney } from '../../../lib/money';
import { useCockfightHistory } from '../api/get-cockfight-history';
import { localeTag } from '../../../lib/game-client/locale-tag';

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
  const { t, i18n } = useTranslation('play');
  const time = new Date(bet.time);
  const when = Number.isNaN(time.getTime())
    ? bet.time
    : time.toLocaleString(localeTag(i18n.language), {
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
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
  const { t } = useTranslation('play');
  const history = useCockfightHistory(token, open);
  return (
    <Modal
      id="cockfightHistoryModal"
      title={t('cockfight.history.title')}
      open={open}
      onClose={onClose}
      closeLabel={t('cockfight.close')}
    >
      <QueryState query={history}>
        {(data) =>
          data.list.length === 0 ? (
            <p className="state-box">{t('cockfight.history.empty')}</p>
          ) : (
            <ol className="cf-hist" data-testid="cockfight-history-list">
              {data.list.map((bet) => (
                <BetRow key={bet.betId} bet={bet} currency={currency} />
              ))}
            </ol>
          )
        }
      </QueryState>
    </Modal>
  );
}
