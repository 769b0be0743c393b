import type { SlotSymbol } from '@app/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The symbols, drawn once as an SVG sprite (no image downloads) and placed in each cell with
 * <use>: a spinning reel shows dozens of cells, and one definition keeps the DOM small. Every
 * symbol has its own silhouette and colour and a dark outline, so it reads on the light and the
 * dark reel alike.
 */
const id = (symbol: SlotSymbol) => `hs-sym-${symbol}`;

const OUTLINE = '#2a1606';

function Letter({ letter, from, to, ink }: { letter: string; from: string; to: string; ink: string }) {
  const gid = `hs-g-letter-${letter}`;
  return (
    <symbol id={id(letter as SlotSymbol)} viewBox="0 0 100 100">
      <defs>
        <linearGradient id={gid} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <ellipse cx="50" cy="88" rx="26" ry="5" fill="#000" opacity="0.18" />
      <text
        x="50"
        y="54"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontWeight="900"
        fontSize="78"
        fill={`url(#${gid})`}
        stroke={ink}
        strokeWidth="5"
        strokeLinejoin="round"
        paintOrder="stroke"
      >
        {letter}
      </text>
      <text
        x="50"
        y="54"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontWeight="900"
        fontSize="78"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.45"
        strokeWidth="1.5"
      >
        {letter}
      </text>
    </symbol>
  );
}

/**
 * A label longer than the badge holds is squeezed to its width; a short one (WILD, or two CJK
 * characters) keeps its natural width rather than being stretched.
 */
const fitText = (text: string, maxChars: number, width: number) =>
  text.length > maxChars ? { textLength: width, lengthAdjust: 'spacingAndGlyphs' as const } : {};

