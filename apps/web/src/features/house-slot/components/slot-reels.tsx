import type { SlotSymbol } from '@app/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { cellKey, fillerSymbols } from '../paylines';
import type { SlotView } from '../hooks/use-slot-game';
import { PaylineOverlay } from './payline-overlay';
import { SymbolIcon } from './symbol-art';

/** Symbols flying past while a reel waits for the server (the strip holds them twice, to loop). */
const LOOP_CELLS = 6;
/** Extra symbols per reel on landing: each reel to the right travels further, so it stops later. */
const landFillers = (reel: number) => 8 + reel * 3;

interface CellProps {
  symbol: SlotSymbol;
  /** Set on the result's cells only: spinning filler cells carry no data-symbol. */
  reel?: number;
  row?: number;
  lit?: boolean;
  dim?: boolean;
}

function Cell({ symbol, reel, row, lit, dim }: CellProps) {
  const { t } = useTranslation('play');
  const result = reel !== undefined && row !== undefined;
  return (
    <div
      className={`hs-cell${lit ? ' is-lit' : ''}${dim ? ' is-dim' : ''}`}
      data-symbol={result ? symbol : undefined}
      data-reel={result ? reel : undefined}
      data-row={result ? row : undefined}
      role={result ? 'img' : undefined}
      aria-label={result ? t(`houseSlot.symbols.${symbol}`) : undefined}
    >
      <SymbolIcon symbol={symbol} />
    </div>
  );
}

function Reel({ view, reel, lit }: { view: SlotView; reel: number; lit: Set<string> | null }) {
  const target = view.grid[reel] ?? [];
  const results = target.map((symbol, row) => (
    <Cell
      key={`r${row}`}
      symbol={symbol}
      reel={reel}
      row={row}
      lit={lit?.has(cellKey(reel, row))}
      dim={lit !== null && !lit.has(cellKey(reel, row))}
    />
  ));

  if (view.reels === 'spinning') {
    const loop = fillerSymbols(view.spinKey, reel, LOOP_CELLS);
    return (
      <div className="hs-reel is-spinning">
        <div className="hs-strip hs-strip-loop" style={{ animationDelay: `${-reel * 70}ms` }}>
          {[...loop, ...loop].map((s, i) => (
            <Cell key={i} symbol={s} />
          ))}
        </div>
      </div>
    );
  }

  if (view.reels === 'landing') {
    // [spare, result x3, fillers, spare x3] slides down until the result fills the window; the
    // spare cell above the result shows through the overshoot of the stop.
    const fillers = fillerSymbols(view.spinKey, reel, landFillers(reel) + 4);
    const length = fillers.length + target.length;
    const style = {
      '--hs-land-from': `${(-(length - target.length) / length) * 100}%`,
      '--hs-land-to': `${(-1 / length) * 100}%`,
      animationDuration: `${view.landMs[reel] ?? 0}ms`,
    } as CSSProperties;
    return (
      <div className="hs-reel is-landing">
        <div key={view.spinKey} className="hs-strip hs-strip-land" style={style}>
          <Cell symbol={fillers[0]!} />
          {results}
          {fillers.slice(1).map((s, i) => (
            <Cell key={i} symbol={s} />
          ))}
        </div>
      </div>
    );
  }

  return (
    <div className="hs-reel">
      <div className="hs-strip">{results}</div>
    </div>
  );
}

/** The 5×3 window: reels, the paylines being shown and the banners over them. */
export function SlotReels({ view, lines }: { view: SlotView; lines: number[][] }) {
  const { t } = useTranslation('play');
  const lit = view.highlight && view.reels === 'idle' ? new Set(view.highlight.cells) : null;
  return (
    <div className="hs-window">
      <div
        className="hs-grid"
        data-testid="slot-grid"
        role="group"
        aria-label={t('houseSlot.reels')}
        aria-busy={view.reels !== 'idle'}
      >
        {view.grid.map((_, reel) => (
          <Reel key={reel} view={view} reel={reel} lit={lit} />
        ))}
      </div>
      {lit && view.highlight && view.highlight.lines.length > 0 && (
        <PaylineOverlay lines={lines} shown={view.highlight.lines} />
      )}
    </div>
  );
}
