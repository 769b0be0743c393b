import { useTranslation } from 'react-i18next';

const SUIT: Record<
  string,
  { glyph: string; red: boolean; name: 'spades' | 'hearts' | 'diamonds' | 'clubs' }
> = {
  S: { glyph: '♠', red: false, name: 'spades' },
  H: { glyph: '♥', red: true, name: 'hearts' },
  D: { glyph: '♦', red: true, name: 'diamonds' },
  C: { glyph: '♣', red: false, name: 'clubs' },
};

const RANK_SHOWN: Record<string, string> = { T: '10' };

/** A card face ('AS', 'TD') or, for null, its back; `index` staggers the deal animation. */
export function PlayingCard({
  card,
  index = 0,
  small = false,
}: {
  card: string | null;
  index?: number;
  small?: boolean;
}) {
  const { t } = useTranslation('play');
  const style = { animationDelay: `${index * 90}ms` };
  if (card === null)
    return (
      <span
        className={`hc-card hc-card-back${small ? ' is-small' : ''}`}
        style={style}
        role="img"
        aria-label={t('houseCards.hiddenCard')}
      />
    );
  const rank = card[0]!;
  const suit = SUIT[card[1]!]!;
  const shown = RANK_SHOWN[rank] ?? rank;
  return (
    <span
      className={`hc-card${suit.red ? ' is-red' : ''}${small ? ' is-small' : ''}`}
      style={style}
      role="img"
      aria-label={t('houseCards.cardName', { rank: shown, suit: t(`houseCards.suits.${suit.name}`) })}
      data-card={card}
    >
      <span className="hc-card-rank" aria-hidden="true">
        {shown}
      </span>
      <span className="hc-card-suit" aria-hidden="true">
        {suit.glyph}
      </span>
    </span>
  );
}
