import { SLOT_ROWS, type SlotInfo } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { showMoney } from '../../../lib/money';
import { betPerLine, linePay, totalBetPay } from '../bets';
import { LineDiagram } from './mini-grid';
import { SymbolIcon } from './symbol-art';

interface RulesModalProps {
  info: SlotInfo;
  bet: number;
  open: boolean;
  onClose: () => void;
}

const byCountDown = (a: { count: number }, b: { count: number }) => b.count - a.count;

/** Paytable at the current bet, paylines, wild, scatter and free spins rules, published figures. */
export function RulesModal({ info, bet, open, onClose }: RulesModalProps) {
  const { t } = useTranslation('play');
  const money = (amount: number) => showMoney(amount, info.currencySymbol);
  const lineCount = info.lines.length;
  const { scatter } = info;

  return (
    <Modal
      id="slotRulesModal"
      title={t('houseSlot.rules.title')}
      open={open}
      onClose={onClose}
      closeLabel={t('houseSlot.close')}
      size="lg"
    >
      <div className="hs-rules">
        <section aria-labelledby="hs-rules-pays">
          <h3 id="hs-rules-pays">{t('houseSlot.rules.paysTitle')}</h3>
          <p className="hs-note">
            {t('houseSlot.rules.paysNote', { bet: money(bet), perLine: money(betPerLine(bet, lineCount)) })}
          </p>
          <ul className="hs-paytable">
            {info.paytable.map((entry) => (
              <li key={entry.symbol} className="hs-pay">
                <SymbolIcon symbol={entry.symbol} className="hs-pay-symbol" />
                <div>
                  <strong>{t(`houseSlot.symbols.${entry.symbol}`)}</strong>
                  <dl>
                    {[...entry.pays].sort(byCountDown).map((pay) => (
                      <div key={pay.count}>
                        <dt>{t('houseSlot.rules.ofAKind', { n: pay.count })}</dt>
                        <dd>{money(linePay(bet, lineCount, pay.multiplier))}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              </li>
            ))}
            <li className="hs-pay">
              <SymbolIcon symbol="SCATTER" className="hs-pay-symbol" />
              <div>
                <strong>{t('houseSlot.symbols.SCATTER')}</strong>
                <dl>
                  {[...scatter.pays].sort(byCountDown).map((pay) => (
                    <div key={pay.count}>
                      <dt>{t('houseSlot.rules.anywhere', { n: pay.count })}</dt>
                      <dd>{money(totalBetPay(bet, pay.multiplier))}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </li>
          </ul>
        </section>

        <section aria-labelledby="hs-rules-special">
          <h3 id="hs-rules-special">{t('houseSlot.rules.specialTitle')}</h3>
          <div className="hs-rule-row">
            <SymbolIcon symbol="WILD" className="hs-rule-symbol" />
            <p>{t('houseSlot.rules.wildText')}</p>
          </div>
          <div className="hs-rule-row">
            <SymbolIcon symbol="SCATTER" className="hs-rule-symbol" />
            <p>{t('houseSlot.rules.scatterText')}</p>
          </div>
          <h4>{t('houseSlot.rules.freeSpinsTitle')}</h4>
          <p>
            {t('houseSlot.rules.freeSpinsText', {
              n: scatter.triggerCount,
              spins: scatter.freeSpins,
              multiplier: scatter.freeSpinMultiplier,
            })}
          </p>
        </section>

        <section aria-labelledby="hs-rules-lines">
          <h3 id="hs-rules-lines">{t('houseSlot.rules.linesTitle')}</h3>
          <p>{t('houseSlot.rules.linesText', { n: lineCount })}</p>
          <div className="hs-lines">
            {info.lines.map((rows, i) => (
              <LineDiagram
                key={i}
                rows={rows}
                rowCount={SLOT_ROWS}
                label={t('houseSlot.line', { line: i + 1 })}
              />
            ))}
          </div>
        </section>

        <section aria-labelledby="hs-rules-jackpot">
          <h3 id="hs-rules-jackpot">{t('houseSlot.rules.jackpotTitle')}</h3>
          <p data-testid="slot-jackpot-terms">
            {t('houseSlot.rules.jackpotText', {
              contribution: info.jackpot.contributionPercent.toFixed(2),
              odds: info.jackpot.odds.toLocaleString('en-US'),
              unit: money(1),
            })}
          </p>
        </section>

        <section aria-labelledby="hs-rules-figures">
          <h3 id="hs-rules-figures">{t('houseSlot.rules.figuresTitle')}</h3>
          <dl className="hs-figures">
            <div>
              <dt>{t('houseSlot.rules.rtp')}</dt>
              <dd data-testid="slot-rtp">{info.rtp.toFixed(2)}%</dd>
            </div>
            <div>
              <dt>{t('houseSlot.rules.rtpSplitTitle')}</dt>
              <dd data-testid="slot-rtp-split">
                {t('houseSlot.rules.rtpSplit', {
                  paytable: info.paytableRtp.toFixed(2),
                  jackpot: info.jackpot.returnPercent.toFixed(2),
                })}
              </dd>
            </div>
            <div>
              <dt>{t('houseSlot.rules.hitRate')}</dt>
              <dd>{info.hitRate.toFixed(2)}%</dd>
            </div>
            <div>
              <dt>{t('houseSlot.rules.maxWin')}</dt>
              <dd>
                {t('houseSlot.rules.maxWinValue', {
                  multiplier: info.maxWinMultiplier.toLocaleString('en-US'),
                  amount: money(totalBetPay(bet, info.maxWinMultiplier)),
                })}
              </dd>
            </div>
          </dl>
          <p>{t('houseSlot.rules.rng')}</p>
          <p className="hs-note">{t('houseSlot.rules.malfunction')}</p>
        </section>
      </div>
    </Modal>
  );
}
