import type { FishSpeciesId } from '@app/contracts';

/**
 * How each species is drawn on a 2D canvas: a body of its own shape and colours, drawn facing
 * right around (0, 0) with half-length r; the caller flips and places it. Shared by the sea and
 * the small icons of the rules and the history.
 */
interface Look {
  body: string;
  belly: string;
  fin: string;
  /** Body height as a share of its half-length. */
  tall: number;
  stripes?: string;
  spikes?: boolean;
  shape?: 'fish' | 'turtle' | 'octopus' | 'manta' | 'seahorse' | 'lobster';
  crown?: boolean;
}

const FISH_LOOKS: Record<FishSpeciesId, Look> = {
  CLOWNFISH: { body: '#ff7a1a', belly: '#ffb36b', fin: '#e65100', tall: 0.62, stripes: '#ffffff' },
  ANGELFISH: { body: '#ffd23f', belly: '#fff1a8', fin: '#2d7dd2', tall: 0.95, stripes: '#2d7dd2' },
  PUFFERFISH: { body: '#e9c46a', belly: '#fff6d6', fin: '#c08a2e', tall: 0.9, spikes: true },
  SEAHORSE: { body: '#f28ab2', belly: '#ffd0e2', fin: '#c2185b', tall: 0.5, shape: 'seahorse' },
  TURTLE: { body: '#3a9d5d', belly: '#a7d99b', fin: '#2a7144', tall: 0.7, shape: 'turtle' },
  LOBSTER: { body: '#d63230', belly: '#ff8a7a', fin: '#9b1c1a', tall: 0.45, shape: 'lobster' },
  OCTOPUS: { body: '#9b5de5', belly: '#d6b8ff', fin: '#6a32b8', tall: 0.8, shape: 'octopus' },
  MANTA: { body: '#35506b', belly: '#c9d6e3', fin: '#22384d', tall: 0.5, shape: 'manta' },
  SHARK: { body: '#7d8fa1', belly: '#eef2f5', fin: '#5b6b7b', tall: 0.42 },
  WHALE: { body: '#2e6fb7', belly: '#bfe0ff', fin: '#1f4f86', tall: 0.55 },
  DRAGON_KING: {
    body: '#f2b705',
    belly: '#fff1a6',
    fin: '#d1495b',
    tall: 0.5,
    crown: true,
    stripes: '#d1495b',
  },
};

function eye(ctx: CanvasRenderingContext2D, x: number, y: number, r: number) {
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#111';
  ctx.beginPath();
  ctx.arc(x + r * 0.25, y, r * 0.55, 0, Math.PI * 2);
  ctx.fill();
}

function fishBody(ctx: CanvasRenderingContext2D, r: number, look: Look, wag: number) {
  const h = r * look.tall;
  // Tail.
  ctx.fillStyle = look.fin;
  ctx.beginPath();
  ctx.moveTo(-r * 0.75, 0);
  ctx.lineTo(-r * 1.15, -h * 0.75 + wag);
  ctx.lineTo(-r * 1.05, wag * 0.3);
  ctx.lineTo(-r * 1.15, h * 0.75 + wag);
  ctx.closePath();
  ctx.fill();
  // Dorsal fin.
  ctx.beginPath();
  ctx.moveTo(-r * 0.3, -h * 0.8);
  ctx.quadraticCurveTo(r * 0.05, -h * 1.45, r * 0.3, -h * 0.75);
  ctx.closePath();
  ctx.fill();
  // Body.
  const g = ctx.createLinearGradient(0, -h, 0, h);
  g.addColorStop(0, look.body);
  g.addColorStop(1, look.belly);
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.ellipse(0, 0, r * 0.95, h, 0, 0, Math.PI * 2);
  ctx.fill();
  if (look.stripes) {
    ctx.save();
    ctx.clip();
    ctx.fillStyle = look.stripes;
    for (const sx of [-0.45, 0.15]) ctx.fillRect(r * sx, -h, r * 0.16, h * 2);
    ctx.restore();
  }
  if (look.spikes) {
    ctx.strokeStyle = look.fin;
    ctx.lineWidth = Math.max(1, r * 0.05);
    for (let a = 0; a < Math.PI * 2; a += Math.PI / 7) {
      ctx.beginPath();
      ctx.moveTo(Math.cos(a) * r * 0.9, Math.sin(a) * h * 0.95);
      ctx.lineTo(Math.cos(a) * r * 1.12, Math.sin(a) * h * 1.18);
      ctx.stroke();
    }
  }
  eye(ctx, r * 0.52, -h * 0.22, Math.max(2, r * 0.13));
  if (look.crown) {
    ctx.fillStyle = '#ffe066';
    ctx.strokeStyle = '#a36b00';
    ctx.lineWidth = Math.max(1, r * 0.03);
    ctx.beginPath();
    const y0 = -h * 0.9;
    ctx.moveTo(r * 0.1, y0);
    for (let i = 0; i <= 4; i++) ctx.lineTo(r * (0.1 + i * 0.12), y0 - (i % 2 === 0 ? r * 0.32 : r * 0.12));
    ctx.lineTo(r * 0.58, y0);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
  }
}

