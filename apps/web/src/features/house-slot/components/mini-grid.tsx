import type { SlotSymbol } from '@app/contracts';
import { SymbolIcon } from './symbol-art';

/** A small picture of a round's grid (grid[reel][row]) for the history list. */
export function MiniGrid({ grid, label }: { grid: SlotSymbol[][]; label: string }) {
  return (
    <div className="hs-mini-grid" role="img" aria-label={label}>
      {grid.map((reel, r) => (
        <div key={r} className="hs-mini-reel">
          {reel.map((symbol, w) => (
            <SymbolIcon key={w} symbol={symbol} className="hs-mini-symbol" />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A payline as a small 5×3 grid with its cells filled (rules). */
export function LineDiagram({ rows, rowCount, label }: { rows: number[]; rowCount: number; label: string }) {
  return (
    <figure className="hs-line-diagram">
      <div
        className="hs-line-cells"
        style={{ gridTemplateColumns: `repeat(${rows.length}, 1fr)` }}
        aria-hidden="true"
      >
        {Array.from({ length: rowCount }, (_, row) =>
          rows.map((lineRow, reel) => (
            <span key={`${row}-${reel}`} className={lineRow === row ? 'on' : undefined} />
          )),
        )}
      </div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
