import type { CardsHandRank, CardsInfo } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { showMoney } from '../../../lib/money';
import { PlayingCard } from './playing-card';

/** An example of each hand category, best first. */
const EXAMPLES: Record<CardsHandRank, string[]> = {
  STRAIGHT_FLUSH: ['QH', 'KH', 'AH'],
  THREE_OF_A_KIND: ['7S', '7H', '7D'],
  STRAIGHT: ['4C', '5D', '6S'],
  FLUSH: ['2D', '9D', 'KD'],
  PAIR: ['9S', '9C', '3H'],
  HIGH_CARD: ['AS', 'JD', '6C'],
};

/** How a hand goes, the hand ranks, the house seats' rule, the rake and the published return. */
export function CardsRulesModal({
  info,
  open,
  onClose,
}: {
  info: CardsInfo;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('play');
  const seconds = Math.round(info.decisionMs / 1000);
  return (
    <Modal
      id="cardsRulesModal"
      title={t('houseCards.rules.title')}
      open={open}
      onClose={onClose}
      closeLabel={t('houseCards.close')}
      size="lg"
    >
      <div className="hc-rules">
        <section>
          <h3>{t('houseCards.rules.howTitle')}</h3>
          <ol>
            <li>{t('houseCards.rules.step1', { seats: info.seats })}</li>
            <li>{t('houseCards.rules.step2', { seconds })}</li>
            <li>{t('houseCards.rules.step3')}</li>
            <li>{t('houseCards.rules.step4', { rake: info.rakePercent })}</li>
          </ol>
          <p>{t('houseCards.rules.ties')}</p>
          <p>{t('houseCards.rules.nobody')}</p>
        </section>
        <section>
          <h3>{t('houseCards.rules.ranksTitle')}</h3>
          <ol className="hc-ranks">
            {info.handRanks.map((rank) => (
              <li key={rank}>
                <span className="hc-rank-cards">
                  {EXAMPLES[rank].map((c) => (
                    <PlayingCard key={c} card={c} small />
                  ))}
                </span>
                <span>{t(`houseCards.ranks.${rank}`)}</span>
              </li>
            ))}
          </ol>
          <p className="hc-note">{t('houseCards.rules.aceLow')}</p>
        </section>
        <section>
          <h3>{t('houseCards.rules.houseTitle')}</h3>
          <p>{t('houseCards.rules.house')}</p>
          <p className="hc-rank-cards">
            {info.houseSeatRule.map((c) => (
              <PlayingCard key={c} card={c} small />
            ))}
          </p>
        </section>
        <section>
          <h3>{t('houseCards.rules.roomsTitle')}</h3>
          <ul className="hc-rule-rooms">
            {info.rooms.map((r) => (
              <li key={r.roomId}>
                {t(`houseCards.rooms.${r.roomId}`)}:{' '}
                {t('houseCards.rules.roomLine', {
                  ante: showMoney(r.ante, info.currencySymbol),
                  most: showMoney(r.minBuyIn, info.currencySymbol),
                })}
              </li>
            ))}
          </ul>
          <p data-testid="cards-rtp">
            {t('houseCards.rules.rake', { rake: info.rakePercent, rtp: info.rtp })}
          </p>
        </section>
      </div>
    </Modal>
  );
}
