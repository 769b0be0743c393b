import type { VipMe } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import { formatInZone } from '../../../lib/zoned-time';
import '../../../styles/vip.css';
import { levelColor } from './vip-level-cards';

/** How far `have` is towards `need`, 0-100 (a threshold of 0 is met). */
const percent = (have: number, need: number) =>
  need <= 0 ? 100 : Math.min(100, Math.floor((have / need) * 100));

function Progress({
  label,
  have,
  need,
  still,
  testId,
}: {
  label: string;
  have: number;
  need: number;
  still: string;
  testId: string;
}) {
  const value = percent(have, need);
  return (
    <div className="vip-progress" data-testid={testId}>
      <div className="vip-progress-top">
        <span>{label}</span>
        <span className={value >= 100 ? 'vip-progress-done' : 'vip-muted'}>{still}</span>
      </div>
      <div
        className="vip-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <span style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/**
 * The member's VIP badge: level, label and colour, when it was reached, lifetime figures, and the
 * progress bars towards the next level (or the top level reached). A VIP above level 4 is told
 * about its customer-service line, with `service` (the button that opens it) beside.
 */
export function VipStatus({
  me,
  symbol,
  timezone,
  service,
}: {
  me: VipMe;
  symbol: string;
  timezone: string;
  service?: ReactNode;
}) {
  const { t } = useTranslation('vip');
  const money = (n: number) => showMoney(n, symbol);
  const next = me.next;
  return (
    <section
      className="vip-status"
      style={levelColor(me.color)}
      aria-labelledby="vip-status-title"
      data-testid="vip-status"
      data-level={me.level}
    >
      <h2 id="vip-status-title" className="visually-hidden">
        {t('status.title')}
      </h2>
      <div className="vip-status-head">
        <span className="vip-medal vip-medal-lg" aria-hidden="true">
          {me.level}
        </span>
        <div className="vip-card-name">
          <p className="vip-kicker">{t('level.name', { level: me.level })}</p>
          <p className="vip-status-label" data-testid="vip-status-label">
            {me.label}
          </p>
          {me.reachedTime && (
            <p className="vip-muted">
              {t('status.reached', { time: formatInZone(me.reachedTime, timezone, false) })}
            </p>
          )}
        </div>
      </div>
      <dl className="vip-facts vip-lifetime">
        <div>
          <dt>{t('status.lifetimeTurnover')}</dt>
          <dd data-testid="vip-turnover">{money(me.turnover)}</dd>
        </div>
        <div>
          <dt>{t('status.lifetimeDeposits')}</dt>
          <dd data-testid="vip-deposits">{money(me.deposits)}</dd>
        </div>
      </dl>
      {next ? (
        <div className="vip-next" style={levelColor(next.color)}>
          <h3>{t('status.next', { name: `${t('level.name', { level: next.level })} · ${next.label}` })}</h3>
          <Progress
            testId="vip-progress-turnover"
            label={t('status.progressTurnover', { have: money(me.turnover), need: money(next.minTurnover) })}
            have={me.turnover}
            need={next.minTurnover}
            still={
              next.turnoverNeeded > 0
                ? t('status.stillTurnover', { amount: money(next.turnoverNeeded) })
                : t('status.done')
            }
          />
          <Progress
            testId="vip-progress-deposits"
            label={t('status.progressDeposits', { have: money(me.deposits), need: money(next.minDeposit) })}
            have={me.deposits}
            need={next.minDeposit}
            still={
              next.depositNeeded > 0
                ? t('status.stillDeposits', { amount: money(next.depositNeeded) })
                : t('status.done')
            }
          />
        </div>
      ) : (
        <p className="vip-top" data-testid="vip-top">
          {t('status.top')}
        </p>
      )}
      {me.vipService && (
        <div className="vip-service">
          <p>{t('status.vipService')}</p>
          {service}
        </div>
      )}
    </section>
  );
}
