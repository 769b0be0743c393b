import { fromMinor, toMinor, type FishInfo } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { showMoney } from '../../../lib/money';
import { FishIcon } from './fish-icon';

interface RulesModalProps {
  info: FishInfo;
  bet: number;
  open: boolean;
  onClose: () => void;
}

/** A capture chance as a percent with 2 decimals (hits / outOf is exact; only the display rounds). */
const percent = (hits: number, outOf: number) => `${((hits / outOf) * 100).toFixed(2)}%`;

/** The fish table at the current bet, how a shot is decided, the published RTP. */
export function RulesModal({ info, bet, open, onClose }: RulesModalProps) {
  const { t } = useTranslation('play');
  const money = (n: number) => showMoney(n, info.currencySymbol);
  const pay = (multiplier: number) => money(fromMinor((toMinor(bet) ?? 0n) * BigInt(multiplier)));
  return (
    <Modal
      id="fishRulesModal"
      title={t('houseFish.rules.title')}
      open={open}
      onClose={onClose}
      closeLabel={t('houseFish.close')}
      size="lg"
    >
      <div className="hf-rules">
        <p>{t('houseFish.rules.intro')}</p>
        <section aria-labelledby="hf-rules-table">
          <h3 id="hf-rules-table">{t('houseFish.rules.tableTitle')}</h3>
          <p className="hf-note">{t('houseFish.rules.tableNote', { bet: money(bet) })}</p>
          <table className="hf-table" data-testid="fish-rules-table">
            <thead>
              <tr>
                <th scope="col">{t('houseFish.rules.fish')}</th>
                <th scope="col">{t('houseFish.rules.multiplier')}</th>
                <th scope="col">{t('houseFish.rules.chance')}</th>
                <th scope="col">{t('houseFish.rules.pays')}</th>
              </tr>
            </thead>
            <tbody>
              {info.species.map((s) => (
                <tr key={s.id} data-species={s.id}>
                  <th scope="row">
                    <span className="hf-species">
                      <FishIcon species={s.id} size={36} />
                      <span>
                        {t(`houseFish.species.${s.id}`)}
                        {s.boss && <em className="hf-boss">{t('houseFish.rules.boss')}</em>}
                      </span>
                    </span>
                  </th>
                  <td>×{s.multiplier}</td>
                  <td>{percent(s.captureHits, s.captureOutOf)}</td>
                  <td>{pay(s.multiplier)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="hf-rules-how">
          <h3 id="hf-rules-how">{t('houseFish.rules.howTitle')}</h3>
          <p>{t('houseFish.rules.how')}</p>
          <p>{t('houseFish.rules.formula', { rtp: info.rtp })}</p>
          <p>{t('houseFish.rules.limit', { n: info.maxShotsPerSecond })}</p>
        </section>
        <section aria-labelledby="hf-rules-figures">
          <h3 id="hf-rules-figures">{t('houseFish.rules.figuresTitle')}</h3>
          <dl className="hf-figures">
            <div>
              <dt>{t('houseFish.rules.rtp')}</dt>
              <dd data-testid="fish-rtp">{info.rtp.toFixed(2)}%</dd>
            </div>
            <div>
              <dt>{t('houseFish.rules.bets')}</dt>
              <dd>
                {money(info.betOptions[0] ?? 0)} – {money(info.betOptions.at(-1) ?? 0)}
              </dd>
            </div>
          </dl>
          <p>{t('houseFish.rules.rng')}</p>
          <p className="hf-note">{t('houseFish.rules.malfunction')}</p>
        </section>
      </div>
    </Modal>
  );
}
