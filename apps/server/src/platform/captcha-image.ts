import { seededRandom } from './seeded-random';
import { randomBytes, randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

/**
 * Captcha text and image, drawn without canvas or font files: a small built-in stroke font is
 * transformed per glyph, rasterised with anti-aliasing onto a noisy background and crossed by
 * interfering curves, then encoded as PNG with pngjs.
 */

// Characters a human cannot tell apart at this size are left out: 0/O, 1/I/L, 5/S, 2/Z, 8/B.
const ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';

/** Random captcha text: `length` characters from an alphabet without look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B), using node:crypto randomInt. */
export function captchaText(length = 4): string {
  if (!Number.isInteger(length) || length < 1) throw new RangeError(`Invalid captcha length: ${length}`);
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

// ---------------------------------------------------------------------------------------------
// Stroke font. Each glyph lives on a grid x 0..4, y 0..6 (y grows downwards); polylines are
// separated by '|' and each point is two digits "xy". Curves are chamfered corners: at 25 px
// high that reads as round, and straight segments keep the distance maths trivial.
// ---------------------------------------------------------------------------------------------

const FONT_SOURCE: Readonly<Record<string, string>> = {
  A: '06 20 46|14 34',
  B: '06 00 30 41 42 33 03|33 44 45 36 06',
  C: '41 30 10 01 05 16 36 45',
  D: '00 20 42 44 26 06 00',
  E: '40 00 06 46|03 33',
  F: '40 00 06|03 33',
  G: '41 30 10 01 05 16 36 45 43 23',
  H: '00 06|40 46|03 43',
  I: '10 30|20 26|16 36',
  J: '20 40 45 36 16 05',
  K: '00 06|40 03 46',
  L: '00 06 46',
  M: '06 00 23 40 46',
  N: '06 00 46 40',
  O: '10 30 41 45 36 16 05 01 10',
  P: '06 00 30 41 42 33 03',
  Q: '10 30 41 45 36 16 05 01 10|24 46',
  R: '06 00 30 41 42 33 03|23 46',
  S: '41 30 10 01 02 13 33 44 45 36 16 05',
  T: '00 40|20 26',
  U: '00 05 16 36 45 40',
  V: '00 26 40',
  W: '00 16 23 36 40',
  X: '00 46|40 06',
  Y: '00 23 40|23 26',
  Z: '00 40 06 46',
  '0': '10 30 41 45 36 16 05 01 10|41 05',
  '1': '11 20 26|06 46',
  '2': '01 10 30 41 42 06 46',
  '3': '01 10 30 41 42 33 13|33 44 45 36 16 05',
  '4': '30 04 44|30 36',
  '5': '40 00 02 32 43 45 36 16 05',
  '6': '30 12 04 05 16 36 45 44 33 13 04',
  '7': '00 40 41 26',
  '8': '10 30 41 42 33 13 02 01 10|13 04 05 16 36 45 44 33',
  '9': '16 36 45 41 30 10 01 02 13 43',
};

const GLYPH_WIDTH = 4;
const GLYPH_HEIGHT = 6;

type Point = { x: number; y: number };
type Polyline = Point[];

const FONT: ReadonlyMap<string, Polyline[]> = new Map(
  Object.entries(FONT_SOURCE).map(([char, source]) => [
    char,
    source.split('|').map((line) => line.split(' ').map((xy) => ({ x: Number(xy[0]), y: Number(xy[1]) }))),
  ]),
);

// ---------------------------------------------------------------------------------------------
// Randomness: node:crypto by default (captcha images must not be predictable), or a seeded
// PRNG so that tests can compare exact bytes.
// ---------------------------------------------------------------------------------------------

/** Returns a float in [0, 1). */
type Random = () => number;

function cryptoRandom(): Random {
  // Drawing one randomBytes() per call would be slow for per-pixel noise; a pool is refilled.
  let pool = randomBytes(4096);
  let offset = 0;
  return () => {
    if (offset + 4 > pool.length) {
      pool = randomBytes(4096);
      offset = 0;
    }
    const value = pool.readUInt32LE(offset);
    offset += 4;
    return value / 0x1_0000_0000;
  };
}

const between = (random: Random, min: number, max: number): number => min + (max - min) * random();

// ---------------------------------------------------------------------------------------------
// Raster helpers on an RGBA buffer (pngjs' own layout).
// ---------------------------------------------------------------------------------------------

type Rgb = readonly [number, number, number];

interface Canvas {
  width: number;
  height: number;
  data: Buffer;
}

/** Alpha-blends `colour` into one pixel; `alpha` in [0, 1]. */
function blend(canvas: Canvas, x: number, y: number, colour: Rgb, alpha: number): void {
  if (x < 0 || y < 0 || x >= canvas.width || y >= canvas.height || alpha <= 0) return;
  const i = (y * canvas.width + x) * 4;
  const a = Math.min(alpha, 1);
  for (let c = 0; c < 3; c++) {
    const current = canvas.data[i + c] ?? 0;
    canvas.data[i + c] = Math.round(current + (colour[c]! - current) * a);
  }
}

/** HSL (all in [0, 1]) to 0..255 RGB. */
function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h * 12) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

function distanceToSegment(px: number, py: number, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / lengthSquared));
  return Math.hypot(px - (a.x + t * dx), py - (a.y + t * dy));
}

