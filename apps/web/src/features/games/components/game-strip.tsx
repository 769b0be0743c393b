import type { Game } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GameCard } from './game-card';

const EDGE_SLACK_PX = 8;

interface GameStripProps {
  games: Game[];
  onLaunch(game: Game): void;
  /** Accessible name of the list ("Hot games"). */
  label: string;
  testId?: string;
}

/**
 * A horizontal row of game cards: scrolls by touch or trackpad, with back and forward buttons
 * that move one view at a time, shown only where there is somewhere to go (hidden on phones,
 * where swiping is the way).
 */
export function GameStrip({ games, onLaunch, label, testId }: GameStripProps) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    // Some slack: scroll positions can be fractional, and snapping stops a few pixels in.
    setEdges({
      start: el.scrollLeft <= EDGE_SLACK_PX,
      end: el.scrollLeft + el.clientWidth >= el.scrollWidth - EDGE_SLACK_PX,
    });
  }, []);
  useEffect(() => {
    measure();
    const el = track.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure, games.length]);

  const move = (dir: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: dir * el.clientWidth * 0.9, behavior: reduce ? 'auto' : 'smooth' });
  };
  return (
    <div className="game-strip" data-testid={testId}>
      {!edges.start && (
        <button
          type="button"
          className="game-strip-btn prev"
          aria-label={t('lobby.scrollBack')}
          onClick={() => move(-1)}
        >
          ‹
        </button>
      )}
      <ul ref={track} className="game-strip-track" aria-label={label} onScroll={measure}>
        {games.map((g) => (
          <li key={`${g.vassalage}-${g.nodeId}`}>
            <GameCard game={g} t={t} onLaunch={onLaunch} />
          </li>
        ))}
      </ul>
      {!edges.end && (
        <button
          type="button"
          className="game-strip-btn next"
          aria-label={t('lobby.scrollOn')}
          onClick={() => move(1)}
        >
          ›
        </button>
      )}
    </div>
  );
}
