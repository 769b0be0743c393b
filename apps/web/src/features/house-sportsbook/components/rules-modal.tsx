import type { SportsbookInfo } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { showMoney } from '../../../lib/money';

const RULES = [
  'single',
  'lines',
  'void',
  'parlay',
  'voidLeg',
  'cashOut',
  'live',
  'odds',
  'settlement',
] as const;

/** How bets are settled, void and cash-out rules, limits and the margin of each market. */
export function RulesModal({
  info,
  open,
  onClose,
}: {
  info: SportsbookInfo;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('play');
  const money = (n: number) => showMoney(n, info.currencySymbol);
  return (
    <Modal
      id="sportsbookRulesModal"
      title={t('houseSportsbook.rules.title')}
      open={open}
      onClose={onClose}
      closeLabel={t('houseSportsbook.close')}
      size="lg"
    >
      <div className="sb-rules">
        <section aria-labelledby="sb-rules-how">
          <h3 id="sb-rules-how">{t('houseSportsbook.rules.howTitle')}</h3>
          <ul>
            {RULES.map((r) => (
              <li key={r}>
                {t(`houseSportsbook.rules.${r}`, { fee: info.cashOutFee, legs: info.maxParlayLegs })}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sb-rules-limits">
          <h3 id="sb-rules-limits">{t('houseSportsbook.rules.limitsTitle')}</h3>
          <p>
            {t('houseSportsbook.rules.limits', {
              min: money(info.minStake),
              max: money(info.maxStake),
              payout: money(info.maxPayout),
              legs: info.maxParlayLegs,
            })}
          </p>
        </section>
        <section aria-labelledby="sb-rules-margins">
          <h3 id="sb-rules-margins">{t('houseSportsbook.rules.marginsTitle')}</h3>
          <p>{t('houseSportsbook.rules.marginsText')}</p>
          <table className="sb-margins" data-testid="sb-margins">
            <thead>
              <tr>
                <th scope="col">{t('houseSportsbook.rules.market')}</th>
                <th scope="col">{t('houseSportsbook.rules.rtp')}</th>
                <th scope="col">{t('houseSportsbook.rules.margin')}</th>
              </tr>
            </thead>
            <tbody>
              {info.margins.map((m) => (
                <tr key={m.market}>
                  <th scope="row">{t(`houseSportsbook.markets.${m.market}`)}</th>
                  <td>{m.rtp.toFixed(2)}%</td>
                  <td>{m.margin.toFixed(2)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="sb-note">{t('houseSportsbook.rules.rng')}</p>
        </section>
      </div>
    </Modal>
  );
}