/** Maps a pixel centre to the point sampled for it; lets glyphs be bent by a gentle wave. */
type Warp = (x: number, y: number) => Point;
const noWarp: Warp = (x, y) => ({ x, y });

/**
 * Strokes polylines (in pixel coordinates) with round joins and caps. Coverage comes from the
 * distance to the nearest segment, which anti-aliases edges for free and keeps the stroke width
 * constant whatever rotation or shear the points went through.
 */
function strokePolylines(
  canvas: Canvas,
  lines: readonly Polyline[],
  halfWidth: number,
  colour: Rgb,
  opacity: number,
  warp: Warp = noWarp,
  warpReach = 0,
): void {
  const points = lines.flat();
  if (points.length === 0) return;
  const reach = halfWidth + 1 + warpReach;
  const x0 = Math.max(0, Math.floor(Math.min(...points.map((p) => p.x)) - reach));
  const x1 = Math.min(canvas.width - 1, Math.ceil(Math.max(...points.map((p) => p.x)) + reach));
  const y0 = Math.max(0, Math.floor(Math.min(...points.map((p) => p.y)) - reach));
  const y1 = Math.min(canvas.height - 1, Math.ceil(Math.max(...points.map((p) => p.y)) + reach));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = warp(x + 0.5, y + 0.5);
      let distance = Infinity;
      for (const line of lines) {
        // Segment i joins points i and i+1; a single-point line still draws a dot.
        for (let i = 0; i < Math.max(1, line.length - 1); i++) {
          const a = line[i]!;
          distance = Math.min(distance, distanceToSegment(p.x, p.y, a, line[i + 1] ?? a));
        }
      }
      const coverage = Math.max(0, Math.min(1, halfWidth + 0.5 - distance));
      blend(canvas, x, y, colour, coverage * opacity);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The picture.
// ---------------------------------------------------------------------------------------------

function paintBackground(canvas: Canvas, random: Random): void {
  // A light two-colour gradient plus per-pixel grain: no flat area to threshold away.
  const hue = random();
  const from = hsl(hue, between(random, 0.3, 0.6), between(random, 0.88, 0.95));
  const to = hsl(
    (hue + between(random, 0.15, 0.45)) % 1,
    between(random, 0.3, 0.6),
    between(random, 0.86, 0.94),
  );
  for (let y = 0; y < canvas.height; y++) {
    for (let x = 0; x < canvas.width; x++) {
      const t = (x / canvas.width + y / canvas.height) / 2;
      const i = (y * canvas.width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const grain = (random() - 0.5) * 28;
        canvas.data[i + c] = Math.max(
          0,
          Math.min(255, Math.round(from[c]! + (to[c]! - from[c]!) * t + grain)),
        );
      }
      canvas.data[i + 3] = 255;
    }
  }
  // Soft pastel blotches break up the gradient.
  const blotches = 3 + Math.floor(random() * 3);
  for (let n = 0; n < blotches; n++) {
    const cx = random() * canvas.width;
    const cy = random() * canvas.height;
    const radius = between(random, 0.15, 0.35) * canvas.height;
    const colour = hsl(random(), between(random, 0.4, 0.7), between(random, 0.72, 0.85));
    const span = Math.ceil(radius);
    for (let y = Math.floor(cy - span); y <= cy + span; y++) {
      for (let x = Math.floor(cx - span); x <= cx + span; x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy) / radius;
        if (d < 1) blend(canvas, x, y, colour, (1 - d) * 0.45);
      }
    }
  }
}

/** A wavy curve across the whole width (cubic Bézier), flattened into a polyline. */
function randomCurve(canvas: Canvas, random: Random): Polyline {
  const { width, height } = canvas;
  const p0 = { x: between(random, -5, 0.15 * width), y: between(random, 0.1, 0.9) * height };
  const p1 = { x: between(random, 0.2, 0.45) * width, y: between(random, -0.3, 1.3) * height };
  const p2 = { x: between(random, 0.55, 0.8) * width, y: between(random, -0.3, 1.3) * height };
  const p3 = { x: between(random, 0.85 * width, width + 5), y: between(random, 0.1, 0.9) * height };
  const steps = 32;
  const curve: Polyline = [];
  for (let s = 0; s <= steps; s++) {
    const t = s / steps;
    const u = 1 - t;
    curve.push({
      x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
      y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y,
    });
  }
  return curve;
}

