import type { FishShot } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import { GameHistoryModal, useHistoryTime } from '../../../lib/game-client/game-history';
import { fishGame } from '../api/game';
import { FISH_CHROME } from '../chrome';
import { FishIcon } from './fish-icon';

interface HistoryPanelProps {
  token: string;
  currency: string;
  open: boolean;
  onClose: () => void;
}

function ShotRow({ shot, currency }: { shot: FishShot; currency: string }) {
  const { t } = useTranslation('play');
  const when = useHistoryTime()(shot.time);
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
  return (
    <GameHistoryModal
      chrome={FISH_CHROME}
      game={fishGame}
      token={token}
      open={open}
      onClose={onClose}
      listClass="hf-history"
      listTestId="fish-history-list"
      row={(shot) => <ShotRow key={shot.roundId} shot={shot} currency={currency} />}
    />
  );
}
