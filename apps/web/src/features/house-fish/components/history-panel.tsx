import type { FishShot } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { QueryState } from '../../../components/ui/query-state';
import { showMoney } from '../../../lib/money';
import { useFishHistory } from '../api/get-fish-history';
import { localeTag } from '../../../lib/game-client/locale-tag';
import { FishIcon } from './fish-icon';

interface HistoryPanelProps {
  token: string;
  currency: string;
  open: boolean;
  onClose: () => void;
}

function ShotRow({ shot, currency }: { shot: FishShot; currency: string }) {
  const { t, i18n } = useTranslation('play');
  const time = new Date(shot.time);
  const when = Number.isNaN(time.getTime())
    ? shot.time
    : time.toLocaleString(localeTag(i18n.language), {
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
  return (
    <li className="hf-shot" data-testid="fish-history-item">
      <FishIcon species={shot.fishSpeciesId} size={40} />
      <dl className="hf-shot-facts">
        <div>
          <dt>{t('houseFish.history.time')}</dt>
          <dd>
            <time dateTime={shot.time}>{when}</time>
          </dd>
        </div>
        <div>
          <dt>{t('houseFish.history.fish')}</dt>
          <dd>
            {t(`houseFish.species.${shot.fishSpeciesId}`)} ×{shot.multiplier}
          </dd>
        </div>
        <div>
          <dt>{t('houseFish.history.bet')}</dt>
          <dd>{showMoney(shot.bet, currency)}</dd>
        </div>
        <div>
          <dt>{t('houseFish.history.result')}</dt>
          <dd className={shot.captured ? 'hf-won' : undefined}>
            {shot.captured
              ? t('houseFish.history.caught', { amount: showMoney(shot.win, currency) })
              : t('houseFish.history.missed')}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** The last shots (the server's list), newest first; fetched while open. */
export function HistoryPanel({ token, currency, open, onClose }: HistoryPanelProps) {
  const { t } = useTranslation('play');
  const history = useFishHistory(token, open);
  return (
    <Modal
      id="fishHistoryModal"
      title={t('houseFish.history.title')}
      open={open}
      onClose={onClose}
      closeLabel={t('houseFish.close')}
    >
      <QueryState query={history}>
        {(data) =>
          data.list.length === 0 ? (
            <p className="state-box">{t('houseFish.history.empty')}</p>
          ) : (
            <ol className="hf-history" data-testid="fish-history-list">
              {data.list.map((shot) => (
                <ShotRow key={shot.roundId} shot={shot} currency={currency} />
              ))}
            </ol>
          )
        }
      </QueryState>
    </Modal>
  );
}