function drawCurves(canvas: Canvas, random: Random, count: number, scale: number): void {
  for (let n = 0; n < count; n++) {
    const colour = hsl(random(), between(random, 0.4, 0.8), between(random, 0.3, 0.55));
    // Thinner and a little paler than glyph strokes, so the eye separates them while a simple
    // threshold does not.
    strokePolylines(canvas, [randomCurve(canvas, random)], between(random, 0.4, 0.65) * scale, colour, 0.8);
  }
}

function drawGlyphs(canvas: Canvas, text: string, random: Random): void {
  const { width, height } = canvas;
  const margin = width * 0.06;
  const cell = (width - 2 * margin) / text.length;
  // Glyph height is limited by the image height and by the cell width (glyphs are 4:6).
  const baseScale = Math.min((height * 0.62) / GLYPH_HEIGHT, (cell * 0.8) / GLYPH_WIDTH);
  const halfStroke = Math.max(0.8, baseScale * 0.3);

  // One gentle wave bends all glyphs together, so no glyph is an exact affine copy of the font.
  const amplitudeX = height * 0.03;
  const amplitudeY = height * 0.05;
  const frequencyX = between(random, 0.1, 0.18);
  const frequencyY = between(random, 0.05, 0.1);
  const phaseX = random() * Math.PI * 2;
  const phaseY = random() * Math.PI * 2;
  const warp: Warp = (x, y) => ({
    x: x + amplitudeX * Math.sin(y * frequencyX + phaseX),
    y: y + amplitudeY * Math.sin(x * frequencyY + phaseY),
  });
  const warpReach = Math.max(amplitudeX, amplitudeY);

  [...text].forEach((char, index) => {
    const lines = FONT.get(char);
    if (!lines) throw new RangeError(`Captcha cannot draw character ${JSON.stringify(char)}`);
    const scale = baseScale * between(random, 0.9, 1.08);
    const angle = between(random, -0.3, 0.3);
    const shear = between(random, -0.3, 0.3);
    const glyphHalfHeight = (GLYPH_HEIGHT * scale) / 2;
    const centreX = margin + cell * (index + 0.5) + between(random, -0.12, 0.12) * cell;
    const freeY = Math.max(0, height / 2 - glyphHalfHeight - halfStroke - 2);
    const centreY = height / 2 + between(random, -0.8, 0.8) * freeY;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const placed = lines.map((line) =>
      line.map(({ x, y }) => {
        // Centre on the glyph box, scale, shear horizontally, then rotate.
        const sy = (y - GLYPH_HEIGHT / 2) * scale;
        const sx = (x - GLYPH_WIDTH / 2) * scale + shear * sy;
        return { x: centreX + sx * cos - sy * sin, y: centreY + sx * sin + sy * cos };
      }),
    );
    const colour = hsl(random(), between(random, 0.55, 0.9), between(random, 0.12, 0.3));
    strokePolylines(canvas, placed, halfStroke * between(random, 0.9, 1.1), colour, 1, warp, warpReach);
  });
}

/** Salt-and-pepper noise: dark specks over everything and light ones that nick the glyphs. */
function drawSpeckles(canvas: Canvas, random: Random): void {
  const count = Math.round(canvas.width * canvas.height * 0.035);
  for (let n = 0; n < count; n++) {
    const x = Math.floor(random() * canvas.width);
    const y = Math.floor(random() * canvas.height);
    const dark = random() < 0.7;
    const colour = dark
      ? hsl(random(), between(random, 0.3, 0.8), between(random, 0.15, 0.45))
      : hsl(random(), 0.3, between(random, 0.85, 0.97));
    blend(canvas, x, y, colour, between(random, 0.5, 0.9));
  }
}

/** Renders the text to a PNG (about 120x40 px) and returns the PNG bytes. */
export function renderCaptchaPng(
  text: string,
  opts?: { width?: number; height?: number; seed?: number },
): Buffer {
  const width = opts?.width ?? 120;
  const height = opts?.height ?? 40;
  if (
    !Number.isInteger(width) ||
    !Number.isInteger(height) ||
    width < 16 ||
    height < 12 ||
    width * height > 4e6
  ) {
    throw new RangeError(`Invalid captcha size: ${width}x${height}`);
  }
  if (text.length === 0) throw new RangeError('Captcha text is empty');
  for (const char of text) {
    if (!FONT.has(char)) throw new RangeError(`Captcha cannot draw character ${JSON.stringify(char)}`);
  }

  const random = opts?.seed === undefined ? cryptoRandom() : seededRandom(opts.seed);
  const png = new PNG({ width, height });
  const canvas: Canvas = { width, height, data: png.data };
  // Line widths were tuned at 40 px high; keep their proportion at other sizes.
  const scale = height / 40;

  paintBackground(canvas, random);
  drawCurves(canvas, random, 1, scale); // behind the text
  drawGlyphs(canvas, text, random);
  drawCurves(canvas, random, 2, scale); // across the text
  drawSpeckles(canvas, random);

  // RGB without alpha: the image is opaque, and the file is a quarter smaller.
  return PNG.sync.write(png, { colorType: 2 });
}
