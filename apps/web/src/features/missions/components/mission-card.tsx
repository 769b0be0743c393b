import { GAME_TYPES, type GameType, type Mission } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../components/ui/inline-confirm';
import { showMoney } from '../../../lib/money';
import { formatInZone } from '../../../lib/zoned-time';
import { isMoney, progressPercent } from '../mission-view';

const isGameType = (v: string): v is GameType => (GAME_TYPES as readonly string[]).includes(v);

const STATE_BADGE = {
  IN_PROGRESS: 'mc-badge mc-badge-info',
  CLAIMABLE: 'mc-badge mc-badge-wait',
  CLAIMED: 'mc-badge mc-badge-ok',
} as const;

/**
 * One mission: what to do, a progress bar with its figures, the reward and the turnover it adds,
 * and its state: a Claim button (behind a confirmation) once the target is reached.
 */
export function MissionCard({
  mission: m,
  symbol,
  timeZone,
  confirming,
  busy,
  onClaim,
  onConfirm,
  onCancel,
}: {
  mission: Mission;
  symbol: string;
  timeZone: string;
  confirming: boolean;
  busy: boolean;
  onClaim: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('rewards');
  const { t: tc } = useTranslation();
  const pct = progressPercent(m);
  const figures = isMoney(m)
    ? t('missions.progress.money', {
        progress: showMoney(m.progress, symbol),
        target: showMoney(m.target, symbol),
      })
    : t(m.metric === 'LOGIN' ? 'missions.progress.days' : 'missions.progress.wins', {
        progress: m.progress,
        target: m.target,
      });
  const reward = showMoney(m.reward, symbol);
  const turnover = showMoney(m.turnoverRequired, symbol);
  const titleId = `mission-${m.id}-title`;

  return (
    <li
      className={`ms-card ms-${m.state.toLowerCase()}`}
      data-testid="mission"
      data-mission-id={m.id}
      data-state={m.state}
    >
      <div className="ms-card-main">
        <div className="ms-card-head">
          <h4 id={titleId} className="ms-title">
            {m.title}
          </h4>
          <span className={STATE_BADGE[m.state]} data-testid="mission-state">
            {t(`missions.state.${m.state}`)}
          </span>
        </div>
        {m.description && <p className="sec-desc ms-desc">{m.description}</p>}
        {m.gameType && (
          <p className="ms-tag">
            {t('missions.onlyGame', {
              game: isGameType(m.gameType) ? tc(`categories.${m.gameType}`) : m.gameType,
            })}
          </p>
        )}
        <div
          className="ms-bar"
          role="progressbar"
          aria-labelledby={titleId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct}
          aria-valuetext={figures}
        >
          <span style={{ width: `${pct}%` }} />
        </div>
        <p className="ms-figures" data-testid="mission-progress">
          {figures}
        </p>
      </div>
      <div className="ms-card-side">
        <p className="ms-reward" data-testid="mission-reward">
          {t('missions.reward', { amount: reward })}
        </p>
        <p className="mc-muted ms-turnover">
          {m.turnoverRequired > 0 ? t('missions.turnover', { amount: turnover }) : t('missions.noTurnover')}
        </p>
        {m.state === 'CLAIMABLE' && !confirming && (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={onClaim}
            data-testid="mission-claim"
          >
            {t('missions.claim')}
          </button>
        )}
        {m.state === 'CLAIMED' && m.claimedTime && (
          <p className="mc-muted ms-claimed">
            {t('missions.claimedAt', { time: formatInZone(m.claimedTime, timeZone, false) })}
          </p>
        )}
      </div>
      {confirming && (
        <div className="ms-confirm">
          <InlineConfirm
            text={
              m.turnoverRequired > 0
                ? t('missions.confirmTurnover', { amount: reward, title: m.title, turnover })
                : t('missions.confirm', { amount: reward, title: m.title })
            }
            confirmLabel={t('missions.claim')}
            onConfirm={onConfirm}
            onCancel={onCancel}
            busy={busy}
            testId="mission-confirm"
          />
        </div>
      )}
    </li>
  );
}