function turtle(ctx: CanvasRenderingContext2D, r: number, look: Look, wag: number) {
  ctx.fillStyle = look.fin;
  for (const [fx, fy] of [
    [0.45, -0.62],
    [0.45, 0.62],
    [-0.5, -0.5],
    [-0.5, 0.5],
  ] as const) {
    ctx.beginPath();
    ctx.ellipse(
      r * fx,
      r * fy + wag * Math.sign(fy) * 0.4,
      r * 0.28,
      r * 0.13,
      fx * fy > 0 ? 0.6 : -0.6,
      0,
      Math.PI * 2,
    );
    ctx.fill();
  }
  ctx.fillStyle = look.belly;
  ctx.beginPath();
  ctx.ellipse(r * 0.85, 0, r * 0.22, r * 0.17, 0, 0, Math.PI * 2);
  ctx.fill();
  eye(ctx, r * 0.92, -r * 0.05, Math.max(2, r * 0.06));
  ctx.fillStyle = look.body;
  ctx.beginPath();
  ctx.ellipse(0, 0, r * 0.7, r * 0.55, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = look.belly;
  ctx.lineWidth = Math.max(1, r * 0.05);
  ctx.beginPath();
  ctx.ellipse(0, 0, r * 0.32, r * 0.25, 0, 0, Math.PI * 2);
  ctx.moveTo(-r * 0.7, 0);
  ctx.lineTo(-r * 0.32, 0);
  ctx.moveTo(r * 0.32, 0);
  ctx.lineTo(r * 0.7, 0);
  ctx.stroke();
}

function octopus(ctx: CanvasRenderingContext2D, r: number, look: Look, wag: number) {
  ctx.strokeStyle = look.fin;
  ctx.lineCap = 'round';
  ctx.lineWidth = Math.max(2, r * 0.14);
  for (let i = 0; i < 6; i++) {
    const y = -r * 0.45 + i * r * 0.18;
    ctx.beginPath();
    ctx.moveTo(-r * 0.1, y);
    ctx.quadraticCurveTo(-r * 0.6, y + wag * (i % 2 ? 1 : -1), -r * 1.05, y * 1.3 + wag);
    ctx.stroke();
  }
  const g = ctx.createRadialGradient(r * 0.2, -r * 0.2, r * 0.1, r * 0.2, 0, r * 0.75);
  g.addColorStop(0, look.belly);
  g.addColorStop(1, look.body);
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.ellipse(r * 0.25, 0, r * 0.6, r * 0.55, 0, 0, Math.PI * 2);
  ctx.fill();
  eye(ctx, r * 0.45, -r * 0.12, Math.max(2, r * 0.1));
}

function manta(ctx: CanvasRenderingContext2D, r: number, look: Look, wag: number) {
  ctx.strokeStyle = look.fin;
  ctx.lineWidth = Math.max(1, r * 0.05);
  ctx.beginPath();
  ctx.moveTo(-r * 0.4, 0);
  ctx.lineTo(-r * 1.2, wag * 0.5);
  ctx.stroke();
  const g = ctx.createLinearGradient(0, -r, 0, r);
  g.addColorStop(0, look.body);
  g.addColorStop(1, look.fin);
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.moveTo(r * 0.75, 0);
  ctx.quadraticCurveTo(r * 0.2, -r * 0.3, -r * 0.1, -r * 0.85 + wag);
  ctx.quadraticCurveTo(-r * 0.25, -r * 0.2, -r * 0.45, 0);
  ctx.quadraticCurveTo(-r * 0.25, r * 0.2, -r * 0.1, r * 0.85 - wag);
  ctx.quadraticCurveTo(r * 0.2, r * 0.3, r * 0.75, 0);
  ctx.fill();
  ctx.fillStyle = look.belly;
  ctx.beginPath();
  ctx.ellipse(r * 0.25, 0, r * 0.2, r * 0.1, 0, 0, Math.PI * 2);
  ctx.fill();
  eye(ctx, r * 0.55, -r * 0.12, Math.max(2, r * 0.06));
}

function seahorse(ctx: CanvasRenderingContext2D, r: number, look: Look, wag: number) {
  ctx.strokeStyle = look.body;
  ctx.lineCap = 'round';
  ctx.lineWidth = r * 0.38;
  ctx.beginPath();
  ctx.moveTo(r * 0.2, -r * 0.55);
  ctx.quadraticCurveTo(-r * 0.35, -r * 0.1, r * 0.05, r * 0.35);
  ctx.quadraticCurveTo(r * 0.3, r * 0.7, -r * 0.1 + wag * 0.3, r * 0.8);
  ctx.stroke();
  ctx.fillStyle = look.body;
  ctx.beginPath();
  ctx.ellipse(r * 0.35, -r * 0.62, r * 0.3, r * 0.18, 0.25, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = look.fin;
  ctx.beginPath();
  ctx.ellipse(-r * 0.32, 0, r * 0.16, r * 0.24, 0, 0, Math.PI * 2);
  ctx.fill();
  eye(ctx, r * 0.35, -r * 0.66, Math.max(2, r * 0.08));
}

function lobster(ctx: CanvasRenderingContext2D, r: number, look: Look, wag: number) {
  ctx.strokeStyle = look.fin;
  ctx.lineWidth = Math.max(1, r * 0.04);
  ctx.beginPath();
  ctx.moveTo(r * 0.7, -r * 0.1);
  ctx.quadraticCurveTo(r * 1.1, -r * 0.6, r * 1.3, -r * 0.2 + wag * 0.3);
  ctx.moveTo(r * 0.7, r * 0.1);
  ctx.quadraticCurveTo(r * 1.1, r * 0.6, r * 1.3, r * 0.2 - wag * 0.3);
  ctx.stroke();
  ctx.fillStyle = look.body;
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(r * 0.75, side * r * 0.42, r * 0.28, r * 0.15, side * 0.4, 0, Math.PI * 2);
    ctx.fill();
  }
  for (let i = 0; i < 4; i++) {
    ctx.beginPath();
    ctx.ellipse(-r * 0.2 * i, 0, r * 0.25, r * (0.32 - i * 0.04), 0, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = look.fin;
  ctx.beginPath();
  ctx.moveTo(-r * 0.7, 0);
  ctx.lineTo(-r * 1.05, -r * 0.28 + wag * 0.2);
  ctx.lineTo(-r * 1.05, r * 0.28 + wag * 0.2);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = look.belly;
  ctx.beginPath();
  ctx.ellipse(r * 0.3, 0, r * 0.42, r * 0.3, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = look.body;
  ctx.beginPath();
  ctx.ellipse(r * 0.3, 0, r * 0.38, r * 0.26, 0, 0, Math.PI * 2);
  ctx.fill();
  eye(ctx, r * 0.55, -r * 0.12, Math.max(2, r * 0.07));
}

/**
 * Draws a fish of `species` centred at (x, y), half-length r, facing `dir`; `t` (seconds) wags
 * its tail. `glow` rings the boss in gold.
 */
export function drawFish(
  ctx: CanvasRenderingContext2D,
  species: FishSpeciesId,
  x: number,
  y: number,
  r: number,
  dir: 1 | -1,
  t: number,
  glow = false,
): void {
  const look = FISH_LOOKS[species];
  const wag = Math.sin(t * 7) * r * 0.12;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(dir, 1);
  if (glow) {
    ctx.shadowColor = 'rgba(255, 215, 64, 0.95)';
    ctx.shadowBlur = r * 0.5;
  }
  switch (look.shape ?? 'fish') {
    case 'turtle':
      turtle(ctx, r, look, wag);
      break;
    case 'octopus':
      octopus(ctx, r, look, wag);
      break;
    case 'manta':
      manta(ctx, r, look, wag);
      break;
    case 'seahorse':
      seahorse(ctx, r, look, wag);
      break;
    case 'lobster':
      lobster(ctx, r, look, wag);
      break;
    default:
      fishBody(ctx, r, look, wag);
  }
  ctx.restore();
}
