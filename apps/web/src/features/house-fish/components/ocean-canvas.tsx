import type { FishSpecies } from '@app/contracts';
import { useEffect, useRef, type KeyboardEvent, type MutableRefObject, type PointerEvent } from 'react';
import { drawFish } from '../fish-art';
import { CAUGHT_MS, EFFECT_MS, createOcean, findFish, resizeOcean, stepOcean, type Ocean } from '../ocean';

interface OceanCanvasProps {
  species: readonly FishSpecies[];
  still: boolean;
  /** The sea, created here once the canvas has a size; the game reads and changes it. */
  oceanRef: MutableRefObject<Ocean | null>;
  /** The fish the keyboard aims at (ringed). */
  targetRef: MutableRefObject<number | null>;
  /** Where the cannon points, in sea coordinates. */
  aimRef: MutableRefObject<{ x: number; y: number } | null>;
  label: string;
  onTap: (x: number, y: number) => void;
  onKey: (e: KeyboardEvent<HTMLCanvasElement>) => void;
}

interface Palette {
  top: string;
  bottom: string;
  sand: string;
  ray: string;
  label: string;
}

function readPalette(el: Element): Palette {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    top: v('--hf-water-top', '#52c7ea'),
    bottom: v('--hf-water-bottom', '#0a5c8f'),
    sand: v('--hf-sand', '#e9d3a0'),
    ray: v('--hf-ray', 'rgba(255,255,255,0.10)'),
    label: v('--hf-label', '#ffffff'),
  };
}

/** Where the cannon sits: bottom centre of the sea. */
export const cannonOf = (o: Ocean) => ({ x: o.width / 2, y: o.height - 6 });

function draw(
  ctx: CanvasRenderingContext2D,
  o: Ocean,
  p: Palette,
  target: number | null,
  aim: { x: number; y: number } | null,
) {
  const { width: w, height: h } = o;
  const t = o.clock / 1000;
  const water = ctx.createLinearGradient(0, 0, 0, h);
  water.addColorStop(0, p.top);
  water.addColorStop(1, p.bottom);
  ctx.fillStyle = water;
  ctx.fillRect(0, 0, w, h);
  // Light from the surface.
  ctx.fillStyle = p.ray;
  for (let i = 0; i < 5; i++) {
    const x = ((i + 0.5) / 5) * w + Math.sin(t * 0.3 + i) * 14;
    ctx.beginPath();
    ctx.moveTo(x - 18, 0);
    ctx.lineTo(x + 18, 0);
    ctx.lineTo(x + 70, h * 0.8);
    ctx.lineTo(x - 10, h * 0.8);
    ctx.closePath();
    ctx.fill();
  }
  // Sand.
  ctx.fillStyle = p.sand;
  ctx.beginPath();
  ctx.moveTo(0, h);
  ctx.lineTo(0, h - 16);
  ctx.quadraticCurveTo(w * 0.25, h - 30, w * 0.5, h - 18);
  ctx.quadraticCurveTo(w * 0.75, h - 8, w, h - 22);
  ctx.lineTo(w, h);
  ctx.closePath();
  ctx.fill();

  for (const f of o.fish) {
    if (f.state === 'caught') {
      const k = Math.min(1, (o.clock - f.caughtAt) / CAUGHT_MS);
      ctx.save();
      ctx.globalAlpha = 1 - k;
      drawFish(ctx, f.species, f.x, f.y, f.radius * (1 + k * 0.6), f.dir, t * 3, true);
      ctx.restore();
      ctx.strokeStyle = `rgba(255, 224, 102, ${1 - k})`;
      ctx.lineWidth = 4;
      ctx.beginPath();
      ctx.arc(f.x, f.y, f.radius * (0.8 + k * 1.6), 0, Math.PI * 2);
      ctx.stroke();
      continue;
    }
    drawFish(ctx, f.species, f.x, f.y, f.radius, f.dir, t + f.phase, f.boss);
    ctx.font = `700 ${Math.max(11, Math.round(f.radius * 0.38))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(0,0,0,0.55)';
    const text = `×${f.multiplier}`;
    const ly = f.y + f.radius * 0.72;
    ctx.strokeText(text, f.x, ly);
    ctx.fillStyle = f.boss ? '#ffe066' : p.label;
    ctx.fillText(text, f.x, ly);
  }

  const locked = findFish(o, target);
  if (locked) {
    ctx.strokeStyle = '#ff4d6d';
    ctx.lineWidth = 2.5;
    const r = Math.max(locked.radius * 1.15, 24);
    ctx.beginPath();
    ctx.arc(locked.x, locked.y, r, 0, Math.PI * 2);
    for (const a of [0, Math.PI / 2, Math.PI, (3 * Math.PI) / 2]) {
      ctx.moveTo(locked.x + Math.cos(a) * (r - 8), locked.y + Math.sin(a) * (r - 8));
      ctx.lineTo(locked.x + Math.cos(a) * (r + 8), locked.y + Math.sin(a) * (r + 8));
    }
    ctx.stroke();
  }

  for (const e of o.effects) {
    const age = o.clock - e.start;
    if (e.kind === 'bullet') {
      const k = e.ms <= 0 ? 1 : Math.min(1, age / e.ms);
      if (k >= 1) continue;
      const x = e.fromX + (e.toX - e.fromX) * k;
      const y = e.fromY + (e.toY - e.fromY) * k;
      ctx.fillStyle = '#fff7b0';
      ctx.shadowColor = '#ffd54a';
      ctx.shadowBlur = 10;
      ctx.beginPath();
      ctx.arc(x, y, 5, 0, Math.PI * 2);
      ctx.fill();
      ctx.shadowBlur = 0;
    } else if (e.kind === 'burst') {
      const k = Math.min(1, age / EFFECT_MS.burst);
      ctx.strokeStyle = `rgba(255,255,255,${1 - k})`;
      ctx.lineWidth = 2;
      ctx.beginPath();
      for (let i = 0; i < 8; i++) {
        const a = (i / 8) * Math.PI * 2;
        ctx.moveTo(e.x + Math.cos(a) * 6, e.y + Math.sin(a) * 6);
        ctx.lineTo(e.x + Math.cos(a) * (8 + k * 20), e.y + Math.sin(a) * (8 + k * 20));
      }
      ctx.stroke();
    } else {
      const k = Math.min(1, age / EFFECT_MS.win);
      const rise = o.still ? 0 : k * 40;
      ctx.globalAlpha = k < 0.75 ? 1 : (1 - k) * 4;
      ctx.font = `800 ${e.big ? 30 : 22}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.lineWidth = 5;
      ctx.strokeStyle = 'rgba(60,30,0,0.8)';
      ctx.strokeText(e.text, e.x, e.y - rise);
      ctx.fillStyle = '#ffe066';
      ctx.fillText(e.text, e.x, e.y - rise);
      ctx.globalAlpha = 1;
    }
  }

  // The cannon, turned to its aim.
  const c = cannonOf(o);
  const angle = aim ? Math.atan2(aim.y - c.y, aim.x - c.x) : -Math.PI / 2;
  ctx.save();
  ctx.translate(c.x, c.y);
  ctx.rotate(angle + Math.PI / 2);
  ctx.fillStyle = '#c9a227';
  ctx.strokeStyle = '#5c4300';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.roundRect(-8, -46, 16, 40, 5);
  ctx.fill();
  ctx.stroke();
  ctx.restore();
  ctx.fillStyle = '#8a6b12';
  ctx.strokeStyle = '#3d2d00';
  ctx.beginPath();
  ctx.arc(c.x, c.y, 22, Math.PI, 0);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
}