/** Render once per game page; cells then refer to the symbols by id. */
export function SymbolSprite() {
  const { t } = useTranslation('play');
  const wild = t('houseSlot.art.wild');
  const scatter = t('houseSlot.art.scatter');
  return (
    <svg className="hs-sprite" aria-hidden="true" focusable="false" width="0" height="0">
      <defs>
        <linearGradient id="hs-g-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff3b0" />
          <stop offset="0.45" stopColor="#f5c542" />
          <stop offset="1" stopColor="#b7791f" />
        </linearGradient>
        <radialGradient id="hs-g-wild" cx="0.5" cy="0.35" r="0.7">
          <stop offset="0" stopColor="#e879f9" />
          <stop offset="0.55" stopColor="#9333ea" />
          <stop offset="1" stopColor="#3b0764" />
        </radialGradient>
        <radialGradient id="hs-g-rays" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fff7cc" />
          <stop offset="1" stopColor="#f97316" />
        </radialGradient>
        <radialGradient id="hs-g-red" cx="0.4" cy="0.35" r="0.75">
          <stop offset="0" stopColor="#ff6b6b" />
          <stop offset="0.6" stopColor="#d61f2c" />
          <stop offset="1" stopColor="#7a0c14" />
        </radialGradient>
        <linearGradient id="hs-g-dragon" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#5eea9a" />
          <stop offset="1" stopColor="#0b7a3e" />
        </linearGradient>
        <radialGradient id="hs-g-tiger" cx="0.5" cy="0.4" r="0.65">
          <stop offset="0" stopColor="#ffc46b" />
          <stop offset="0.7" stopColor="#f08a0c" />
          <stop offset="1" stopColor="#b4530a" />
        </radialGradient>
        <radialGradient id="hs-g-water" cx="0.5" cy="0.4" r="0.65">
          <stop offset="0" stopColor="#7dd3fc" />
          <stop offset="1" stopColor="#0b5e91" />
        </radialGradient>
        <linearGradient id="hs-g-koi" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#ff8a3d" />
          <stop offset="1" stopColor="#e2371b" />
        </linearGradient>
      </defs>

      <symbol id={id('WILD')} viewBox="0 0 100 100">
        <path
          d="M50 5 L88 19 V50 C88 73 71 87 50 95 C29 87 12 73 12 50 V19 Z"
          fill="url(#hs-g-wild)"
          stroke="url(#hs-g-gold)"
          strokeWidth="6"
          strokeLinejoin="round"
        />
        <path
          d="M50 5 L88 19 V50 C88 73 71 87 50 95 C29 87 12 73 12 50 V19 Z"
          fill="none"
          stroke={OUTLINE}
          strokeWidth="1.5"
        />
        <path
          d="M30 34 L36 22 L43 31 L50 18 L57 31 L64 22 L70 34 Z"
          fill="url(#hs-g-gold)"
          stroke={OUTLINE}
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
        <text
          x="50"
          y="60"
          textAnchor="middle"
          dominantBaseline="central"
          fontFamily="Impact, 'Arial Black', system-ui, sans-serif"
          fontWeight="900"
          fontSize="25"
          {...fitText(wild, 3, 62)}
          fill="url(#hs-g-gold)"
          stroke="#2e0533"
          strokeWidth="3"
          paintOrder="stroke"
        >
          {wild}
        </text>
      </symbol>

      <symbol id={id('SCATTER')} viewBox="0 0 100 100">
        <path
          d="M50 2 L57 26 L80 12 L70 36 L97 38 L74 52 L92 72 L64 66 L60 92 L50 70 L40 92 L36 66 L8 72 L26 52 L3 38 L30 36 L20 12 L43 26 Z"
          fill="url(#hs-g-rays)"
          stroke="#b45309"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
        <path
          d="M16 52 Q22 40 34 43 Q38 27 50 27 Q62 27 66 43 Q78 40 84 52 Q80 70 50 72 Q20 70 16 52 Z"
          fill="url(#hs-g-gold)"
          stroke={OUTLINE}
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
        <ellipse cx="50" cy="45" rx="11" ry="9" fill="#ffe58a" stroke={OUTLINE} strokeWidth="1.5" />
        <path d="M24 56 Q50 64 76 56" fill="none" stroke="#8a5a00" strokeWidth="2" />
        <rect x="8" y="74" width="84" height="20" rx="6" fill="#c81e1e" stroke={OUTLINE} strokeWidth="2" />
        <text
          x="50"
          y="84.5"
          textAnchor="middle"
          dominantBaseline="central"
          fontFamily="Impact, 'Arial Black', system-ui, sans-serif"
          fontWeight="900"
          fontSize="14"
          {...fitText(scatter, 6, 72)}
          fill="#ffe58a"
        >
          {scatter}
        </text>
      </symbol>

      <symbol id={id('DRAGON')} viewBox="0 0 100 100">
        <circle cx="50" cy="50" r="46" fill="url(#hs-g-red)" stroke="url(#hs-g-gold)" strokeWidth="5" />
        <circle cx="50" cy="50" r="46" fill="none" stroke={OUTLINE} strokeWidth="1.2" />
        {/* horns */}
        <path
          d="M38 34 C30 24 22 18 12 16 C22 24 26 30 30 38 Z"
          fill="url(#hs-g-gold)"
          stroke={OUTLINE}
          strokeWidth="1.5"
        />
        <path
          d="M48 31 C44 20 38 12 28 8 C36 18 38 26 40 35 Z"
          fill="url(#hs-g-gold)"
          stroke={OUTLINE}
          strokeWidth="1.5"
        />
        {/* mane */}
        <path
          d="M24 44 L12 46 L20 54 L10 60 L20 64 L14 74 L26 72 L28 82 L36 74 Z"
          fill="#ff9f1c"
          stroke={OUTLINE}
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
        {/* head, open jaw */}
        <path
          d="M22 58 C20 42 34 30 52 31 L72 35 C82 37 89 43 90 50 L88 55 L70 55 L86 63 C80 71 68 73 60 69 C52 79 36 80 28 72 Z"
          fill="url(#hs-g-dragon)"
          stroke={OUTLINE}
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
        <path d="M70 55 L74 58 L77 55 L80 59 L83 56" fill="none" stroke="#fff" strokeWidth="1.8" />
        <path d="M60 69 C54 66 44 66 36 70" fill="none" stroke="#f5c542" strokeWidth="3" />
        <path d="M40 42 C46 36 56 36 62 38" fill="none" stroke="#064e2b" strokeWidth="2" />
        <ellipse cx="58" cy="45" rx="6.5" ry="5" fill="#fff7cc" stroke={OUTLINE} strokeWidth="1.5" />
        <circle cx="59.5" cy="45" r="2.6" fill="#c81e1e" />
        <circle cx="84" cy="44" r="1.8" fill={OUTLINE} />
        {/* whiskers */}
        <path d="M86 48 C94 52 96 62 90 70" fill="none" stroke="#f5c542" strokeWidth="2.2" />
        <path d="M80 66 C84 76 80 84 72 88" fill="none" stroke="#f5c542" strokeWidth="2.2" />
      </symbol>

      <symbol id={id('TIGER')} viewBox="0 0 100 100">
        <circle cx="25" cy="24" r="13" fill="url(#hs-g-tiger)" stroke={OUTLINE} strokeWidth="2.5" />
        <circle cx="75" cy="24" r="13" fill="url(#hs-g-tiger)" stroke={OUTLINE} strokeWidth="2.5" />
        <circle cx="25" cy="25" r="6" fill="#fde2c4" />
        <circle cx="75" cy="25" r="6" fill="#fde2c4" />
        <path
          d="M50 16 C74 16 90 32 90 54 C90 78 72 92 50 92 C28 92 10 78 10 54 C10 32 26 16 50 16 Z"
          fill="url(#hs-g-tiger)"
          stroke={OUTLINE}
          strokeWidth="2.5"
        />
        {/* 王 on the forehead and side stripes */}
        <path
          d="M40 24 H60 M42 31 H58 M40 38 H60 M50 24 V38"
          stroke="#1c1008"
          strokeWidth="3.5"
          strokeLinecap="round"
        />
        <path
          d="M11 48 L26 52 L12 58 M12 66 L25 64 L15 74 M89 48 L74 52 L88 58 M88 66 L75 64 L85 74"
          fill="none"
          stroke="#1c1008"
          strokeWidth="3.5"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        <ellipse cx="50" cy="72" rx="22" ry="15" fill="#fff8ee" stroke={OUTLINE} strokeWidth="1.5" />
        <path
          d="M37 46 C40 41 46 42 47 48 C43 51 39 50 37 46 Z"
          fill="#d9f99d"
          stroke="#1c1008"
          strokeWidth="2"
        />
        <path
          d="M63 46 C60 41 54 42 53 48 C57 51 61 50 63 46 Z"
          fill="#d9f99d"
          stroke="#1c1008"
          strokeWidth="2"
        />
        <ellipse cx="43.5" cy="46.5" rx="1.6" ry="3" fill="#1c1008" />
        <ellipse cx="56.5" cy="46.5" rx="1.6" ry="3" fill="#1c1008" />
        <path
          d="M44 60 H56 L50 67 Z"
          fill="#e0607e"
          stroke="#1c1008"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <path
          d="M50 67 V72 M50 72 C46 77 41 77 39 74 M50 72 C54 77 59 77 61 74"
          fill="none"
          stroke="#1c1008"
          strokeWidth="2"
          strokeLinecap="round"
        />
        <circle cx="38" cy="70" r="1.2" fill="#1c1008" />
        <circle cx="34" cy="74" r="1.2" fill="#1c1008" />
        <circle cx="62" cy="70" r="1.2" fill="#1c1008" />
        <circle cx="66" cy="74" r="1.2" fill="#1c1008" />
      </symbol>

      <symbol id={id('KOI')} viewBox="0 0 100 100">
        <circle cx="50" cy="50" r="46" fill="url(#hs-g-water)" stroke="#0c4a6e" strokeWidth="2.5" />
        <path
          d="M20 30 C30 26 40 26 48 30 M56 76 C66 80 76 78 84 72"
          fill="none"
          stroke="#e0f2fe"
          strokeOpacity="0.7"
          strokeWidth="2"
          strokeLinecap="round"
        />
        {/* pectoral fins */}
        <path
          d="M36 58 C34 70 28 76 22 78 C28 70 30 64 32 57 Z"
          fill="#ffd2b8"
          stroke={OUTLINE}
          strokeWidth="1.5"
        />
        <path
          d="M38 44 C38 34 34 28 28 24 C32 32 33 38 33 45 Z"
          fill="#ffd2b8"
          stroke={OUTLINE}
          strokeWidth="1.5"
        />
        {/* body and tail */}
        <path
          d="M14 51 C20 38 44 34 64 43 L78 33 C86 29 94 36 88 46 L84 51 L88 56 C94 66 86 73 78 69 L64 59 C44 68 20 64 14 51 Z"
          fill="url(#hs-g-koi)"
          stroke={OUTLINE}
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
        <path d="M78 36 L84 50 L78 66" fill="none" stroke="#fff" strokeOpacity="0.6" strokeWidth="1.5" />
        <ellipse cx="44" cy="46" rx="9" ry="5" fill="#fffaf0" />
        <ellipse cx="58" cy="55" rx="6" ry="3.5" fill="#fffaf0" />
        <path d="M30 42 C34 48 34 55 30 60" fill="none" stroke="#9a2a0a" strokeWidth="1.8" />
        <circle cx="22" cy="48" r="3.2" fill="#fff" stroke={OUTLINE} strokeWidth="1.2" />
        <circle cx="21.5" cy="48" r="1.6" fill={OUTLINE} />
        <path d="M15 54 C11 58 10 62 12 66" fill="none" stroke={OUTLINE} strokeWidth="1.5" />
      </symbol>

      <symbol id={id('LANTERN')} viewBox="0 0 100 100">
        <path d="M50 2 V18" stroke={OUTLINE} strokeWidth="2.5" />
        <rect
          x="34"
          y="14"
          width="32"
          height="9"
          rx="3"
          fill="url(#hs-g-gold)"
          stroke={OUTLINE}
          strokeWidth="2"
        />
        <ellipse cx="50" cy="50" rx="34" ry="29" fill="url(#hs-g-red)" stroke={OUTLINE} strokeWidth="2.5" />
        <ellipse cx="50" cy="50" rx="22" ry="29" fill="none" stroke="#7a0c14" strokeWidth="2" />
        <ellipse cx="50" cy="50" rx="9" ry="29" fill="none" stroke="#7a0c14" strokeWidth="2" />
        <circle cx="50" cy="50" r="12" fill="url(#hs-g-gold)" stroke={OUTLINE} strokeWidth="1.8" />
        <path
          d="M44 46 H56 M44 50 H56 M50 44 V57 M45 55 H55"
          stroke="#a0161f"
          strokeWidth="2"
          strokeLinecap="round"
        />
        <rect
          x="34"
          y="77"
          width="32"
          height="9"
          rx="3"
          fill="url(#hs-g-gold)"
          stroke={OUTLINE}
          strokeWidth="2"
        />
        <path
          d="M44 86 L42 98 M50 86 V99 M56 86 L58 98 M47 86 L46 98 M53 86 L54 98"
          stroke="#f5c542"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      </symbol>

      <Letter letter="A" from="#ff8a8a" to="#b91c1c" ink="#450a0a" />
      <Letter letter="K" from="#8ec5ff" to="#1d4ed8" ink="#0b1f57" />
      <Letter letter="Q" from="#86efac" to="#15803d" ink="#052e16" />
      <Letter letter="J" from="#e9b8ff" to="#7e22ce" ink="#3b0764" />
    </svg>
  );
}

/** One symbol from the sprite. Decorative: cells name their symbol in their own label. */
export function SymbolIcon({ symbol, className }: { symbol: SlotSymbol; className?: string }) {
  return (
    <svg className={className ?? 'hs-symbol'} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <use href={`#${id(symbol)}`} />
    </svg>
  );
}
