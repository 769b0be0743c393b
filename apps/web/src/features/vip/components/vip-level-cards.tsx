import type { VipLevel } from '@app/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import '../../../styles/vip.css';

/** The level's own colour for its card, medal and bars (a custom property the CSS reads). */
export const levelColor = (color: string) => ({ '--vip-color': color }) as CSSProperties;

/** The best daily rebate rate of a level, as a percentage (0 when it pays none). */
const bestRate = (l: VipLevel) => Math.max(0, ...l.rebates.map((r) => r.rate));

/**
 * The brand's levels as cards, lowest first: the label in the level's colour, the thresholds
 * (lifetime valid turnover and deposits), the upgrade bonus and its turnover condition, the best
 * rebate rate and the benefits. The member's level, when known, is marked.
 */
export function VipLevelCards({
  levels,
  current,
  symbol,
}: {
  levels: VipLevel[];
  current: number | null;
  symbol: string;
}) {
  const { t } = useTranslation('vip');
  const min = (amount: number) =>
    amount > 0 ? t('level.min', { amount: showMoney(amount, symbol) }) : t('level.noMin');
  return (
    <ol className="vip-cards" data-testid="vip-levels">
      {levels.map((l) => {
        const mine = current === l.level;
        const rate = bestRate(l);
        return (
          <li
            key={l.level}
            className={mine ? 'vip-card is-current' : 'vip-card'}
            style={levelColor(l.color)}
            aria-current={mine ? 'true' : undefined}
            data-testid="vip-level"
            data-level={l.level}
          >
            <div className="vip-card-head">
              <span className="vip-medal" aria-hidden="true">
                {l.level}
              </span>
              <div className="vip-card-name">
                <p className="vip-kicker">{t('level.name', { level: l.level })}</p>
                <h3>{l.label}</h3>
              </div>
              {mine && <span className="vip-current">{t('level.current')}</span>}
            </div>
            <dl className="vip-facts">
              <div>
                <dt>{t('level.turnover')}</dt>
                <dd>{min(l.minTurnover)}</dd>
              </div>
              <div>
                <dt>{t('level.deposits')}</dt>
                <dd>{min(l.minDeposit)}</dd>
              </div>
              <div>
                <dt>{t('level.bonus')}</dt>
                <dd>
                  {l.upgradeBonus > 0 ? showMoney(l.upgradeBonus, symbol) : t('level.none')}
                  {l.upgradeBonus > 0 && l.turnoverMultiple > 0 && (
                    <span className="vip-note">
                      {t('level.bonusTurnover', { times: l.turnoverMultiple })}
                    </span>
                  )}
                </dd>
              </div>
            </dl>
            <h4 className="visually-hidden">{t('level.benefits')}</h4>
            <ul className="vip-benefits">
              {rate > 0 && <li className="vip-benefit-rate">{t('level.rebate', { rate })}</li>}
              {l.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
