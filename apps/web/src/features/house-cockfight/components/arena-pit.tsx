import type { CockfightFighter, CockfightPhase, CockfightResult } from '@app/contracts';
import { useTranslation } from 'react-i18next';

/** Plumage colours (body, tail) by the fighter's plumage index. */
const PLUMAGE = [
  ['#9b3a1e', '#2d3b2a'],
  ['#e9e3d4', '#c9c1ad'],
  ['#2f2f33', '#1b3c36'],
  ['#c98a2b', '#5b3414'],
  ['#7b808a', '#3e434b'],
  ['#6a3f1f', '#1f2a1e'],
] as const;

function Bird({ plumage, band }: { plumage: number; band: string }) {
  const [body, tail] = PLUMAGE[plumage % PLUMAGE.length]!;
  return (
    <g className="cf-bird-art">
      {/* Tail feathers sweep up and back. */}
      <path d="M-34 -6 C-58 -40 -46 -62 -30 -66 C-38 -46 -30 -28 -20 -16 Z" fill={tail} />
      <path d="M-30 0 C-66 -20 -62 -46 -50 -54 C-52 -34 -40 -16 -22 -6 Z" fill={tail} opacity="0.85" />
      <ellipse cx="0" cy="0" rx="32" ry="22" fill={body} />
      <path d="M-18 -6 C-6 8 12 10 22 2 C12 18 -10 18 -18 -6 Z" fill={tail} opacity="0.6" />
      {/* Neck and head. */}
      <path d="M14 -12 C20 -30 26 -40 34 -44 L40 -30 C34 -24 30 -12 26 -4 Z" fill={body} />
      <circle cx="38" cy="-42" r="9" fill={body} />
      <path d="M33 -52 q3 -8 6 -2 q3 -8 6 0 q4 -6 5 2 Z" fill="#d62828" />
      <path d="M46 -44 l10 3 l-10 3 Z" fill="#e8b04b" />
      <path d="M42 -36 q3 8 -2 9 q-3 -4 2 -9 Z" fill="#d62828" />
      <circle cx="40" cy="-44" r="1.8" fill="#111" />
      {/* Legs, with the corner's band. */}
      <path d="M-4 18 L-8 40 M8 18 L12 40" stroke="#e0a93a" strokeWidth="3.5" strokeLinecap="round" />
      <path
        d="M-8 40 l-8 2 M-8 40 l6 3 M12 40 l-8 2 M12 40 l7 3"
        stroke="#e0a93a"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <rect x="-10" y="26" width="8" height="5" rx="1.5" fill={band} />
      <rect x="6" y="26" width="8" height="5" rx="1.5" fill={band} />
    </g>
  );
}

interface ArenaPitProps {
  phase: CockfightPhase;
  meron: CockfightFighter;
  wala: CockfightFighter;
  result: CockfightResult | null;
  /** Still motion (reduced motion asked for). */
  still: boolean;
}

/** The drawn pit: the two birds idle while betting is open, fight, then stand as the result says. */
export function ArenaPit({ phase, meron, wala, result, still }: ArenaPitProps) {
  const { t } = useTranslation('play');
  const stance = (side: 'MERON' | 'WALA') => {
    if (phase !== 'RESULT' || !result) return '';
    if (result === side) return ' is-winner';
    if (result === 'MERON' || result === 'WALA') return ' is-loser';
    return ' is-even';
  };
  const label =
    phase === 'BETTING'
      ? t('cockfight.pit.waiting', { meron: meron.name, wala: wala.name })
      : phase === 'FIGHTING'
        ? t('cockfight.pit.fighting', { meron: meron.name, wala: wala.name })
        : t('cockfight.pit.done', { meron: meron.name, wala: wala.name });
  return (
    <svg
      className={`cf-pit is-${phase.toLowerCase()}${still ? ' is-still' : ''}`}
      viewBox="0 0 360 190"
      role="img"
      aria-label={label}
      data-testid="cockfight-pit"
      data-phase={phase}
    >
      <defs>
        <radialGradient id="cf-sand" cx="50%" cy="45%" r="60%">
          <stop offset="0%" stopColor="var(--cf-sand-hi)" />
          <stop offset="100%" stopColor="var(--cf-sand)" />
        </radialGradient>
      </defs>
      <ellipse cx="180" cy="118" rx="172" ry="66" fill="var(--cf-rail)" />
      <ellipse cx="180" cy="116" rx="162" ry="58" fill="url(#cf-sand)" />
      <ellipse
        cx="180"
        cy="116"
        rx="60"
        ry="20"
        fill="none"
        stroke="var(--cf-line)"
        strokeWidth="2"
        strokeDasharray="6 5"
      />
      <text x="24" y="30" className="cf-pit-corner cf-pit-meron">
        {t('cockfight.sides.MERON')}
      </text>
      <text x="336" y="30" textAnchor="end" className="cf-pit-corner cf-pit-wala">
        {t('cockfight.sides.WALA')}
      </text>
      <g transform="translate(104 112)">
        <g className={`cf-bird cf-bird-meron${stance('MERON')}`}>
          <Bird plumage={meron.plumage} band="#d62828" />
        </g>
      </g>
      <g transform="translate(256 112)">
        <g className={`cf-bird cf-bird-wala${stance('WALA')}`}>
          <g transform="scale(-1 1)">
            <Bird plumage={wala.plumage} band="#1f5fd6" />
          </g>
        </g>
      </g>
      {phase === 'FIGHTING' && !still && (
        <g className="cf-dust" aria-hidden="true">
          <circle cx="170" cy="140" r="6" />
          <circle cx="192" cy="136" r="4" />
          <circle cx="182" cy="146" r="5" />
        </g>
      )}
    </svg>
  );
}
