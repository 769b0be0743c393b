import type { BaccaratInfo } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { showMoney } from '../../../lib/money';

interface RulesModalProps {
  info: BaccaratInfo;
  open: boolean;
  onClose: () => void;
}

/** How the game is dealt, what each bet pays, the commission, the limits and the exact house edges. */
export function RulesModal({ info, open, onClose }: RulesModalProps) {
  const { t } = useTranslation('play');
  const money = (n: number) => showMoney(n, info.currencySymbol);
  return (
    <Modal
      id="baccaratRulesModal"
      title={t('houseBaccarat.rules.title')}
      open={open}
      onClose={onClose}
      closeLabel={t('houseBaccarat.close')}
      size="lg"
    >
      <div className="hb-rules">
        <section>
          <h3>{t('houseBaccarat.rules.howTitle')}</h3>
          <p>{t('houseBaccarat.rules.how', { decks: info.decks })}</p>
          <p>{t('houseBaccarat.rules.values')}</p>
          <p>{t('houseBaccarat.rules.draw')}</p>
          <ul>
            <li>{t('houseBaccarat.rules.playerDraws')}</li>
            <li>{t('houseBaccarat.rules.bankerDraws')}</li>
          </ul>
          <p>{t('houseBaccarat.rules.round', { bet: info.betSeconds, round: info.roundSeconds })}</p>
        </section>
        <section>
          <h3>{t('houseBaccarat.rules.paysTitle')}</h3>
          <table className="hb-pays" data-testid="baccarat-pays">
            <thead>
              <tr>
                <th scope="col">{t('houseBaccarat.rules.bet')}</th>
                <th scope="col">{t('houseBaccarat.rules.pays')}</th>
                <th scope="col">{t('houseBaccarat.rules.limits')}</th>
                <th scope="col">{t('houseBaccarat.rules.edge')}</th>
                <th scope="col">{t('houseBaccarat.rules.rtp')}</th>
              </tr>
            </thead>
            <tbody>
              {info.bets.map((b) => {
                const limit = info.limits.find((l) => l.type === b.type);
                return (
                  <tr key={b.type}>
                    <th scope="row">{t(`houseBaccarat.bets.${b.type}`)}</th>
                    <td>{b.pays}</td>
                    <td>{limit ? `${money(limit.min)} – ${money(limit.max)}` : ''}</td>
                    <td>{b.houseEdge.toFixed(2)}%</td>
                    <td>{b.rtp.toFixed(2)}%</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="hb-note">
            {t('houseBaccarat.rules.commission', { percent: info.commissionPercent })}
          </p>
          <p className="hb-note">{t('houseBaccarat.rules.push')}</p>
          <p className="hb-note">{t('houseBaccarat.rules.pairs')}</p>
          <p className="hb-note">{t('houseBaccarat.rules.stakes', { step: money(info.stakeStep) })}</p>
          <p className="hb-note">{t('houseBaccarat.rules.edges', { decks: info.decks })}</p>
        </section>
        <section>
          <h3>{t('houseBaccarat.rules.roadsTitle')}</h3>
          <p>{t('houseBaccarat.rules.bead')}</p>
          <p>{t('houseBaccarat.rules.big')}</p>
        </section>
        <section>
          <h3>{t('houseBaccarat.rules.fairTitle')}</h3>
          <p>{t('houseBaccarat.rules.fair')}</p>
        </section>
      </div>
    </Modal>
  );
}
