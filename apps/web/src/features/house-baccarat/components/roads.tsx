import type { BaccaratRoads } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useNarrow } from '../hooks/use-narrow';

const ROWS = 6;
const CELL = 16;

interface RoadProps {
  roads: BaccaratRoads | undefined;
  /** Columns shown (the latest ones). */
  beadCols?: number;
  bigCols?: number;
  compact?: boolean;
}

/** The newest `cols` columns of a road: the cells shifted so the last column sits at the right edge. */
function latest<T extends { col: number }>(cells: T[], cols: number): { cells: T[]; from: number } {
  const last = cells.reduce((m, c) => Math.max(m, c.col), -1);
  const from = Math.max(0, last - cols + 1);
  return { cells: cells.filter((c) => c.col >= from), from };
}

function Grid({ cols }: { cols: number }) {
  const lines = [];
  for (let c = 1; c < cols; c++)
    lines.push(<line key={`c${c}`} x1={c * CELL} y1={0} x2={c * CELL} y2={ROWS * CELL} />);
  for (let r = 1; r < ROWS; r++)
    lines.push(<line key={`r${r}`} x1={0} y1={r * CELL} x2={cols * CELL} y2={r * CELL} />);
  return <g className="hb-road-grid">{lines}</g>;
}

/** Bead road and big road of the table's current shoe, drawn as SVG. */
export function Roads({ roads, beadCols: beadWide = 10, bigCols: bigWide = 20, compact }: RoadProps) {
  const { t } = useTranslation('play');
  // On a phone each road takes the full width: as many columns in both keeps the cells large.
  const narrow = useNarrow();
  const beadCols = narrow ? Math.max(beadWide, 12) : beadWide;
  const bigCols = narrow ? Math.min(bigWide, 12) : bigWide;
  const bead = latest(roads?.bead ?? [], beadCols);
  const big = latest(roads?.bigRoad ?? [], bigCols);
  const letter = (o: 'PLAYER' | 'BANKER' | 'TIE') => t(`houseBaccarat.short.${o}`);
  const counts = roads?.counts ?? { PLAYER: 0, BANKER: 0, TIE: 0 };
  return (
    <div className={`hb-roads${compact ? ' is-compact' : ''}`}>
      <figure className="hb-road hb-road-bead" data-testid="baccarat-bead-road">
        <figcaption>{t('houseBaccarat.beadRoad')}</figcaption>
        <svg
          viewBox={`0 0 ${beadCols * CELL} ${ROWS * CELL}`}
          role="img"
          aria-label={t('houseBaccarat.beadRoad')}
        >
          <Grid cols={beadCols} />
          {bead.cells.map((c) => {
            const x = (c.col - bead.from) * CELL + CELL / 2;
            const y = c.row * CELL + CELL / 2;
            return (
              <g
                key={`${c.col}-${c.row}`}
                className={`hb-bead is-${c.outcome.toLowerCase()}`}
                data-outcome={c.outcome}
              >
                <circle cx={x} cy={y} r={CELL / 2 - 1.5} />
                <text x={x} y={y + 3.5} textAnchor="middle">
                  {letter(c.outcome)}
                </text>
                {c.playerPair && <circle className="hb-pair is-player" cx={x + 4.5} cy={y + 4.5} r={2} />}
                {c.bankerPair && <circle className="hb-pair is-banker" cx={x - 4.5} cy={y - 4.5} r={2} />}
              </g>
            );
          })}
        </svg>
      </figure>
      <figure className="hb-road hb-road-big" data-testid="baccarat-big-road">
        <figcaption>{t('houseBaccarat.bigRoad')}</figcaption>
        <svg
          viewBox={`0 0 ${bigCols * CELL} ${ROWS * CELL}`}
          role="img"
          aria-label={t('houseBaccarat.bigRoad')}
        >
          <Grid cols={bigCols} />
          {big.cells.map((c) => {
            const x = (c.col - big.from) * CELL + CELL / 2;
            const y = c.row * CELL + CELL / 2;
            return (
              <g key={`${c.col}-${c.row}`} className={`hb-big is-${c.outcome.toLowerCase()}`}>
                <circle cx={x} cy={y} r={CELL / 2 - 2.5} />
                {c.ties > 0 && (
                  <>
                    <line className="hb-tie-slash" x1={x - 5} y1={y + 5} x2={x + 5} y2={y - 5} />
                    {c.ties > 1 && (
                      <text className="hb-tie-count" x={x} y={y + 3} textAnchor="middle">
                        {c.ties}
                      </text>
                    )}
                  </>
                )}
                {c.playerPair && <circle className="hb-pair is-player" cx={x + 4.5} cy={y + 4.5} r={1.8} />}
                {c.bankerPair && <circle className="hb-pair is-banker" cx={x - 4.5} cy={y - 4.5} r={1.8} />}
              </g>
            );
          })}
        </svg>
      </figure>
      <p className="hb-road-counts">
        <span className="is-player">
          {letter('PLAYER')} {counts.PLAYER}
        </span>
        <span className="is-banker">
          {letter('BANKER')} {counts.BANKER}
        </span>
        <span className="is-tie">
          {letter('TIE')} {counts.TIE}
        </span>
        <span className="hb-road-shoe">{t('houseBaccarat.shoe', { n: roads?.shoeNo ?? 1 })}</span>
      </p>
    </div>
  );
}
