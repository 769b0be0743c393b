import { useTranslation } from 'react-i18next';
import { cardFace } from '../cards';

interface PlayingCardProps {
  /** The card's code, or null for an empty place. */
  code: string | null;
  /** Face up (turned over); face down shows the back. */
  up: boolean;
  /** The third card is laid sideways, as dealers do. */
  sideways?: boolean;
  small?: boolean;
}

/** A drawn card that turns over (a CSS 3D flip; none when the player asked for less motion). */
export function PlayingCard({ code, up, sideways, small }: PlayingCardProps) {
  const { t } = useTranslation('play');
  if (!code)
    return (
      <span className={`hb-card is-empty${sideways ? ' is-sideways' : ''}${small ? ' is-small' : ''}`} />
    );
  const face = cardFace(code);
  const label = up
    ? t('houseBaccarat.card', {
        rank: t(`houseBaccarat.ranks.${face.rankKey}`),
        suit: t(`houseBaccarat.suits.${face.suitKey}`),
      })
    : t('houseBaccarat.cardDown');
  return (
    <span
      className={`hb-card${up ? ' is-up' : ''}${sideways ? ' is-sideways' : ''}${small ? ' is-small' : ''}`}
      role="img"
      aria-label={label}
      data-card={up ? code : undefined}
    >
      <span className="hb-card-inner" aria-hidden="true">
        <span className={`hb-card-face${face.red ? ' is-red' : ''}`}>
          <span className="hb-card-corner">
            {face.rank}
            <br />
            {face.suit}
          </span>
          <span className="hb-card-pip">{face.suit}</span>
        </span>
        <span className="hb-card-back" />
      </span>
    </span>
  );
}
