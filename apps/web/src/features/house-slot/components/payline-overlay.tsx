import { SLOT_REELS, SLOT_ROWS } from '@app/contracts';
import { gridViewBox, lineColor, paylinePoints } from '../paylines';

/** The paylines being shown, drawn over the grid (decorative: the win text says which line). */
export function PaylineOverlay({ lines, shown }: { lines: number[][]; shown: number[] }) {
  return (
    <svg
      className="hs-paylines"
      viewBox={gridViewBox(SLOT_REELS, SLOT_ROWS)}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      {shown.map((line) => {
        const rows = lines[line];
        if (!rows) return null;
        const points = paylinePoints(rows);
        return (
          <g key={line}>
            <polyline className="hs-payline-shadow" points={points} />
            <polyline className="hs-payline" points={points} stroke={lineColor(line)} />
          </g>
        );
      })}
    </svg>
  );
}
