import { GAME_TYPES, type RebateRule, type VipLevel } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import '../../../styles/vip.css';
import { levelColor } from './vip-level-cards';

/**
 * The daily rebate rates as a table, a row per game type and a column per level, with the
 * brand's rule (minimum payout, daily cap) under it. It scrolls sideways on a narrow screen.
 */
export function VipRatesTable({
  levels,
  rule,
  symbol,
}: {
  levels: VipLevel[];
  rule: RebateRule | null;
  symbol: string;
}) {
  const { t } = useTranslation('vip');
  const { t: tc } = useTranslation();
  const rate = (l: VipLevel, g: string) => l.rebates.find((r) => r.gameType === g)?.rate ?? 0;
  const games = GAME_TYPES.filter((g) => levels.some((l) => rate(l, g) > 0));
  if (games.length === 0) return null;
  return (
    <>
      <div className="vip-rates-wrap" role="region" aria-label={t('page.ratesTitle')} tabIndex={0}>
        <table className="vip-rates" aria-describedby="vip-rates-about" data-testid="vip-rates">
          <thead>
            <tr>
              <th scope="col">{t('rebate.game')}</th>
              {levels.map((l) => (
                <th scope="col" key={l.level} style={levelColor(l.color)}>
                  <span className="vip-rates-level">{t('level.name', { level: l.level })}</span>
                  <span className="vip-rates-label">{l.label}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {games.map((g) => (
              <tr key={g}>
                <th scope="row">{tc(`categories.${g}`)}</th>
                {levels.map((l) => (
                  <td key={l.level}>{rate(l, g) > 0 ? `${rate(l, g)}%` : '–'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p id="vip-rates-about" className="vip-muted">
        {t('page.ratesCaption')}
      </p>
      {rule && (
        <p className="vip-muted" data-testid="vip-rule">
          {rule.dailyCap !== null
            ? t('page.rule', {
                min: showMoney(rule.minPayout, symbol),
                cap: showMoney(rule.dailyCap, symbol),
              })
            : t('page.ruleNoCap', { min: showMoney(rule.minPayout, symbol) })}
        </p>
      )}
    </>
  );
}