/**
 * The sea on a canvas: fish swim (requestAnimationFrame), taps aim and fire. The loop stops
 * while the page is hidden and picks up where it was; with reduced motion the fish hold still.
 */
export function OceanCanvas({
  species,
  still,
  oceanRef,
  targetRef,
  aimRef,
  label,
  onTap,
  onKey,
}: OceanCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    let palette = readPalette(canvas);
    // A still sea (reduced motion) is drawn again only when something on it changed.
    let drawn = '';
    let frame = 0;
    let last = 0;

    const fit = () => {
      const box = canvas.getBoundingClientRect();
      const w = Math.max(1, Math.round(box.width));
      const h = Math.max(1, Math.round(box.height));
      const dpr = Math.min(2, window.devicePixelRatio || 1);
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      if (!oceanRef.current) oceanRef.current = createOcean(species, w, h, { still });
      else resizeOcean(oceanRef.current, w, h);
      palette = readPalette(canvas);
      drawn = '';
    };
    fit();
    const resize = new ResizeObserver(fit);
    resize.observe(canvas);
    // The theme can change while the game runs (site in another tab or the frame's parent).
    const theme = new MutationObserver(() => {
      palette = readPalette(canvas);
    });
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });

    const tick = (now: number) => {
      const o = oceanRef.current;
      if (o) {
        stepOcean(o, last === 0 ? 0 : now - last);
        const aim = aimRef.current;
        const moving = !o.still || o.effects.length > 0 || o.fish.some((f) => f.state === 'caught');
        const state = `${o.width}x${o.height}:${o.fish.map((f) => f.key).join(',')}:${targetRef.current}:${aim?.x},${aim?.y}:${palette.top}`;
        if (moving || state !== drawn) {
          draw(ctx, o, palette, targetRef.current, aim);
          drawn = moving ? '' : state;
        }
      }
      last = now;
      frame = requestAnimationFrame(tick);
    };
    const start = () => {
      if (frame) return;
      last = 0;
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const onVisibility = () => (document.hidden ? stop() : start());
    document.addEventListener('visibilitychange', onVisibility);
    if (!document.hidden) start();
    return () => {
      stop();
      resize.disconnect();
      theme.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [aimRef, oceanRef, species, still, targetRef]);

  useEffect(() => {
    if (oceanRef.current) oceanRef.current.still = still;
  }, [oceanRef, still]);

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    onTap(e.clientX - box.left, e.clientY - box.top);
  };

  return (
    <div className="hf-sea">
      <canvas
        ref={ref}
        className="hf-canvas"
        data-testid="fish-canvas"
        tabIndex={0}
        role="application"
        aria-label={label}
        onPointerDown={onPointerDown}
        onKeyDown={onKey}
      />
    </div>
  );
}
