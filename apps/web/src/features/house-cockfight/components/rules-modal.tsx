import type { CockfightInfo } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { showMoney } from '../../../lib/money';

interface RulesModalProps {
  info: CockfightInfo;
  open: boolean;
  onClose: () => void;
}

/** How a fight runs, what each bet pays on each result, limits and the published figures. */
export function RulesModal({ info, open, onClose }: RulesModalProps) {
  const { t } = useTranslation('play');
  const money = (n: number) => showMoney(n, info.currencySymbol);
  return (
    <Modal
      id="cockfightRulesModal"
      title={t('cockfight.rules.title')}
      open={open}
      onClose={onClose}
      closeLabel={t('cockfight.close')}
      size="lg"
    >
      <div className="cf-rules">
        <section>
          <h3>{t('cockfight.rules.howTitle')}</h3>
          <p>
            {t('cockfight.rules.how', {
              bet: info.betSeconds,
              fight: info.fightSeconds,
              result: info.resultSeconds,
            })}
          </p>
          <p>{t('cockfight.rules.sides')}</p>
        </section>
        <section>
          <h3>{t('cockfight.rules.paysTitle')}</h3>
          <table className="cf-pays">
            <thead>
              <tr>
                <th scope="col">{t('cockfight.rules.bet')}</th>
                <th scope="col">{t('cockfight.results.MERON')}</th>
                <th scope="col">{t('cockfight.results.WALA')}</th>
                <th scope="col">{t('cockfight.results.DRAW')}</th>
                <th scope="col">{t('cockfight.results.CANCELLED')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t('cockfight.sides.MERON')}</th>
                <td>{t('cockfight.rules.wins')}</td>
                <td>{t('cockfight.rules.loses')}</td>
                <td>{t('cockfight.rules.refund')}</td>
                <td>{t('cockfight.rules.refund')}</td>
              </tr>
              <tr>
                <th scope="row">{t('cockfight.sides.WALA')}</th>
                <td>{t('cockfight.rules.loses')}</td>
                <td>{t('cockfight.rules.wins')}</td>
                <td>{t('cockfight.rules.refund')}</td>
                <td>{t('cockfight.rules.refund')}</td>
              </tr>
              <tr>
                <th scope="row">{t('cockfight.sides.DRAW')}</th>
                <td>{t('cockfight.rules.loses')}</td>
                <td>{t('cockfight.rules.loses')}</td>
                <td>{t('cockfight.rules.winsAt', { odds: info.drawOdds.toFixed(2) })}</td>
                <td>{t('cockfight.rules.refund')}</td>
              </tr>
            </tbody>
          </table>
          <p>{t('cockfight.rules.odds')}</p>
          <p>{t('cockfight.rules.example', { stake: money(100), odds: '1.88', back: money(188) })}</p>
        </section>
        <section>
          <h3>{t('cockfight.rules.figuresTitle')}</h3>
          <dl className="cf-figures">
            {(['MERON', 'WALA', 'DRAW'] as const).map((side) => (
              <div key={side}>
                <dt>{t('cockfight.rules.rtpOf', { side: t(`cockfight.sides.${side}`) })}</dt>
                <dd data-testid={`cockfight-rtp-${side}`}>{info.rtp[side].toFixed(2)}%</dd>
              </div>
            ))}
            <div>
              <dt>{t('cockfight.rules.drawChance')}</dt>
              <dd>{info.drawChance.toFixed(2)}%</dd>
            </div>
            <div>
              <dt>{t('cockfight.rules.cancelChance')}</dt>
              <dd>{info.cancelChance.toFixed(2)}%</dd>
            </div>
            <div>
              <dt>{t('cockfight.rules.limits')}</dt>
              <dd>
                {money(info.minBet)} – {money(info.maxBet)}
              </dd>
            </div>
          </dl>
          <p>{t('cockfight.rules.rng')}</p>
          <p className="cf-note">{t('cockfight.rules.malfunction')}</p>
        </section>
      </div>
    </Modal>
  );
}
