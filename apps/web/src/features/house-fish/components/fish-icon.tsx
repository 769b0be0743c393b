import type { FishSpeciesId } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { drawFish } from '../fish-art';

/** A still picture of a species, for the rules and the history (decorative: its name is beside it). */
export function FishIcon({ species, size = 44 }: { species: FishSpeciesId; size?: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    canvas.width = size * dpr;
    canvas.height = size * dpr;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, size, size);
    drawFish(ctx, species, size * 0.5, size * 0.52, size * 0.36, 1, 0, species === 'DRAGON_KING');
  }, [size, species]);
  return <canvas ref={ref} className="hf-icon" style={{ width: size, height: size }} aria-hidden="true" />;
}
