/*
 * Draws the demo brands' artwork: banners, vendor logos, app-download QR codes, footer and home
 * illustrations (apps/server/media/) and the site's PWA icons (apps/web/public/).
 *
 *   npm run media:draw
 *
 * Everything is generated from code and deterministic (seeded random numbers, no clock), so running
 * it twice gives the same files. The PNG icons are rasterised from the SVG emblem with the system
 * Chromium (playwright-core, no browser download).
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium';
import QRCode from 'qrcode';
import { seededRandom } from '../apps/server/src/platform/seeded-random';
import type { GameClassify } from '@app/contracts';
import {
  DEFAULT_GAME_ICON_PATH,
  DEMO_GAMES,
  gameIconPath,
  type DemoGame,
} from '../apps/server/src/seed/game-catalogue';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MEDIA = path.join(ROOT, 'apps/server/media');
const PUBLIC = path.join(ROOT, 'apps/web/public');
const FONT = 'Arial, Helvetica, sans-serif';
const BANNER_BUDGET = 8 * 1024;

/* ------------------------------------------------------------------------------------------------ */
/* Output                                                                                            */
/* ------------------------------------------------------------------------------------------------ */

const written: { file: string; bytes: number }[] = [];

function out(file: string, content: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  written.push({ file: path.relative(ROOT, file), bytes: Buffer.byteLength(content) });
}

/* ------------------------------------------------------------------------------------------------ */
/* SVG helpers                                                                                       */
/* ------------------------------------------------------------------------------------------------ */

type AttrValue = string | number | undefined;
type Attrs = Record<string, AttrValue>;

/** One decimal is plenty at these sizes and keeps the files small. */
function num(v: number, digits = 1): string {
  const f = 10 ** digits;
  const r = Math.round(v * f) / f;
  if (r === 0) return '0';
  return String(r).replace(/^(-?)0\./, '$1.');
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function el(tag: string, attrs: Attrs = {}, ...kids: string[]): string {
  let s = `<${tag}`;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    s += ` ${k}="${typeof v === 'number' ? num(v) : v}"`;
  }
  return kids.length > 0 ? `${s}>${kids.join('')}</${tag}>` : `${s}/>`;
}

function doc(w: number, h: number, body: string, attrs: Attrs = {}): string {
  const font = body.includes('<text') ? { 'font-family': FONT, 'font-weight': 'bold' } : {};
  return `${el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', viewBox: `0 0 ${w} ${h}`, width: w, height: h, ...attrs, ...font },
    body,
  )}\n`;
}

type Stop = [offset: number, color: string, opacity?: number];

function grad(kind: string, id: string, stops: Stop[], attrs: Attrs): string {
  return el(
    kind,
    { id, ...attrs },
    ...stops.map(([o, c, op]) =>
      el('stop', {
        offset: num(o, 2),
        'stop-color': c,
        'stop-opacity': op === undefined ? undefined : num(op, 2),
      }),
    ),
  );
}

/** Linear gradient, vertical unless x2/y2 say otherwise. */
const lin = (id: string, stops: Stop[], attrs: Attrs = {}): string =>
  grad('linearGradient', id, stops, { x2: 0, y2: 1, ...attrs });
const rad = (id: string, stops: Stop[], attrs: Attrs = {}): string =>
  grad('radialGradient', id, stops, attrs);

function tf(x: number, y: number, rot = 0, sx = 1, sy = sx): string {
  let s = `translate(${num(x)} ${num(y)})`;
  if (rot) s += ` rotate(${num(rot)})`;
  if (sx !== 1 || sy !== 1) s += sx === sy ? ` scale(${num(sx)})` : ` scale(${num(sx)} ${num(sy)})`;
  return s;
}

function use(id: string, x: number, y: number, rot = 0, sx = 1, sy = sx, extra: Attrs = {}): string {
  const plain = rot === 0 && sx === 1 && sy === 1;
  const at = plain ? { x: x || undefined, y: y || undefined } : { transform: tf(x, y, rot, sx, sy) };
  return el('use', { href: `#${id}`, ...at, ...extra });
}

function poly(points: [number, number][], digits = 1): string {
  return `${points.map(([x, y], i) => `${i ? 'L' : 'M'}${num(x, digits)} ${num(y, digits)}`).join('')}Z`;
}

function starD(cx: number, cy: number, ro: number, ri: number, n = 5, rot = -90): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < n * 2; i++) {
    const a = ((rot + (i * 180) / n) * Math.PI) / 180;
    const r = i % 2 ? ri : ro;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return poly(pts);
}

/** A pie-slice ring segment between radii r0 and r1 from angle a0 to a1 (degrees). */
function ringSeg(cx: number, cy: number, r0: number, r1: number, a0: number, a1: number): string {
  const p = (r: number, a: number): string =>
    `${num(cx + r * Math.cos((a * Math.PI) / 180), 0)} ${num(cy + r * Math.sin((a * Math.PI) / 180), 0)}`;
  return `M${p(r1, a0)}A${num(r1, 0)} ${num(r1, 0)} 0 0 1 ${p(r1, a1)}L${p(r0, a1)}A${num(r0, 0)} ${num(r0, 0)} 0 0 0 ${p(r0, a0)}Z`;
}

/** Helvetica-Bold / Arial Bold advance widths (1/1000 em), enough to size the wordmarks. */
const BOLD_WIDTHS: Record<string, number> = {
  ' ': 278,
  '!': 333,
  '&': 722,
  '+': 584,
  '-': 333,
  '.': 278,
  '/': 278,
  ':': 333,
  '?': 611,
  '•': 350,
  Ç: 722,
  A: 722,
  B: 722,
  C: 722,
  D: 722,
  E: 667,
  F: 611,
  G: 778,
  H: 722,
  I: 278,
  J: 556,
  K: 722,
  L: 611,
  M: 833,
  N: 722,
  O: 778,
  P: 667,
  Q: 778,
  R: 722,
  S: 667,
  T: 611,
  U: 722,
  V: 667,
  W: 944,
  X: 667,
  Y: 667,
  Z: 611,
  a: 556,
  b: 611,
  c: 556,
  d: 611,
  e: 556,
  f: 333,
  g: 611,
  h: 611,
  i: 278,
  j: 278,
  k: 556,
  l: 278,
  m: 889,
  n: 611,
  o: 611,
  p: 611,
  q: 611,
  r: 389,
  s: 556,
  t: 333,
  u: 611,
  v: 556,
  w: 778,
  x: 556,
  y: 556,
  z: 500,
};

function textWidth(s: string, size: number, spacing = 0): number {
  let w = 0;
  for (const ch of s) w += (BOLD_WIDTHS[ch] ?? (/[0-9]/.test(ch) ? 556 : 600)) / 1000;
  return w * size + spacing * Math.max(0, [...s].length - 1);
}

/** Largest font size (≤ max) at which the text fits the width. */
function fitSize(s: string, maxWidth: number, max: number, spacing = 0): number {
  const size = Math.min(max, (maxWidth - spacing * Math.max(0, [...s].length - 1)) / textWidth(s, 1));
  return Math.floor(size * 2) / 2;
}

/** Bold Arial text; the font is set once on the root element by doc(). */
function text(s: string, attrs: Attrs): string {
  return el('text', attrs, esc(s));
}

/** Deterministic random numbers: mulberry32 seeded by a string hash. */
const random = (seed: string): (() => number) => seededRandom(seed);

function pick<T>(list: readonly T[], r: number): T {
  const v = list[Math.floor(r * list.length) % list.length];
  if (v === undefined) throw new Error('pick from an empty list');
  return v;
}

/* ------------------------------------------------------------------------------------------------ */
/* Brand themes                                                                                      */
/* ------------------------------------------------------------------------------------------------ */

interface Theme {
  id: 'golden' | 'lotus';
  /** Background: calm left, middle, lit right. */
  bg: [string, string, string];
  glow: string;
  /** Gold: light, mid, dark. */
  gold: [string, string, string];
  deep: string;
  main: string;
  main2: string;
  hot: string;
  cool: string;
  neon: [string, string];
  felt: string;
}

const GOLDEN: Theme = {
  id: 'golden',
  bg: ['#021711', '#053a2a', '#0e6b4a'],
  glow: '#f7c948',
  gold: ['#fff4c2', '#f4c03f', '#a2680e'],
  deep: '#01100b',
  main: '#0f8a5f',
  main2: '#2fc48c',
  hot: '#e8433c',
  cool: '#35d6c4',
  neon: ['#3dffc8', '#ffd84d'],
  felt: '#0a6544',
};

const LOTUS: Theme = {
  id: 'lotus',
  bg: ['#120416', '#3a0a35', '#83133b'],
  glow: '#ff8f6b',
  gold: ['#ffefc4', '#f0b73a', '#9a5f10'],
  deep: '#0b0210',
  main: '#c0153f',
  main2: '#8b3dff',
  hot: '#ff4566',
  cool: '#b77bff',
  neon: ['#ff4fd8', '#9d8bff'],
  felt: '#5e0f33',
};

/** Collects the <defs> a drawing needs, each once. */
class Ctx {
  private readonly defs = new Map<string, string>();
  readonly r: () => number;

  constructor(
    readonly t: Theme,
    seed: string,
  ) {
    this.r = random(seed);
  }

  def(id: string, make: () => string): string {
    if (!this.defs.has(id)) this.defs.set(id, make());
    return id;
  }

  /** The collected definitions, to be placed inside a <defs>. */
  defsInner(): string {
    return [...this.defs.values()].join('');
  }

  defsXml(): string {
    return this.defs.size > 0 ? el('defs', {}, this.defsInner()) : '';
  }

  /** Between a and b. */
  between(a: number, b: number): number {
    return a + (b - a) * this.r();
  }

  gold(): string {
    const [l, m, d] = this.t.gold;
    return this.def('g', () =>
      lin('g', [
        [0, l],
        [0.45, m],
        [1, d],
      ]),
    );
  }

  /** Flat coin seen from the front, radius 30. */
  coin(x: number, y: number, s = 1, rot = 0, sy = s): string {
    this.gold();
    const d = this.t.gold[2];
    this.def('c', () =>
      el(
        'g',
        { id: 'c' },
        el('circle', { r: 30, fill: 'url(#g)', stroke: d, 'stroke-width': 2 }),
        el('circle', { r: 23, fill: 'none', stroke: d, 'stroke-width': 2.5, 'stroke-opacity': 0.6 }),
        el('path', { d: starD(0, 0, 13, 5.5), fill: d, 'fill-opacity': 0.75 }),
        el('path', {
          d: 'M-19-11A22 22 0 0 1-2-22',
          fill: 'none',
          stroke: '#fff',
          'stroke-width': 3,
          'stroke-linecap': 'round',
          'stroke-opacity': 0.7,
        }),
      ),
    );
    return use('c', x, y, rot, s, sy);
  }

  /** A stack of n coins lying flat, bottom coin centred on (x, y). */
  stack(x: number, y: number, n: number, s = 1): string {
    this.gold();
    const d = this.t.gold[2];
    this.def('s', () =>
      el(
        'g',
        { id: 's' },
        el('path', { d: 'M-40 0v9a40 12 0 0 0 80 0v-9z', fill: d }),
        el('path', { d: 'M-40 5a40 12 0 0 0 80 0', fill: 'none', stroke: '#000', 'stroke-opacity': 0.2 }),
        el('ellipse', { rx: 40, ry: 12, fill: 'url(#g)', stroke: d, 'stroke-width': 1.5 }),
        el('ellipse', { rx: 29, ry: 8, fill: 'none', stroke: d, 'stroke-opacity': 0.55, 'stroke-width': 2 }),
      ),
    );
    let s2 = '';
    for (let i = 0; i < n; i++)
      s2 += use('s', Math.round(x + (this.r() - 0.5) * 5 * s), y - i * 10 * s, 0, s);
    return s2;
  }

  /** Casino chip lying flat (radius 34), coloured with `color`. */
  chip(x: number, y: number, color: string, rot = 0, s = 1): string {
    this.def('k', () =>
      el(
        'g',
        { id: 'k' },
        el('path', { d: 'M-34 0v8a34 11 0 0 0 68 0v-8z', fill: 'currentColor' }),
        el('path', { d: 'M-34 0v8a34 11 0 0 0 68 0v-8z', fill: '#000', 'fill-opacity': 0.3 }),
        el('path', {
          d: 'M-34 4a34 11 0 0 0 68 0',
          fill: 'none',
          stroke: '#fff',
          'stroke-width': 5,
          'stroke-dasharray': '7 9',
        }),
        el('ellipse', { rx: 34, ry: 11, fill: 'currentColor' }),
        el('ellipse', {
          rx: 26,
          ry: 8,
          fill: 'none',
          stroke: '#fff',
          'stroke-width': 3.5,
          'stroke-dasharray': '6 5.5',
        }),
        el('ellipse', { rx: 17, ry: 5.5, fill: '#fff', 'fill-opacity': 0.25 }),
      ),
    );
    return use('k', x, y, rot, s, s, { color });
  }

  chips(x: number, y: number, n: number, color: string, s = 1): string {
    this.chip(0, 0, color);
    let o = '';
    for (let i = 0; i < n; i++) o += use('k', Math.round(x + (this.r() - 0.5) * 4), y - i * 9 * s, 0, s);
    return el('g', { color }, o);
  }

  /** Shiny ball of radius r in `color`. */
  ball(x: number, y: number, r: number, color: string): string {
    this.def('h', () =>
      rad(
        'h',
        [
          [0, '#fff', 0.9],
          [0.3, '#fff', 0.15],
          [0.7, '#000', 0],
          [1, '#000', 0.35],
        ],
        { cx: 0.35, cy: 0.3, r: 0.8 },
      ),
    );
    this.def('o', () =>
      el(
        'g',
        { id: 'o' },
        el('circle', { r: 10, fill: 'currentColor' }),
        el('circle', { r: 10, fill: 'url(#h)' }),
      ),
    );
    return use('o', x, y, 0, r / 10, r / 10, { color });
  }

  sparkle(x: number, y: number, s: number, color = this.t.gold[0]): string {
    this.def('sp', () =>
      el('path', { id: 'sp', d: 'M0-10Q1.3-1.3 10 0Q1.3 1.3 0 10Q-1.3 1.3-10 0Q-1.3-1.3 0-10Z' }),
    );
    return use('sp', x, y, 0, s, s, { fill: color });
  }

  sparkles(n: number, x0: number, x1: number, y0: number, y1: number): string {
    this.sparkle(0, 0, 1);
    let o = '';
    for (let i = 0; i < n; i++) {
      const x = Math.round(this.between(x0, x1));
      const y = Math.round(this.between(y0, y1));
      o += use('sp', x, y, 0, this.between(0.6, 1.8));
    }
    return el('g', { fill: this.t.gold[0] }, o);
  }

  /** Confetti strips, dots and curls scattered in an ellipse (or wherever `place` says). */
  confetti(
    n: number,
    cx: number,
    cy: number,
    rx: number,
    ry: number,
    colors: string[],
    place?: () => [number, number],
  ): string {
    const strips = new Map<string, string>();
    const curls = new Map<string, string>();
    for (let i = 0; i < n; i++) {
      let x: number;
      let y: number;
      if (place) [x, y] = place();
      else {
        const a = this.r() * Math.PI * 2;
        const d = Math.sqrt(this.r());
        x = cx + Math.cos(a) * rx * d;
        y = cy + Math.sin(a) * ry * d;
      }
      const col = pick(colors, this.r());
      const kind = this.r();
      const a = this.r() * Math.PI;
      const len = this.between(5, 11);
      if (kind < 0.85) {
        const seg = kind < 0.6 ? `l${num(Math.cos(a) * len, 0)} ${num(Math.sin(a) * len, 0)}` : 'h0';
        strips.set(col, `${strips.get(col) ?? ''}M${num(x, 0)} ${num(y, 0)}${seg}`);
      } else {
        curls.set(col, `${curls.get(col) ?? ''}M${num(x, 0)} ${num(y, 0)}q3-6 6 0t6 0`);
      }
    }
    let o = '';
    for (const [col, d] of strips) o += el('path', { d, stroke: col });
    for (const [col, d] of curls) o += el('path', { d, stroke: col, 'stroke-width': 2.5 });
    return el('g', { fill: 'none', 'stroke-width': 5, 'stroke-linecap': 'round' }, o);
  }

  suit(s: Suit): string {
    return this.def(`u${s}`, () => el('path', { id: `u${s}`, d: SUIT_D[s] }));
  }

  /** Playing card 96 x 136 centred on (x, y). */
  card(x: number, y: number, rot: number, rank: string, suit: Suit, s = 1): string {
    const col = suit === 'h' || suit === 'd' ? '#d62839' : '#1b1b22';
    const id = this.suit(suit);
    const cid = `n${rank}${suit}`;
    this.def(cid, () =>
      el(
        'g',
        { id: cid },
        text(rank, { x: -34, y: -40, 'font-size': rank.length > 1 ? 19 : 22, 'text-anchor': 'middle' }),
        use(id, -34, -24, 0, 0.42),
      ),
    );
    this.def('cb', () =>
      el(
        'g',
        { id: 'cb' },
        el('rect', { x: -44, y: -62, width: 96, height: 136, rx: 10, fill: '#000', 'fill-opacity': 0.3 }),
        el('rect', {
          x: -48,
          y: -68,
          width: 96,
          height: 136,
          rx: 10,
          fill: '#fffdf7',
          stroke: '#d9cfb8',
          'stroke-width': 2,
        }),
      ),
    );
    return el(
      'g',
      { transform: tf(x, y, rot, s), fill: col },
      use('cb', 0, 0),
      use(cid, 0, 0),
      use(cid, 0, 0, 180),
      use(id, 0, 2, 0, 1.3),
    );
  }
}

type Suit = 'h' | 'd' | 's' | 'c';

const SUIT_D: Record<Suit, string> = {
  h: 'M0 18C-6 12-20 4-20-6C-20-14-14-19-8-19C-4-19-1-16 0-13C1-16 4-19 8-19C14-19 20-14 20-6C20 4 6 12 0 18Z',
  d: 'M0-21Q8-9 16 0Q8 9 0 21Q-8 9-16 0Q-8-9 0-21Z',
  s: 'M0-20C-6-12-20-6-20 4C-20 11-14 15-8 15C-5 15-2 13-1 11L-5 20H5L1 11C2 13 5 15 8 15C14 15 20 11 20 4C20-6 6-12 0-20Z',
  c: 'M-1 4C-4 10-10 12-14 11C-20 10-22 2-18-2C-15-5-10-5-7-3C-10-6-10-12-6-16C-2-19 2-19 6-16C10-12 10-6 7-3C10-5 15-5 18-2C22 2 20 10 14 11C10 12 4 10 1 4L5 20H-5Z',
};

const SEVEN_D = 'M-28-40H30V-26Q4 6-2 40H-22Q-16 6 8-24H-28Z';

/* ------------------------------------------------------------------------------------------------ */
/* Banner backgrounds                                                                                */
/* ------------------------------------------------------------------------------------------------ */

/** Art is centred around x≈880 so it survives the xMidYMid slice crop on narrow screens. */
const AX = 880;
const AY = 200;

/** A palm frond along +x, drooping towards +y. */
function frondD(len: number, n: number): string {
  const c = { x: len * 0.5, y: -len * 0.1 };
  const e = { x: len, y: len * 0.22 };
  const at = (t: number): [number, number, number, number] => {
    const u = 1 - t;
    const x = 2 * u * t * c.x + t * t * e.x;
    const y = 2 * u * t * c.y + t * t * e.y;
    const dx = 2 * u * c.x + 2 * t * (e.x - c.x);
    const dy = 2 * u * c.y + 2 * t * (e.y - c.y);
    const l = Math.hypot(dx, dy);
    return [x, y, dx / l, dy / l];
  };
  let d = '';
  const stem: [number, number][] = [];
  const back: [number, number][] = [];
  for (let i = 0; i <= 8; i++) {
    const [x, y, dx, dy] = at(i / 8);
    const w = len * 0.014 * (1 - i / 9);
    stem.push([x - dy * w, y + dx * w]);
    back.unshift([x + dy * w, y - dx * w]);
  }
  d += poly([...stem, ...back], 0);
  for (let i = 1; i <= n; i++) {
    const t = 0.06 + (0.92 * i) / n;
    const [x, y, dx, dy] = at(t);
    const l = len * 0.34 * Math.sin(Math.PI * (0.12 + 0.8 * t)) * (1 - 0.3 * t);
    const w = len * 0.018;
    for (const side of [1, -1]) {
      const nx = -dy * side;
      const ny = dx * side;
      const tip: [number, number] = [x + (nx * 0.8 + dx * 0.6) * l, y + (ny * 0.8 + dy * 0.6) * l + l * 0.25];
      d += poly([[x - dx * w, y - dy * w], tip, [x + dx * w * 1.6, y + dy * w * 1.6]], 0);
    }
  }
  return d;
}

function palmTree(c: Ctx, x: number, y: number, h: number, lean: number, fill: string, op: number): string {
  c.def('f', () => el('path', { id: 'f', d: frondD(100, 11) }));
  const tx = x + lean;
  const ty = y - h;
  const trunk = `M${num(x - 12)} ${num(y)}Q${num(x + lean * 0.2)} ${num(y - h * 0.5)} ${num(tx - 5)} ${num(ty)}L${num(tx + 5)} ${num(ty)}Q${num(x + lean * 0.3 + 10)} ${num(y - h * 0.5)} ${num(x + 12)} ${num(y)}Z`;
  let fronds = '';
  for (const a of [-165, -130, -95, -60, -20, 160, 20])
    fronds += el('use', { href: '#f', transform: `rotate(${a})` });
  return el(
    'g',
    { fill, 'fill-opacity': op },
    el('path', { d: trunk }),
    el('g', { transform: tf(tx, ty, 0, h / 170) }, fronds),
  );
}

function palmMotif(c: Ctx): string {
  const { t } = c;
  c.def('p', () =>
    el(
      'pattern',
      { id: 'p', width: 22, height: 22, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      el('path', { d: 'M0 0V22', stroke: t.gold[1], 'stroke-opacity': 0.07, 'stroke-width': 1.5 }),
    ),
  );
  c.def('rg', () =>
    rad(
      'rg',
      [
        [0, t.gold[1], 0.16],
        [1, t.gold[1], 0],
      ],
      { cx: AX, cy: AY, r: 520, gradientUnits: 'userSpaceOnUse' },
    ),
  );
  // Sunburst: a circle stroked as wide as its diameter, dashed into 24 wedges.
  const R = 360;
  const period = (2 * Math.PI * R) / 24;
  return (
    el('rect', { width: 1200, height: 400, fill: 'url(#p)' }) +
    el('circle', {
      cx: AX,
      cy: AY,
      r: R,
      fill: 'none',
      stroke: 'url(#rg)',
      'stroke-width': 2 * R,
      'stroke-dasharray': `${num(period * 0.4)} ${num(period * 0.6)}`,
    }) +
    palmTree(c, 70, 430, 250, 40, t.bg[1], 0.7) +
    palmTree(c, 1190, 440, 330, -70, t.deep, 0.45)
  );
}

const PETAL_D = 'M0 0C-14-14-15-40 0-60C15-40 14-14 0 0Z';

function lotusFlower(s: number, x: number, y: number, fill: string, op: number, stroke?: string): string {
  let o = '';
  for (const a of [-78, 78, -52, 52, -26, 26, 0])
    o += use('q', 0, 0, a, a === 0 ? 1.05 : 1 - Math.abs(a) / 300);
  return el(
    'g',
    stroke
      ? { transform: tf(x, y, 0, s), fill: 'none', stroke, 'stroke-opacity': op, 'stroke-width': 2 / s }
      : { transform: tf(x, y, 0, s), fill, 'fill-opacity': op },
    o,
  );
}

function lotusMotif(c: Ctx): string {
  const { t } = c;
  c.def('q', () => el('path', { id: 'q', d: PETAL_D }));
  c.def('p', () =>
    el(
      'pattern',
      { id: 'p', width: 26, height: 26, patternUnits: 'userSpaceOnUse' },
      el('path', { d: 'M13 7l6 6-6 6-6-6z', fill: t.gold[1], 'fill-opacity': 0.06 }),
    ),
  );
  // Mandala behind the art: a quarter of each petal ring, repeated four times.
  let quarter = '';
  for (let i = 0; i < 4; i++) {
    quarter += el('use', { href: '#q', transform: `rotate(${num(i * 22.5)})translate(0 -115)scale(1.1)` });
  }
  for (let i = 0; i < 3; i++) {
    quarter += el('use', { href: '#q', transform: `rotate(${i * 30 + 15})translate(0 -40)scale(.95)` });
  }
  c.def('m', () => el('g', { id: 'm' }, quarter));
  let mandala = '';
  for (let i = 0; i < 4; i++)
    mandala += el('use', { href: '#m', transform: i ? `rotate(${i * 90})` : undefined });
  return (
    el('rect', { width: 1200, height: 400, fill: 'url(#p)' }) +
    el(
      'g',
      {
        fill: 'none',
        stroke: t.gold[1],
        'stroke-width': 1.6,
        'stroke-opacity': 0.18,
        transform: `translate(${AX} ${AY})`,
      },
      el('circle', { r: 190 }),
      el('circle', { r: 250, 'stroke-dasharray': '2 8' }),
      mandala,
    ) +
    lotusFlower(2.6, 110, 440, t.bg[2], 0.3) +
    lotusFlower(1.5, 1150, 418, t.gold[1], 0.45, t.gold[1])
  );
}

type Art = (c: Ctx) => string;

function banner(t: Theme, seed: string, art: Art): string {
  const c = new Ctx(t, seed);
  const motif = t.id === 'golden' ? palmMotif(c) : lotusMotif(c);
  const body = art(c);
  const head = [
    lin(
      'b',
      [
        [0, t.bg[0]],
        [0.5, t.bg[1]],
        [1, t.bg[2]],
      ],
      { x2: 1, y2: 0.5 },
    ),
    rad(
      'l',
      [
        [0, t.glow, 0.42],
        [1, t.glow, 0],
      ],
      { cx: AX, cy: AY, r: 380, gradientUnits: 'userSpaceOnUse' },
    ),
    lin(
      'sh',
      [
        [0, t.bg[0], 0.9],
        [0.4, t.bg[0], 0.62],
        [0.6, t.bg[0], 0],
      ],
      { x2: 1, y2: 0 },
    ),
  ].join('');
  return doc(
    1200,
    400,
    el('defs', {}, head, c.defsInner()) +
      el('rect', { width: 1200, height: 400, fill: 'url(#b)' }) +
      el('rect', { width: 1200, height: 400, fill: 'url(#l)' }) +
      motif +
      body +
      el('rect', { width: 1200, height: 400, fill: 'url(#sh)' }),
    { preserveAspectRatio: 'xMidYMid slice' },
  );
}

/* ------------------------------------------------------------------------------------------------ */
/* Banner illustrations                                                                              */
/* ------------------------------------------------------------------------------------------------ */

function cherry(c: Ctx): string {
  return c.def('ch', () =>
    el(
      'g',
      { id: 'ch' },
      el('path', {
        d: 'M-13 2Q-8-26 10-36M13 8Q14-16 10-36',
        fill: 'none',
        stroke: '#2f7d32',
        'stroke-width': 4,
        'stroke-linecap': 'round',
      }),
      el('path', { d: 'M10-36Q24-46 34-34Q20-28 10-36Z', fill: '#43a047' }),
      el('circle', { cx: -13, cy: 12, r: 15, fill: '#d81b3c' }),
      el('circle', { cx: 13, cy: 18, r: 15, fill: '#e8233f' }),
      el('circle', { cx: -18, cy: 7, r: 4, fill: '#fff', 'fill-opacity': 0.7 }),
      el('circle', { cx: 8, cy: 13, r: 4, fill: '#fff', 'fill-opacity': 0.7 }),
    ),
  );
}

function seven(c: Ctx): string {
  c.def('rd', () =>
    lin('rd', [
      [0, '#ff7a6b'],
      [1, '#b80f25'],
    ]),
  );
  return c.def('7', () =>
    el('path', {
      id: '7',
      d: SEVEN_D,
      fill: 'url(#rd)',
      stroke: '#4a0710',
      'stroke-width': 3,
      'stroke-linejoin': 'round',
    }),
  );
}

/** Three reels in a gold frame; `symbols` is the middle row (cherry or seven). */
function reels(c: Ctx, x: number, y: number, w: number, h: number, symbols: ('7' | 'ch')[]): string {
  const { t } = c;
  c.gold();
  cherry(c);
  seven(c);
  c.def('rl', () =>
    lin('rl', [
      [0, '#a8a29a'],
      [0.22, '#fff'],
      [0.78, '#fff'],
      [1, '#a8a29a'],
    ]),
  );
  const pad = 12;
  const rw = (w - pad * 4) / 3;
  const rects: string[] = [];
  let syms = '';
  symbols.forEach((sym, i) => {
    const rx = x + pad + i * (rw + pad);
    rects.push(el('rect', { x: rx, y: y + pad, width: rw, height: h - pad * 2, rx: 8 }));
    const cx = rx + rw / 2;
    const s = Math.min(rw, h) / 125;
    const other = sym === '7' ? 'ch' : '7';
    syms += use(sym, cx, y + h / 2, 0, s);
    syms += use(other, cx, y + h / 2 - h * 0.62, 0, s * 0.9);
    syms += use(other, cx, y + h / 2 + h * 0.62, 0, s * 0.9);
  });
  const clip = `cr${Math.round(x)}`;
  c.def(clip, () => el('clipPath', { id: clip }, ...rects));
  return (
    el('rect', { x: x - 10, y: y - 10, width: w + 20, height: h + 20, rx: 20, fill: 'url(#g)' }) +
    el('rect', { x, y, width: w, height: h, rx: 12, fill: '#170b05' }) +
    el(
      'g',
      { 'clip-path': `url(#${clip})` },
      el('rect', { x, y, width: w, height: h, fill: 'url(#rl)' }),
      syms,
      el('rect', { x, y, width: w, height: h * 0.22, fill: '#000', 'fill-opacity': 0.28 }),
      el('rect', { x, y: y + h * 0.78, width: w, height: h * 0.22, fill: '#000', 'fill-opacity': 0.28 }),
    ) +
    el('path', {
      d: `M${num(x + 4)} ${num(y + h / 2)}H${num(x + w - 4)}`,
      stroke: t.hot,
      'stroke-width': 3,
      'stroke-opacity': 0.85,
    })
  );
}

const artSlots: Art = (c) => {
  const { t } = c;
  c.gold();
  const bulbs: string[] = [];
  for (let i = 0; i <= 10; i++) {
    const u = i / 10;
    const x = (1 - u) * (1 - u) * 726 + 2 * u * (1 - u) * AX + u * u * 1034;
    const y = (1 - u) * (1 - u) * 90 + 2 * u * (1 - u) * -4 + u * u * 90;
    bulbs.push(`M${num(x, 0)} ${num(y, 0)}h0`);
  }
  return (
    el('ellipse', { cx: AX, cy: 366, rx: 210, ry: 18, fill: '#000', 'fill-opacity': 0.35 }) +
    el('path', { d: 'M716 96Q880-8 1044 96Z', fill: t.main, stroke: 'url(#g)', 'stroke-width': 8 }) +
    el('path', { d: bulbs.join(''), stroke: t.gold[0], 'stroke-width': 10, 'stroke-linecap': 'round' }) +
    el('rect', { x: 706, y: 86, width: 348, height: 262, rx: 26, fill: 'url(#g)' }) +
    el('rect', { x: 720, y: 100, width: 320, height: 234, rx: 18, fill: t.main }) +
    el('rect', { x: 720, y: 100, width: 320, height: 234, rx: 18, fill: '#000', 'fill-opacity': 0.25 }) +
    reels(c, 742, 124, 276, 140, ['7', '7', '7']) +
    el('circle', { cx: 800, cy: 302, r: 12, fill: t.hot }) +
    el('circle', { cx: 842, cy: 302, r: 12, fill: t.gold[1] }) +
    el('rect', { x: 892, y: 292, width: 96, height: 20, rx: 10, fill: t.cool }) +
    el('rect', { x: 1054, y: 176, width: 18, height: 50, rx: 6, fill: t.gold[2] }) +
    el('path', { d: 'M1064 200L1094 106', stroke: '#d7d7de', 'stroke-width': 9, 'stroke-linecap': 'round' }) +
    c.ball(1096, 98, 18, t.hot) +
    el('rect', {
      x: 738,
      y: 348,
      width: 284,
      height: 26,
      rx: 10,
      fill: t.deep,
      stroke: 'url(#g)',
      'stroke-width': 3,
    }) +
    c.coin(790, 352, 0.55, 0, 0.25) +
    c.coin(1070, 352, 0.7, -20) +
    c.coin(1118, 330, 0.55, 15, 0.35) +
    use(seven(c), 1140, 120, 14, 0.75) +
    use(cherry(c), 1138, 236, -10, 1) +
    use('ch', 676, 112, 12, 0.8) +
    c.sparkles(7, 680, 1170, 30, 370)
  );
};

function roulette(c: Ctx, cx: number, cy: number, r: number): string {
  const { t } = c;
  c.gold();
  let red = '';
  let black = '';
  let green = '';
  const n = 18;
  for (let i = 0; i < n; i++) {
    const a0 = (i * 360) / n - 90 - 10;
    const seg = ringSeg(cx, cy, r * 0.62, r * 0.84, a0, a0 + 360 / n);
    if (i === 0) green += seg;
    else if (i % 2) red += seg;
    else black += seg;
  }
  let spokes = '';
  for (let i = 0; i < 4; i++) {
    spokes += el('rect', {
      x: -4,
      y: -r * 0.42,
      width: 8,
      height: r * 0.84,
      rx: 4,
      transform: `translate(${cx} ${cy}) rotate(${i * 45 + 22})`,
    });
  }
  return (
    el('ellipse', { cx, cy: cy + r * 1.04, rx: r * 1.05, ry: r * 0.13, fill: '#000', 'fill-opacity': 0.35 }) +
    el('circle', { cx, cy, r, fill: 'url(#g)' }) +
    el('circle', { cx, cy, r: r * 0.92, fill: '#3b1d10' }) +
    el('path', { d: red, fill: '#d22b33' }) +
    el('path', { d: black, fill: '#15151b' }) +
    el('path', { d: green, fill: '#139a55' }) +
    el(
      'g',
      { fill: 'none', stroke: t.gold[1], 'stroke-width': 2 },
      el('circle', { cx, cy, r: r * 0.84 }),
      el('circle', { cx, cy, r: r * 0.62 }),
    ) +
    el('circle', { cx, cy, r: r * 0.6, fill: 'url(#g)' }) +
    el('circle', { cx, cy, r: r * 0.48, fill: t.main }) +
    el('circle', { cx, cy, r: r * 0.48, fill: '#000', 'fill-opacity': 0.2 }) +
    el('g', { fill: t.gold[1] }, spokes) +
    el('circle', { cx, cy, r: r * 0.12, fill: t.gold[0], stroke: t.gold[2], 'stroke-width': 2 }) +
    el('circle', { cx: cx + r * 0.57, cy: cy - r * 0.5, r: r * 0.06, fill: '#fff' })
  );
}

const artLive: Art = (c) => {
  const { t } = c;
  return (
    roulette(c, 920, 180, 128) +
    c.card(770, 268, -16, 'A', 's') +
    c.card(836, 282, 7, 'K', 'h') +
    c.chips(1048, 350, 5, t.hot) +
    c.chips(1124, 364, 3, t.gold[1]) +
    c.chips(990, 372, 2, t.cool) +
    c.chip(1110, 120, t.main2, 24, 0.9) +
    c.chip(690, 110, t.hot, -18, 0.7) +
    c.sparkles(6, 690, 1170, 30, 370)
  );
};

const FISH_BODY = 'M-130 0C-104-62 0-88 80-30L150-72C138-26 138 26 150 72L80 30C0 88-104 62-130 0Z';

function fish(c: Ctx): string {
  const { t } = c;
  c.def('fg', () =>
    lin('fg', [
      [0, t.gold[0]],
      [0.5, '#ffb23f'],
      [1, '#e0651c'],
    ]),
  );
  c.def('fc', () => el('clipPath', { id: 'fc' }, el('path', { d: FISH_BODY })));
  let scales = '';
  for (let x = -46; x <= 56; x += 20) {
    for (let y = -30; y <= 30; y += 20) scales += `M${x + (y % 40 ? 10 : 0)} ${y - 9}q-8 9 0 18`;
  }
  return el(
    'g',
    { id: 'fi' },
    el('path', { d: 'M-50-56C-30-106 32-104 58-42Z', fill: '#ff8a3d', 'fill-opacity': 0.9 }),
    el('path', { d: 'M-30 54C-20 86 12 94 26 58Z', fill: '#ff8a3d', 'fill-opacity': 0.9 }),
    el('path', { d: FISH_BODY, fill: 'url(#fg)', stroke: '#b24a0e', 'stroke-width': 3 }),
    el(
      'g',
      { 'clip-path': 'url(#fc)', fill: t.hot, 'fill-opacity': 0.85 },
      el('ellipse', { cx: -6, cy: -44, rx: 44, ry: 20, transform: 'rotate(-8)' }),
      el('ellipse', { cx: 58, cy: 8, rx: 20, ry: 26 }),
      el('path', { d: 'M80-40L160-80V80L80 40Z' }),
    ),
    el('path', { d: scales, fill: 'none', stroke: '#9c3f0c', 'stroke-opacity': 0.35, 'stroke-width': 2 }),
    el('path', {
      d: 'M-84-38C-68-14-68 14-84 38',
      fill: 'none',
      stroke: '#9c3f0c',
      'stroke-opacity': 0.6,
      'stroke-width': 3,
    }),
    el('path', { d: 'M-62 8C-42 40-12 44 0 30C-20 26-40 18-62 8Z', fill: '#ffd08a', 'fill-opacity': 0.85 }),
    el('circle', { cx: -98, cy: -12, r: 12, fill: '#fff' }),
    el('circle', { cx: -101, cy: -12, r: 7, fill: '#111' }),
    el('circle', { cx: -103, cy: -15, r: 2.5, fill: '#fff' }),
    el('path', {
      d: 'M-128 6q7 4 14 1',
      fill: 'none',
      stroke: '#7a2e08',
      'stroke-width': 2.5,
      'stroke-linecap': 'round',
    }),
  );
}

const artFish: Art = (c) => {
  const { t } = c;
  c.def('fi', () => fish(c));
  const rays = el('path', {
    d: 'M760 0H820L700 400H560ZM900 0H940L930 400H830ZM1040 0H1110L1200 320V400H1120Z',
    fill: '#fff',
    'fill-opacity': 0.05,
  });
  let bubbles = '';
  for (let i = 0; i < 16; i++) {
    bubbles += el('circle', { cx: c.between(660, 1180), cy: c.between(20, 380), r: c.between(4, 14) });
  }
  const weed = (x: number, h: number, col: string): string =>
    el('path', {
      d: `M${x} 410q-18-${h / 4} 0-${h / 2}t0-${h / 2}`,
      fill: 'none',
      stroke: col,
      'stroke-width': 11,
      'stroke-linecap': 'round',
    });
  return (
    rays +
    weed(1030, 170, t.main2) +
    weed(1060, 120, t.main) +
    weed(1150, 200, t.main2) +
    weed(700, 110, t.main) +
    el(
      'g',
      { fill: '#fff', 'fill-opacity': 0.08, stroke: '#fff', 'stroke-opacity': 0.55, 'stroke-width': 2 },
      bubbles,
    ) +
    use('fi', 880, 210, -6, 1.15) +
    use('fi', 1090, 110, 8, -0.32, 0.32) +
    use('fi', 1100, 300, -4, 0.36, 0.36) +
    use('fi', 720, 330, 10, -0.26, 0.26) +
    el(
      'g',
      { fill: 'none', stroke: t.hot, 'stroke-width': 3.5 },
      el('circle', { cx: 1090, cy: 110, r: 36 }),
      el('circle', { cx: 1090, cy: 110, r: 6, fill: t.hot }),
      el('path', { d: 'M1090 62v22M1090 136v22M1042 110h22M1116 110h22' }),
    ) +
    c.coin(1000, 60, 0.55) +
    c.sparkles(5, 700, 1170, 30, 370)
  );
};

const artPvp: Art = (c) => {
  const { t } = c;
  const fan: [string, Suit][] = [
    ['10', 'h'],
    ['J', 'c'],
    ['Q', 'd'],
    ['K', 's'],
    ['A', 'h'],
  ];
  let cards = '';
  fan.forEach(([rank, suit], i) => {
    cards += el('g', { transform: `rotate(${(i - 2) * 16} ${AX} 420)` }, c.card(AX, 228, 0, rank, suit, 1.2));
  });
  c.gold();
  const crown = el('path', {
    d: 'M846 70L856 30L872 52L880 22L888 52L904 30L914 70Z',
    fill: 'url(#g)',
    stroke: t.gold[2],
    'stroke-width': 2,
    'stroke-linejoin': 'round',
  });
  return (
    el('ellipse', { cx: AX, cy: 370, rx: 230, ry: 20, fill: '#000', 'fill-opacity': 0.3 }) +
    crown +
    cards +
    c.chips(1068, 356, 6, t.hot) +
    c.chips(1140, 372, 3, t.gold[1]) +
    c.chips(706, 370, 4, t.main2) +
    c.chip(1120, 150, t.cool, -20, 0.8) +
    c.chip(1040, 70, t.gold[1], 18, 0.6) +
    c.sparkles(6, 700, 1170, 30, 360)
  );
};

function football(c: Ctx, cx: number, cy: number, r: number): string {
  c.def('bw', () =>
    rad(
      'bw',
      [
        [0, '#fff'],
        [0.6, '#eef0f2'],
        [1, '#9aa3ad'],
      ],
      { cx: 0.38, cy: 0.32, r: 0.75 },
    ),
  );
  const pent = (x: number, y: number, s: number, rot: number): [number, number][] => {
    const p: [number, number][] = [];
    for (let i = 0; i < 5; i++) {
      const a = ((rot + i * 72) * Math.PI) / 180;
      p.push([x + s * Math.cos(a), y + s * Math.sin(a)]);
    }
    return p;
  };
  const center = pent(cx, cy, r * 0.27, -90);
  let black = poly(center);
  let seams = '';
  const outer: [number, number][][] = [];
  for (let k = 0; k < 5; k++) {
    const a = -90 + k * 72;
    const ar = (a * Math.PI) / 180;
    const ox = cx + r * 0.86 * Math.cos(ar);
    const oy = cy + r * 0.86 * Math.sin(ar);
    const p = pent(ox, oy, r * 0.27, a + 180);
    outer.push(p);
    black += poly(p);
    const cv = center[k];
    const pv = p[0];
    if (cv && pv) seams += `M${num(cv[0])} ${num(cv[1])}L${num(pv[0])} ${num(pv[1])}`;
  }
  for (let k = 0; k < 5; k++) {
    const a = outer[k]?.[1];
    const b = outer[(k + 1) % 5]?.[4];
    if (a && b) seams += `M${num(a[0])} ${num(a[1])}L${num(b[0])} ${num(b[1])}`;
  }
  const clip = `bc${cx}`;
  c.def(clip, () => el('clipPath', { id: clip }, el('circle', { cx, cy, r })));
  return (
    el('circle', { cx, cy, r, fill: 'url(#bw)' }) +
    el(
      'g',
      { 'clip-path': `url(#${clip})` },
      el('path', { d: seams, stroke: '#3b4148', 'stroke-width': r * 0.035, fill: 'none' }),
      el('path', {
        d: black,
        fill: '#1d2127',
        stroke: '#1d2127',
        'stroke-width': r * 0.05,
        'stroke-linejoin': 'round',
      }),
    ) +
    el('circle', { cx, cy, r, fill: 'none', stroke: '#000', 'stroke-opacity': 0.25, 'stroke-width': 2 }) +
    el('ellipse', {
      cx: cx - r * 0.35,
      cy: cy - r * 0.45,
      rx: r * 0.28,
      ry: r * 0.14,
      fill: '#fff',
      'fill-opacity': 0.5,
      transform: `rotate(-35 ${num(cx - r * 0.35)} ${num(cy - r * 0.45)})`,
    })
  );
}

/** Stadium floodlight with its beam, lamp centred on (x, y). */
function floodlight(c: Ctx, x: number, y: number, rot: number): string {
  c.def('fl', () =>
    el(
      'g',
      { id: 'fl' },
      el('path', { d: 'M-30 10L30 10L110 400H-110Z', fill: '#fff', 'fill-opacity': 0.06 }),
      el('rect', {
        x: -36,
        y: -16,
        width: 72,
        height: 32,
        rx: 6,
        fill: '#1b2028',
        stroke: '#aab3bd',
        'stroke-width': 2,
      }),
      el('path', {
        d: 'M-24-6h0M-8-6h0M8-6h0M24-6h0M-24 6h0M-8 6h0M8 6h0M24 6h0',
        stroke: '#fffbe6',
        'stroke-width': 11,
        'stroke-linecap': 'round',
      }),
    ),
  );
  return use('fl', x, y, rot);
}

const artSports: Art = (c) => {
  const { t } = c;
  let stripes = '';
  for (let i = -6; i < 7; i += 2) {
    stripes += poly([
      [AX + i * 40, 262],
      [AX + (i + 1) * 40, 262],
      [AX + (i + 1) * 150, 400],
      [AX + i * 150, 400],
    ]);
  }
  c.def('n', () =>
    el(
      'pattern',
      { id: 'n', width: 14, height: 14, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      el('path', { d: 'M0 0V14M0 0H14', stroke: '#fff', 'stroke-opacity': 0.35, 'stroke-width': 1.5 }),
    ),
  );
  return (
    el('path', { d: 'M560 262H1200V400H380Z', fill: t.main2, 'fill-opacity': 0.12 }) +
    el('path', { d: stripes, fill: t.main2, 'fill-opacity': 0.1 }) +
    el(
      'g',
      { fill: 'none', stroke: '#fff', 'stroke-opacity': 0.4, 'stroke-width': 3 },
      el('path', { d: 'M560 262H1200M440 330H1200' }),
      el('ellipse', { cx: AX, cy: 330, rx: 190, ry: 44 }),
    ) +
    el('rect', { x: 1086, y: 176, width: 160, height: 120, fill: 'url(#n)' }) +
    el('path', {
      d: 'M1086 298V176H1260',
      fill: 'none',
      stroke: '#fff',
      'stroke-width': 8,
      'stroke-linejoin': 'round',
    }) +
    floodlight(c, 760, 30, -14) +
    floodlight(c, 1030, 26, 12) +
    el(
      'g',
      { stroke: '#fff', 'stroke-linecap': 'round', 'stroke-opacity': 0.35, 'stroke-width': 6 },
      el('path', { d: 'M700 140H770M670 180H760M710 220H776' }),
    ) +
    el('ellipse', { cx: 890, cy: 306, rx: 84, ry: 14, fill: '#000', 'fill-opacity': 0.4 }) +
    football(c, 880, 176, 96) +
    c.sparkles(5, 700, 1170, 40, 250)
  );
};

const CONTROLLER_D =
  'M-110-62H110C150-62 166-22 172 20C180 82 160 112 130 112C104 112 96 82 70 66H-70C-96 82-104 112-130 112C-160 112-180 82-172 20C-166-22-150-62-110-62Z';

const artEsports: Art = (c) => {
  const { t } = c;
  const [n1, n2] = t.neon;
  c.def('bl', () =>
    el(
      'filter',
      { id: 'bl', x: '-30%', y: '-30%', width: '160%', height: '160%' },
      el('feGaussianBlur', { stdDeviation: 9 }),
    ),
  );
  let grid = '';
  const vy = 248;
  for (const y of [266, 282, 303, 330, 362, 400]) grid += `M520 ${y}H1200`;
  for (let k = -8; k <= 8; k++) {
    const xb = AX + k * 120;
    const x0 = AX + ((xb - AX) * (262 - vy)) / (400 - vy);
    grid += `M${num(x0)} 262L${num(xb)} 400`;
  }
  const btn = (x: number, y: number, col: string): string => el('circle', { cx: x, cy: y, r: 12, fill: col });
  return (
    el('path', { d: grid, stroke: n1, 'stroke-opacity': 0.4, 'stroke-width': 1.6, fill: 'none' }) +
    el('circle', {
      cx: AX,
      cy: 180,
      r: 150,
      fill: 'none',
      stroke: n2,
      'stroke-width': 3,
      'stroke-opacity': 0.55,
    }) +
    el('circle', {
      cx: AX,
      cy: 180,
      r: 150,
      fill: 'none',
      stroke: n2,
      'stroke-width': 12,
      'stroke-opacity': 0.35,
      filter: 'url(#bl)',
    }) +
    el(
      'g',
      { transform: tf(AX, 196, -4) },
      el('path', { d: CONTROLLER_D, fill: 'none', stroke: n1, 'stroke-width': 12, filter: 'url(#bl)' }),
      el('path', { d: CONTROLLER_D, fill: '#120f22', stroke: n1, 'stroke-width': 4 }),
      el('path', {
        d: 'M-104-16h18v-18h18v18h18v18h-18v18h-18v-18h-18z',
        transform: 'translate(-6 14)',
        fill: '#272540',
        stroke: n1,
        'stroke-width': 2,
      }),
      btn(96, -6, t.hot),
      btn(120, 18, t.gold[1]),
      btn(72, 18, t.cool),
      btn(96, 42, n1),
      el('circle', { cx: -46, cy: 62, r: 22, fill: '#232036', stroke: '#4b4868', 'stroke-width': 3 }),
      el('circle', { cx: 46, cy: 62, r: 22, fill: '#232036', stroke: '#4b4868', 'stroke-width': 3 }),
      el('rect', { x: -32, y: -20, width: 24, height: 10, rx: 5, fill: '#4b4868' }),
      el('rect', { x: 8, y: -20, width: 24, height: 10, rx: 5, fill: '#4b4868' }),
      el('rect', { x: -40, y: -52, width: 80, height: 6, rx: 3, fill: n2 }),
    ) +
    el('path', {
      d: 'M1096 54L1068 116H1092L1078 170L1126 96H1100L1114 54Z',
      fill: n2,
      stroke: t.gold[0],
      'stroke-width': 2,
    }) +
    el(
      'g',
      { fill: 'none', stroke: n1, 'stroke-width': 3, 'stroke-opacity': 0.8 },
      el('path', { d: starD(700, 96, 22, 19, 3, -90) }),
      el('path', {
        d: poly([
          [1120, 290],
          [1140, 302],
          [1140, 326],
          [1120, 338],
          [1100, 326],
          [1100, 302],
        ]),
      }),
    ) +
    c.sparkles(5, 700, 1170, 30, 250)
  );
};

const BALL_COLORS = ['#e53946', '#f4b400', '#1e88e5', '#43a047', '#8e44ad', '#fb8c00', '#00acc1'];

function numberedBall(c: Ctx, x: number, y: number, r: number, col: string, n: number): string {
  return (
    c.ball(x, y, r, col) +
    el('circle', { cx: x - r * 0.06, cy: y - r * 0.04, r: r * 0.56, fill: '#fff' }) +
    text(String(n), {
      x: x - r * 0.06,
      y: y - r * 0.04,
      dy: '.35em',
      'font-size': r * 0.62,
      'text-anchor': 'middle',
      fill: '#1c1c24',
    })
  );
}

const artLott: Art = (c) => {
  const { t } = c;
  c.gold();
  const cx = 860;
  const cy = 160;
  const R = 116;
  let inside = '';
  // A pile of balls at the bottom of the drum and a few tumbling above it.
  for (let row = 0; row < 3; row++) {
    const y = cy + R - 26 - row * 30;
    const half = Math.sqrt((R - 22) ** 2 - (y - cy) ** 2);
    for (let x = cx - half + (row % 2) * 18; x <= cx + half; x += 38) {
      inside += c.ball(x + c.between(-4, 4), y + c.between(-3, 3), 20, pick(BALL_COLORS, c.r()));
    }
  }
  inside +=
    c.ball(cx - 40, cy - 50, 18, BALL_COLORS[2] ?? '#1e88e5') +
    c.ball(cx + 30, cy - 70, 17, BALL_COLORS[0] ?? '#e53946') +
    c.ball(cx + 62, cy - 14, 18, BALL_COLORS[1] ?? '#f4b400');
  c.def('gl', () =>
    rad(
      'gl',
      [
        [0, '#fff', 0.04],
        [0.8, '#fff', 0.1],
        [1, '#fff', 0.3],
      ],
      {},
    ),
  );
  const clip = 'dc';
  c.def(clip, () => el('clipPath', { id: clip }, el('circle', { cx, cy, r: R - 4 })));
  return (
    el('ellipse', { cx, cy: 370, rx: 160, ry: 14, fill: '#000', 'fill-opacity': 0.35 }) +
    el('path', { d: 'M836 270H884L928 352H792Z', fill: 'url(#g)' }) +
    el('rect', { x: 770, y: 346, width: 180, height: 20, rx: 8, fill: t.gold[2] }) +
    el('circle', { cx, cy, r: R, fill: t.deep, 'fill-opacity': 0.35 }) +
    el('g', { 'clip-path': `url(#${clip})` }, inside) +
    el('circle', { cx, cy, r: R, fill: 'url(#gl)' }) +
    el('path', {
      d: 'M772 110A100 100 0 0 1 850 48',
      fill: 'none',
      stroke: '#fff',
      'stroke-opacity': 0.55,
      'stroke-width': 8,
      'stroke-linecap': 'round',
    }) +
    el('ellipse', {
      cx,
      cy,
      rx: R,
      ry: 26,
      fill: 'none',
      stroke: t.gold[1],
      'stroke-opacity': 0.55,
      'stroke-width': 3,
    }) +
    el('circle', { cx, cy, r: R, fill: 'none', stroke: 'url(#g)', 'stroke-width': 9 }) +
    el('circle', { cx, cy: cy - R, r: 10, fill: 'url(#g)' }) +
    numberedBall(c, 1010, 330, 42, t.hot, 8) +
    numberedBall(c, 1094, 292, 36, '#f4b400', 23) +
    numberedBall(c, 1150, 350, 32, t.main2, 41) +
    numberedBall(c, 728, 338, 30, '#1e88e5', 5) +
    c.sparkles(6, 700, 1170, 30, 260)
  );
};

const ROOSTER_D =
  'M58-199C68-203 76-196 76-190L92-184L75-179C74-170 72-160 74-150C78-135 90-118 86-98C82-74 62-60 40-56C20-52-10-58-30-70C-55-82-80-84-104-80C-118-92-126-118-124-140C-118-128-108-120-98-118C-108-150-100-196-124-224C-86-204-68-164-52-138C-30-126-5-124 16-130C28-150 36-176 46-192C50-197 54-199 58-199Z';

/** A fighting rooster facing right (or left when flipped), standing on (x, y). */
function rooster(c: Ctx, x: number, y: number, flip: boolean, body: string, tail: string): string {
  const { t } = c;
  return el(
    'g',
    { transform: tf(x, y, 0, flip ? -1.05 : 1.05, 1.05) },
    el('ellipse', { cx: 20, cy: 2, rx: 74, ry: 9, fill: '#000', 'fill-opacity': 0.35 }),
    el('path', {
      d: 'M28-60L22 0M46-60L48 0M8 0H30M38 0H62M24-24L15-20M46-24L38-20',
      stroke: t.gold[2],
      'stroke-width': 6,
      'stroke-linecap': 'round',
      fill: 'none',
    }),
    el('path', {
      d: 'M-60-130C-70-214-140-252-166-170C-150-220-92-204-76-128ZM-84-116C-104-190-160-206-176-126C-162-176-116-172-98-112ZM-100-88C-130-128-172-128-180-74C-164-108-132-106-112-82Z',
      fill: tail,
    }),
    el('path', { d: ROOSTER_D, fill: body, stroke: t.deep, 'stroke-opacity': 0.5, 'stroke-width': 2 }),
    el('path', {
      d: 'M46-192L34-166L42-168L28-146L38-148L24-128C40-132 58-146 64-164C62-176 56-190 46-192Z',
      fill: '#fff',
      'fill-opacity': 0.22,
    }),
    el('path', { d: 'M-34-116C6-128 50-112 50-86C24-70-14-78-34-116Z', fill: '#000', 'fill-opacity': 0.25 }),
    el('path', {
      d: 'M-26-108C4-112 30-104 40-90',
      fill: 'none',
      stroke: '#fff',
      'stroke-opacity': 0.25,
      'stroke-width': 3,
    }),
    el('path', { d: 'M44-196Q42-214 54-206Q56-222 66-208Q74-220 78-202Q84-200 76-190Z', fill: '#e3262f' }),
    el('path', { d: 'M74-178Q82-160 70-158Q64-168 70-180Z', fill: '#e3262f' }),
    el('circle', { cx: 64, cy: -189, r: 3.5, fill: '#fff' }),
    el('circle', { cx: 65, cy: -189, r: 1.6, fill: '#111' }),
  );
}

const artCockfight: Art = (c) => {
  const { t } = c;
  c.def('spot', () =>
    lin('spot', [
      [0, '#fff', 0.16],
      [1, '#fff', 0],
    ]),
  );
  c.def('ra', () =>
    lin('ra', [
      [0, '#ff6a3d'],
      [0.5, '#c0262c'],
      [1, '#5e0b14'],
    ]),
  );
  c.gold();
  const feather = (x: number, y: number, rot: number): string =>
    el('path', {
      d: 'M0-16C8-8 8 8 0 16C-8 8-8-8 0-16ZM0-16V22',
      transform: tf(x, y, rot),
      fill: t.gold[0],
      'fill-opacity': 0.8,
      stroke: t.gold[2],
      'stroke-width': 1.5,
    });
  return (
    el('path', { d: 'M820 0H940L1170 400H590Z', fill: 'url(#spot)' }) +
    el('ellipse', {
      cx: AX,
      cy: 350,
      rx: 320,
      ry: 46,
      fill: t.gold[1],
      'fill-opacity': 0.14,
      stroke: t.gold[1],
      'stroke-opacity': 0.4,
      'stroke-width': 3,
    }) +
    el('ellipse', {
      cx: AX,
      cy: 350,
      rx: 240,
      ry: 32,
      fill: 'none',
      stroke: t.gold[1],
      'stroke-opacity': 0.25,
      'stroke-width': 2,
    }) +
    el('path', { d: starD(AX, 170, 54, 18, 8, -90), fill: t.gold[0], 'fill-opacity': 0.9 }) +
    el('circle', { cx: AX, cy: 170, r: 14, fill: '#fff' }) +
    rooster(c, 760, 346, false, 'url(#ra)', '#3a0a12') +
    rooster(c, 1000, 346, true, 'url(#g)', t.gold[2]) +
    feather(872, 90, 30) +
    feather(920, 250, -50) +
    feather(830, 260, 70) +
    feather(1100, 120, -20) +
    c.sparkles(6, 700, 1170, 30, 300)
  );
};

function gift(
  c: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  box: string,
  ribbon: string,
  rot = 0,
): string {
  const lidH = h * 0.26;
  const rw = w * 0.16;
  return el(
    'g',
    { transform: tf(x, y, rot) },
    el('ellipse', { cx: 0, cy: h / 2 + 4, rx: w * 0.6, ry: 10, fill: '#000', 'fill-opacity': 0.3 }),
    el('rect', { x: -w / 2, y: -h / 2 + lidH, width: w, height: h - lidH, rx: 4, fill: box }),
    el('rect', {
      x: w * 0.18,
      y: -h / 2 + lidH,
      width: w * 0.32,
      height: h - lidH,
      fill: '#000',
      'fill-opacity': 0.16,
    }),
    el('rect', { x: -w / 2 - w * 0.06, y: -h / 2, width: w * 1.12, height: lidH, rx: 6, fill: box }),
    el('rect', {
      x: -w / 2 - w * 0.06,
      y: -h / 2,
      width: w * 1.12,
      height: lidH,
      rx: 6,
      fill: '#fff',
      'fill-opacity': 0.14,
    }),
    el('rect', { x: -rw / 2, y: -h / 2, width: rw, height: h, fill: ribbon }),
    el('path', {
      d: `M0 ${num(-h / 2)}C${num(-w * 0.2)} ${num(-h / 2 - w * 0.34)} ${num(-w * 0.46)} ${num(-h / 2 - w * 0.12)} 0 ${num(-h / 2)}ZM0 ${num(-h / 2)}C${num(w * 0.2)} ${num(-h / 2 - w * 0.34)} ${num(w * 0.46)} ${num(-h / 2 - w * 0.12)} 0 ${num(-h / 2)}Z`,
      fill: ribbon,
      stroke: '#000',
      'stroke-opacity': 0.15,
      'stroke-width': 2,
    }),
    el('circle', { cx: 0, cy: -h / 2, r: rw * 0.55, fill: ribbon }),
  );
}

const artPromotion: Art = (c) => {
  const { t } = c;
  c.gold();
  return (
    c.confetti(30, AX, 150, 320, 150, [t.hot, t.gold[1], t.cool, t.main2, '#ffffff']) +
    c.coin(820, 92, 0.8, -15) +
    c.coin(950, 60, 0.65, 12) +
    c.coin(1010, 128, 0.7, 0, 0.3) +
    gift(c, 730, 300, 120, 100, t.main2, t.gold[1], -6) +
    gift(c, 1056, 292, 130, 116, t.hot, t.gold[0], 7) +
    gift(c, AX, 262, 190, 170, 'url(#g)', t.hot) +
    c.sparkles(7, 700, 1170, 30, 380)
  );
};

const artShop: Art = (c) => {
  const { t } = c;
  c.gold();
  c.def('bg2', () =>
    lin(
      'bg2',
      [
        [0, t.main2],
        [1, t.main],
      ],
      { x2: 1, y2: 1 },
    ),
  );
  return (
    el('ellipse', { cx: 870, cy: 362, rx: 140, ry: 14, fill: '#000', 'fill-opacity': 0.35 }) +
    el('path', {
      d: 'M808 150C808 60 932 60 932 150',
      fill: 'none',
      stroke: 'url(#g)',
      'stroke-width': 12,
      'stroke-linecap': 'round',
    }) +
    el('path', { d: 'M780 140H960L984 356H756Z', fill: 'url(#bg2)' }) +
    el('path', { d: 'M780 140H960L962 160H778Z', fill: '#000', 'fill-opacity': 0.2 }) +
    el('path', { d: 'M930 140H960L984 356H948Z', fill: '#000', 'fill-opacity': 0.15 }) +
    el('circle', { cx: 808, cy: 168, r: 6, fill: t.deep }) +
    el('circle', { cx: 932, cy: 168, r: 6, fill: t.deep }) +
    el('circle', { cx: 870, cy: 260, r: 52, fill: 'url(#g)', stroke: t.gold[2], 'stroke-width': 3 }) +
    el('path', { d: starD(870, 262, 30, 13), fill: t.main, 'fill-opacity': 0.9 }) +
    c.stack(1040, 352, 7) +
    c.stack(1120, 364, 4) +
    c.coin(1060, 110, 0.8, 18) +
    c.coin(1134, 190, 0.6, -10, 0.3) +
    c.coin(700, 120, 0.6, 0) +
    el(
      'g',
      { transform: tf(708, 290, -24) },
      el('path', { d: 'M-40-22H24L44 0L24 22H-40Z', fill: t.hot }),
      el('circle', { cx: 22, cy: 0, r: 6, fill: t.bg[0] }),
      el('path', { d: starD(-10, 0, 12, 5), fill: '#fff' }),
    ) +
    c.sparkles(7, 700, 1170, 30, 380)
  );
};

const artHelp: Art = (c) => {
  const { t } = c;
  c.gold();
  c.def('bg2', () =>
    lin('bg2', [
      [0, t.main2],
      [1, t.main],
    ]),
  );
  return (
    el('path', { d: 'M700 400C700 300 760 270 840 262H900C980 270 1040 300 1040 400Z', fill: 'url(#bg2)' }) +
    el('path', { d: 'M840 262L870 320L900 262Z', fill: '#fff', 'fill-opacity': 0.85 }) +
    el('rect', { x: 850, y: 222, width: 40, height: 44, rx: 12, fill: '#d99b74' }) +
    el('ellipse', { cx: 870, cy: 182, rx: 60, ry: 68, fill: '#f2c29b' }) +
    el('path', {
      d: 'M808 196C798 124 836 106 872 106C912 106 944 130 932 196C924 156 898 140 872 140C846 140 820 152 808 196Z',
      fill: '#2a1a14',
    }) +
    el(
      'g',
      { fill: '#2a1a14' },
      el('circle', { cx: 848, cy: 188, r: 5.5 }),
      el('circle', { cx: 892, cy: 188, r: 5.5 }),
    ) +
    el(
      'g',
      { fill: '#ff7a7a', 'fill-opacity': 0.35 },
      el('circle', { cx: 836, cy: 208, r: 9 }),
      el('circle', { cx: 904, cy: 208, r: 9 }),
    ) +
    el('path', {
      d: 'M852 214Q870 230 888 214',
      fill: 'none',
      stroke: '#a5472f',
      'stroke-width': 4,
      'stroke-linecap': 'round',
    }) +
    el('path', {
      d: 'M784 190C784 70 956 70 956 190',
      fill: 'none',
      stroke: 'url(#g)',
      'stroke-width': 16,
      'stroke-linecap': 'round',
    }) +
    el('rect', {
      x: 770,
      y: 160,
      width: 34,
      height: 70,
      rx: 16,
      fill: t.deep,
      stroke: t.gold[1],
      'stroke-width': 4,
    }) +
    el('rect', {
      x: 936,
      y: 160,
      width: 34,
      height: 70,
      rx: 16,
      fill: t.deep,
      stroke: t.gold[1],
      'stroke-width': 4,
    }) +
    el('path', {
      d: 'M786 228C790 268 820 276 856 272',
      fill: 'none',
      stroke: t.gold[1],
      'stroke-width': 7,
      'stroke-linecap': 'round',
    }) +
    el('rect', { x: 852, y: 262, width: 30, height: 20, rx: 10, fill: t.hot }) +
    el('path', {
      d: 'M1000 44H1140A24 24 0 0 1 1164 68V140A24 24 0 0 1 1140 164H1040L1012 188L1016 164H1000A24 24 0 0 1 976 140V68A24 24 0 0 1 1000 44Z',
      fill: '#fff',
    }) +
    el('path', {
      d: 'M1050 86A20 20 0 1 1 1078 104Q1070 110 1070 122',
      fill: 'none',
      stroke: t.main,
      'stroke-width': 11,
      'stroke-linecap': 'round',
    }) +
    el('circle', { cx: 1070, cy: 143, r: 7, fill: t.main }) +
    el('rect', { x: 1040, y: 230, width: 110, height: 60, rx: 30, fill: 'url(#g)' }) +
    el(
      'g',
      { fill: t.deep },
      el('circle', { cx: 1070, cy: 260, r: 7 }),
      el('circle', { cx: 1095, cy: 260, r: 7 }),
      el('circle', { cx: 1120, cy: 260, r: 7 }),
    ) +
    c.sparkles(5, 700, 1170, 30, 380)
  );
};

const artReg: Art = (c) => {
  const { t } = c;
  const colors = [t.hot, t.gold[1], t.cool, t.main2, '#fff'];
  const confetti = c.confetti(52, 0, 0, 0, 0, colors, () => {
    const a = (c.between(-95, 5) * Math.PI) / 180;
    const d = c.between(50, 330);
    return [830 + Math.cos(a) * d * 1.1, 280 + Math.sin(a) * d * 0.85];
  });
  const streamer = (d: string, col: string): string =>
    el('path', { d, fill: 'none', stroke: col, 'stroke-width': 5, 'stroke-linecap': 'round' });
  const balloon = (x: number, y: number, col: string): string =>
    el('path', {
      d: `M${x} ${y + 52}q-8 30 6 56t-4 60`,
      fill: 'none',
      stroke: '#fff',
      'stroke-opacity': 0.6,
      'stroke-width': 2,
    }) +
    el('ellipse', { cx: x, cy: y, rx: 38, ry: 48, fill: col }) +
    el('path', { d: `M${x - 6} ${y + 46}h12l-6 10z`, fill: col }) +
    el('ellipse', {
      cx: x - 14,
      cy: y - 18,
      rx: 8,
      ry: 14,
      fill: '#fff',
      'fill-opacity': 0.35,
      transform: `rotate(25 ${x - 14} ${y - 18})`,
    });
  c.gold();
  return (
    el('path', { d: starD(900, 170, 150, 60, 12, -90), fill: t.gold[1], 'fill-opacity': 0.12 }) +
    confetti +
    streamer('M840 260q30-60 80-40t70-60', t.hot) +
    streamer('M846 270q60-10 90 30t90 0', t.gold[1]) +
    streamer('M830 250q-10-70 40-100t30-80', t.cool) +
    el(
      'g',
      { transform: tf(752, 356, -40) },
      el('path', { d: 'M0 0L120-40Q134 0 120 40Z', fill: 'url(#g)' }),
      el('path', { d: 'M40-13.3L60 20M80-26.6L100 33', stroke: t.hot, 'stroke-width': 10 }),
      el('ellipse', { cx: 120, cy: 0, rx: 10, ry: 40, fill: t.gold[2] }),
    ) +
    balloon(1060, 120, t.hot) +
    balloon(1130, 160, t.gold[1]) +
    balloon(1004, 180, t.main2) +
    c.sparkles(6, 700, 1170, 30, 380)
  );
};

const artRegister: Art = (c) => {
  const { t } = c;
  c.gold();
  c.def('cg', () =>
    lin(
      'cg',
      [
        [0, t.main2],
        [1, t.main],
      ],
      { x2: 1, y2: 1 },
    ),
  );
  return (
    c.confetti(34, AX, 190, 330, 180, [t.hot, t.gold[1], t.cool, '#fff']) +
    el(
      'g',
      { transform: tf(870, 210, -7) },
      el('rect', { x: -146, y: -86, width: 300, height: 184, rx: 22, fill: '#000', 'fill-opacity': 0.3 }),
      el('rect', {
        x: -150,
        y: -92,
        width: 300,
        height: 184,
        rx: 22,
        fill: 'url(#cg)',
        stroke: 'url(#g)',
        'stroke-width': 4,
      }),
      el('path', { d: 'M-150-40H150', stroke: '#fff', 'stroke-opacity': 0.15, 'stroke-width': 30 }),
      el('circle', { cx: -80, cy: 10, r: 44, fill: '#fff', 'fill-opacity': 0.92 }),
      el('circle', { cx: -80, cy: -2, r: 16, fill: t.main }),
      el('path', { d: 'M-108 38C-104 16-56 16-52 38Z', fill: t.main }),
      el('rect', { x: -16, y: -14, width: 130, height: 14, rx: 7, fill: '#fff', 'fill-opacity': 0.85 }),
      el('rect', { x: -16, y: 12, width: 96, height: 12, rx: 6, fill: '#fff', 'fill-opacity': 0.5 }),
      el('rect', { x: -16, y: 36, width: 112, height: 12, rx: 6, fill: '#fff', 'fill-opacity': 0.5 }),
      el('rect', { x: 90, y: -76, width: 40, height: 30, rx: 6, fill: 'url(#g)' }),
    ) +
    el('circle', { cx: 1020, cy: 104, r: 38, fill: '#22c55e', stroke: '#fff', 'stroke-width': 5 }) +
    el('path', {
      d: 'M1002 104L1016 118L1040 92',
      fill: 'none',
      stroke: '#fff',
      'stroke-width': 8,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }) +
    gift(c, 1086, 318, 100, 90, t.hot, t.gold[1], 8) +
    c.stack(740, 356, 4, 0.9) +
    c.coin(730, 270, 0.6, -10) +
    c.sparkles(6, 700, 1170, 30, 380)
  );
};

function bonusCoins(crown: boolean): Art {
  return (c) => {
    const { t } = c;
    c.gold();
    let o =
      el('circle', { cx: 900, cy: 150, r: 120, fill: t.gold[1], 'fill-opacity': 0.14 }) +
      c.stack(760, 360, 5) +
      c.stack(850, 372, 8) +
      c.stack(1040, 370, 6) +
      c.stack(960, 362, 11) +
      c.coin(900, 150, 2.6) +
      c.coin(1090, 110, 1, 25, 0.45) +
      c.coin(770, 90, 0.8, -20) +
      c.coin(1130, 250, 0.7, 0) +
      c.coin(700, 230, 0.6, 10, 0.3);
    o += el(
      'g',
      { transform: tf(1124, 346, 0) },
      el('path', { d: 'M-44 0L-30-26H30L44 0Z', fill: 'url(#g)', stroke: t.gold[2], 'stroke-width': 2 }),
      el('path', { d: 'M-30-26L-24-36H24L30-26Z', fill: t.gold[0] }),
    );
    if (crown) {
      o += el('path', {
        d: 'M846 58L834 0L868 26L900-14L932 26L966 0L954 58Z',
        transform: 'translate(0 6)',
        fill: 'url(#g)',
        stroke: t.gold[2],
        'stroke-width': 3,
        'stroke-linejoin': 'round',
      });
      o += el(
        'g',
        { fill: t.hot },
        el('circle', { cx: 900, cy: 46, r: 7 }),
        el('circle', { cx: 866, cy: 50, r: 5 }),
        el('circle', { cx: 934, cy: 50, r: 5 }),
      );
    }
    return o + c.sparkles(9, 680, 1170, 20, 380);
  };
}

const artCashback: Art = (c) => {
  const { t } = c;
  c.gold();
  const cx = 1060;
  const cy = 190;
  const R = 86;
  const arc = (a0: number, a1: number): string => {
    const p = (a: number): string =>
      `${num(cx + R * Math.cos((a * Math.PI) / 180))} ${num(cy + R * Math.sin((a * Math.PI) / 180))}`;
    return `M${p(a0)}A${R} ${R} 0 0 1 ${p(a1)}`;
  };
  const head = (a: number): string => {
    const ar = (a * Math.PI) / 180;
    const x = cx + R * Math.cos(ar);
    const y = cy + R * Math.sin(ar);
    return el('path', { d: 'M-14-16L14 0L-14 16Z', transform: tf(x, y, a + 90), fill: t.gold[1] });
  };
  let rain = '';
  for (let i = 0; i < 6; i++)
    rain += c.coin(c.between(700, 1160), c.between(30, 110), c.between(0.35, 0.6), c.between(-30, 30), 0.3);
  return (
    rain +
    reels(c, 700, 150, 270, 130, ['ch', '7', 'ch']) +
    el('path', {
      d: arc(200, 330) + arc(20, 150),
      fill: 'none',
      stroke: t.gold[1],
      'stroke-width': 12,
      'stroke-linecap': 'round',
    }) +
    head(330) +
    head(150) +
    c.coin(cx, cy, 1.9) +
    c.stack(830, 372, 4) +
    c.stack(910, 364, 6) +
    c.sparkles(7, 700, 1170, 30, 380)
  );
};

const artApp: Art = (c) => {
  const { t } = c;
  c.gold();
  const tiles: string[] = [];
  const cols = [t.hot, t.main2, t.cool, t.gold[1], t.main, '#3b82f6'];
  for (let i = 0; i < 6; i++) {
    const x = -62 + (i % 3) * 44;
    const y = 10 + Math.floor(i / 3) * 48;
    tiles.push(el('rect', { x, y, width: 36, height: 40, rx: 8, fill: pick(cols, i / 6) }));
    tiles.push(el('circle', { cx: x + 18, cy: y + 17, r: 8, fill: '#fff', 'fill-opacity': 0.7 }));
  }
  return (
    el('ellipse', { cx: 880, cy: 372, rx: 130, ry: 14, fill: '#000', 'fill-opacity': 0.35 }) +
    el(
      'g',
      { transform: tf(880, 200, -9) },
      el('rect', {
        x: -92,
        y: -172,
        width: 184,
        height: 344,
        rx: 30,
        fill: '#14141a',
        stroke: 'url(#g)',
        'stroke-width': 5,
      }),
      el('rect', { x: -80, y: -158, width: 160, height: 316, rx: 20, fill: t.bg[0] }),
      el('rect', { x: -26, y: -152, width: 52, height: 10, rx: 5, fill: '#14141a' }),
      el('rect', { x: -80, y: -134, width: 160, height: 30, fill: 'url(#g)' }),
      el('circle', { cx: -60, cy: -119, r: 9, fill: t.deep }),
      el('rect', { x: -44, y: -124, width: 60, height: 10, rx: 5, fill: t.deep, 'fill-opacity': 0.6 }),
      el('rect', { x: -68, y: -94, width: 136, height: 90, rx: 10, fill: t.main }),
      el('path', {
        d: 'M-68-30Q0-70 68-56V-14A10 10 0 0 1 58-4H-58A10 10 0 0 1-68-14Z',
        fill: t.hot,
        'fill-opacity': 0.8,
      }),
      c.coin(32, -56, 0.8),
      ...tiles,
      el('rect', { x: -80, y: 118, width: 160, height: 40, fill: '#000', 'fill-opacity': 0.35 }),
      el(
        'g',
        { fill: t.gold[1] },
        el('circle', { cx: -50, cy: 138, r: 6 }),
        el('circle', { cx: -17, cy: 138, r: 6 }),
        el('circle', { cx: 17, cy: 138, r: 6 }),
        el('circle', { cx: 50, cy: 138, r: 6 }),
      ),
    ) +
    el('circle', { cx: 1030, cy: 290, r: 50, fill: 'url(#g)', stroke: t.gold[0], 'stroke-width': 4 }) +
    el('path', {
      d: 'M1030 262V306M1012 290L1030 308L1048 290M1008 320H1052',
      fill: 'none',
      stroke: t.deep,
      'stroke-width': 8,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }) +
    el('rect', { x: 972, y: 86, width: 150, height: 52, rx: 16, fill: '#fff', 'fill-opacity': 0.95 }) +
    c.coin(998, 112, 0.55) +
    el('rect', { x: 1020, y: 100, width: 84, height: 9, rx: 4.5, fill: t.main }) +
    el('rect', { x: 1020, y: 116, width: 56, height: 8, rx: 4, fill: t.main, 'fill-opacity': 0.45 }) +
    c.coin(740, 110, 0.7, -12) +
    c.coin(720, 300, 0.55, 20, 0.3) +
    c.sparkles(7, 700, 1170, 30, 380)
  );
};

const artNightTable: Art = (c) => {
  const { t } = c;
  c.gold();
  c.def('fe', () =>
    rad(
      'fe',
      [
        [0, t.felt],
        [1, t.deep],
      ],
      { cx: 0.5, cy: 0.2, r: 0.8 },
    ),
  );
  c.def('cone', () =>
    lin('cone', [
      [0, t.gold[0], 0.35],
      [1, t.gold[0], 0],
    ]),
  );
  const stars = ['', ''];
  for (let i = 0; i < 24; i++)
    stars[i % 2] += `M${num(c.between(640, 1190), 0)} ${num(c.between(10, 190), 0)}h0`;
  let spots = '';
  for (let a = 212; a <= 328; a += 29) {
    const ar = (a * Math.PI) / 180;
    spots += el('ellipse', { cx: AX + 300 * Math.cos(ar), cy: 480 + 176 * Math.sin(ar), rx: 30, ry: 11 });
  }
  return (
    el(
      'g',
      { stroke: '#fff', 'stroke-opacity': 0.75, 'stroke-linecap': 'round' },
      el('path', { d: stars[0] ?? '', 'stroke-width': 2.5 }),
      el('path', { d: stars[1] ?? '', 'stroke-width': 4.5 }),
    ) +
    el('path', { d: 'M1104 34A58 58 0 1 0 1160 126A48 48 0 1 1 1104 34Z', fill: t.gold[0] }) +
    el('path', { d: 'M856 64H904L1010 300H750Z', fill: 'url(#cone)' }) +
    el('path', { d: 'M880 0V40', stroke: t.gold[2], 'stroke-width': 3 }) +
    el('path', { d: 'M862 40H898L916 66H844Z', fill: 'url(#g)' }) +
    el('ellipse', { cx: AX, cy: 480, rx: 450, ry: 262, fill: 'url(#g)' }) +
    el('ellipse', { cx: AX, cy: 484, rx: 432, ry: 246, fill: 'url(#fe)' }) +
    el('g', { fill: 'none', stroke: t.gold[1], 'stroke-opacity': 0.5, 'stroke-width': 2.5 }, spots) +
    el('path', {
      d: 'M560 420A330 190 0 0 1 1200 420',
      fill: 'none',
      stroke: t.gold[1],
      'stroke-opacity': 0.4,
      'stroke-width': 3,
    }) +
    c.card(826, 300, -10, 'A', 'h', 0.78) +
    c.card(872, 306, 8, 'K', 'h', 0.78) +
    c.card(968, 318, 14, 'Q', 's', 0.6) +
    c.chips(730, 364, 3, t.hot, 0.9) +
    c.chips(1046, 356, 4, t.cool, 0.9) +
    c.chips(1130, 380, 2, t.gold[1], 0.9) +
    c.chip(760, 160, t.gold[1], -25, 0.8) +
    c.chip(1010, 150, t.hot, 20, 0.9) +
    c.sparkles(5, 700, 1100, 30, 250)
  );
};

const CATEGORY_ART: Record<string, Art> = {
  w_rng: artSlots,
  w_live: artLive,
  w_fish: artFish,
  w_pvp: artPvp,
  w_sports: artSports,
  w_esports: artEsports,
  w_lott: artLott,
  w_cockfight: artCockfight,
  w_promotion: artPromotion,
  w_shop: artShop,
  w_help: artHelp,
  w_reg: artReg,
  w_register: artRegister,
};

function drawBanners(): void {
  const home: Record<Theme['id'], Art[]> = {
    golden: [bonusCoins(false), artCashback, artApp],
    lotus: [bonusCoins(true), artNightTable],
  };
  for (const t of [GOLDEN, LOTUS]) {
    const dir = path.join(MEDIA, 'banners', t.id);
    home[t.id].forEach((art, i) =>
      out(path.join(dir, `w_home-${i + 1}.svg`), banner(t, `${t.id}-home-${i}`, art)),
    );
    for (const [group, art] of Object.entries(CATEGORY_ART)) {
      out(path.join(dir, `${group}-1.svg`), banner(t, `${t.id}-${group}`, art));
    }
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Vendor logos                                                                                      */
/* ------------------------------------------------------------------------------------------------ */

/** Emblems are drawn around (0, 0) inside a radius of about 20, in colour `fg`. */
type Emblem = (fg: string) => string;

const EMBLEMS = {
  hexPlay: (fg) =>
    el('path', {
      d: poly(hexPts(21)),
      fill: 'none',
      stroke: fg,
      'stroke-width': 4,
      'stroke-linejoin': 'round',
    }) + el('path', { d: 'M-6-10L11 0L-6 10Z', fill: fg }),
  gem: (fg) =>
    el('path', { d: 'M-20-6L-11-18H11L20-6L0 19Z', fill: fg }) +
    el('path', {
      d: 'M-20-6H20M-11-18L-5-6L0 19L5-6L11-18',
      fill: 'none',
      stroke: '#fff',
      'stroke-opacity': 0.6,
      'stroke-width': 2,
    }),
  pinwheel: (fg) => {
    let o = '';
    for (let i = 0; i < 4; i++)
      o += el('path', { d: 'M0 0C2-12 12-20 21-14C14-8 8-2 0 0Z', transform: `rotate(${i * 90})` });
    return el('g', { fill: fg }, o, el('circle', { r: 4, fill: '#fff' }));
  },
  cashCoin: (fg) =>
    el('circle', { r: 20, fill: fg }) +
    el('circle', { r: 15, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.6, 'stroke-width': 2 }) +
    el('rect', { x: -6, y: -6, width: 12, height: 12, fill: '#fff' }),
  burst: (fg) =>
    el('path', { d: starD(0, 0, 22, 9, 4, -90), fill: fg }) + el('circle', { r: 5, fill: '#fff' }),
  shield: (fg) =>
    el('path', { d: 'M0-21L18-14V0C18 12 9 18 0 22C-9 18-18 12-18 0V-14Z', fill: fg }) +
    el('path', { d: starD(0, 0, 9, 4), fill: '#fff' }),
  spade: (fg) => el('path', { d: SUIT_D.s, fill: fg }),
  house: (fg) => el('path', { d: 'M0-20L20-2H14V19H4V7H-4V19H-14V-2H-20Z', fill: fg }),
  rings: (fg) =>
    el('circle', { r: 19, fill: 'none', stroke: fg, 'stroke-width': 4 }) +
    el('circle', { r: 11, fill: 'none', stroke: fg, 'stroke-width': 4 }) +
    el('circle', { r: 4, fill: fg }),
  heart: (fg) => el('path', { d: SUIT_D.h, fill: fg, transform: 'scale(1.05)' }),
  moon: (fg) =>
    el('path', { d: 'M4-20A20 20 0 1 0 20 10A15 15 0 1 1 4-20Z', fill: fg }) +
    el('path', { d: starD(8, -6, 7, 3), fill: fg }),
  diamond: (fg) => el('path', { d: SUIT_D.d, fill: fg }),
  crown: (fg) =>
    el('path', { d: 'M-20 14L-22-12L-9-2L0-18L9-2L22-12L20 14Z', fill: fg, 'stroke-linejoin': 'round' }) +
    el('rect', { x: -20, y: 16, width: 40, height: 5, rx: 2, fill: fg }),
  chip: (fg) =>
    el('circle', { r: 20, fill: fg }) +
    el('circle', { r: 14, fill: 'none', stroke: '#fff', 'stroke-width': 4, 'stroke-dasharray': '7.3 7.3' }) +
    el('circle', { r: 8, fill: '#fff', 'fill-opacity': 0.9 }),
  ball: (fg) =>
    el('circle', { r: 20, fill: fg }) +
    el('path', { d: poly(pentPts(8)), fill: '#fff' }) +
    el('path', {
      d: 'M0-8V-20M7.6-2.5L19-6M4.7 6.5L12 16M-4.7 6.5L-12 16M-7.6-2.5L-19-6',
      stroke: '#fff',
      'stroke-width': 2,
    }),
  trophy: (fg) =>
    el('path', { d: 'M-13-19H13V-4A13 13 0 0 1-13-4Z', fill: fg }) +
    el('path', {
      d: 'M-13-15H-20V-9C-20-2-14 1-10 1M13-15H20V-9C20-2 14 1 10 1',
      fill: 'none',
      stroke: fg,
      'stroke-width': 3.5,
    }) +
    el('path', { d: 'M-3 8H3V14H10V20H-10V14H-3Z', fill: fg }),
  flame: (fg) =>
    el('path', {
      d: 'M0 22C-14 22-20 12-18 2C-16-8-6-12-6-22C4-16 8-8 6 0C10-2 12-6 12-10C18-4 20 6 16 12C12 18 7 22 0 22Z',
      fill: fg,
    }) +
    el('path', {
      d: 'M0 18C-6 18-9 13-8 8C-7 3-2 1-2-5C3-2 5 4 4 8C7 8 8 6 8 4C10 8 10 12 8 14C6 17 3 18 0 18Z',
      fill: '#fff',
      'fill-opacity': 0.75,
    }),
  bolt: (fg) => el('path', { d: 'M4-22L-14 4H-2L-6 22L14-6H2Z', fill: fg, 'stroke-linejoin': 'round' }),
  target: (fg) =>
    el('circle', { r: 15, fill: 'none', stroke: fg, 'stroke-width': 4 }) +
    el('path', {
      d: 'M0-22V-8M0 8V22M-22 0H-8M8 0H22',
      stroke: fg,
      'stroke-width': 4,
      'stroke-linecap': 'round',
    }) +
    el('circle', { r: 4, fill: fg }),
  star: (fg) => el('path', { d: starD(0, 1, 22, 9), fill: fg }),
  wave: (fg) =>
    el('path', {
      d: 'M-22-2Q-16-12-10-2T2-2T14-2T26-2M-22 10Q-16 0-10 10T2 10T14 10T26 10',
      fill: 'none',
      stroke: fg,
      'stroke-width': 4.5,
      'stroke-linecap': 'round',
      transform: 'translate(-2 -4)',
    }) + el('circle', { cx: 10, cy: -16, r: 5, fill: fg }),
  lottoBall: (fg) =>
    el('circle', { r: 20, fill: fg }) +
    el('circle', { r: 10, fill: '#fff' }) +
    el('circle', { cx: -8, cy: -9, r: 4, fill: '#fff', 'fill-opacity': 0.6 }),
  eBall: (fg) =>
    el('circle', { cx: -4, cy: 4, r: 16, fill: fg }) +
    el('circle', { cx: -4, cy: 4, r: 7, fill: '#fff' }) +
    el('path', {
      d: 'M8-14A12 12 0 0 1 20-2M8-22A20 20 0 0 1 28-2',
      fill: 'none',
      stroke: fg,
      'stroke-width': 3.5,
      'stroke-linecap': 'round',
      transform: 'translate(-4 2)',
    }),
  roosterHead: (fg) =>
    el('path', { d: 'M-10 22C-14 8-12-6 0-10C4-12 8-12 10-10L20-6L10-2C8 4 8 12 12 22Z', fill: fg }) +
    el('path', { d: 'M-6-10Q-8-20 0-16Q2-24 8-18Q14-22 12-10Z', fill: '#e3262f' }) +
    el('circle', { cx: 5, cy: -6, r: 2.2, fill: '#fff' }),
  feather: (fg) =>
    el('path', { d: 'M14-20C-4-16-16 0-14 16L-18 22L-12 18C4 18 16 2 14-20Z', fill: fg }) +
    el('path', { d: 'M12-17L-14 18', stroke: '#fff', 'stroke-opacity': 0.7, 'stroke-width': 2 }),
  wings: (fg) =>
    el('path', {
      d: 'M-2 8C-10 -2-18-6-24-18C-22-6-22 2-14 10C-18 10-20 12-22 14C-12 18-6 16-2 8Z',
      fill: fg,
    }) +
    el('path', { d: 'M2 8C10-2 18-6 24-18C22-6 22 2 14 10C18 10 20 12 22 14C12 18 6 16 2 8Z', fill: fg }) +
    el('circle', { cx: 0, cy: 2, r: 5, fill: fg }),
} satisfies Record<string, Emblem>;

function hexPts(r: number): [number, number][] {
  return Array.from({ length: 6 }, (_, i): [number, number] => [
    r * Math.cos(((i * 60 - 90) * Math.PI) / 180),
    r * Math.sin(((i * 60 - 90) * Math.PI) / 180),
  ]);
}

function pentPts(r: number): [number, number][] {
  return Array.from({ length: 5 }, (_, i): [number, number] => [
    r * Math.cos(((i * 72 - 90) * Math.PI) / 180),
    r * Math.sin(((i * 72 - 90) * Math.PI) / 180),
  ]);
}

interface VendorSpec {
  code: string;
  top: string;
  sub?: string;
  c1: string;
  c2: string;
  /** Text colour, white unless the badge is light. */
  ink?: string;
  /** Emblem colour inside its white disc. */
  mark?: string;
  emblem: keyof typeof EMBLEMS;
  rx?: number;
}

const VENDORS: VendorSpec[] = [
  { code: 'PG', top: 'PG', sub: 'SOFT', c1: '#19c2ad', c2: '#0b6b62', emblem: 'hexPlay' },
  {
    code: 'JILI',
    top: 'JILI',
    sub: 'GAMES',
    c1: '#fde047',
    c2: '#eab308',
    ink: '#3b2402',
    mark: '#c2410c',
    emblem: 'gem',
    rx: 44,
  },
  { code: 'PP', top: 'Pragmatic', sub: 'PLAY', c1: '#fb923c', c2: '#c2410c', emblem: 'pinwheel' },
  {
    code: 'FC',
    top: 'Fa Chai',
    sub: 'GAMING',
    c1: '#d9342b',
    c2: '#7f1d1d',
    mark: '#c98a0c',
    emblem: 'cashCoin',
    rx: 10,
  },
  { code: 'CQ9', top: 'CQ9', sub: 'GAMING', c1: '#f43f5e', c2: '#9f1239', emblem: 'burst' },
  { code: 'JDB', top: 'JDB', sub: 'GAMING', c1: '#3b82f6', c2: '#1e40af', emblem: 'shield', rx: 10 },
  {
    code: 'SPADE',
    top: 'SPADE',
    sub: 'GAMING',
    c1: '#3f3f46',
    c2: '#09090b',
    mark: '#111114',
    emblem: 'spade',
    rx: 44,
  },
  { code: 'HOUSE', top: 'HOUSE', sub: 'ORIGINALS', c1: '#22c55e', c2: '#166534', emblem: 'house' },
  {
    code: 'EVO',
    top: 'Evolution',
    sub: 'LIVE CASINO',
    c1: '#1e3a8a',
    c2: '#0b1226',
    ink: '#fcd34d',
    mark: '#1e3a8a',
    emblem: 'rings',
    rx: 10,
  },
  { code: 'SEXY', top: 'AE SEXY', sub: 'LIVE', c1: '#ec4899', c2: '#9d174d', emblem: 'heart', rx: 44 },
  {
    code: 'DG',
    top: 'DG',
    sub: 'DREAM GAMING',
    c1: '#4f46e5',
    c2: '#1e1b4b',
    mark: '#4338ca',
    emblem: 'moon',
  },
  {
    code: 'SA',
    top: 'SA',
    sub: 'GAMING',
    c1: '#ffffff',
    c2: '#dbe3ee',
    ink: '#0f172a',
    mark: '#dc2626',
    emblem: 'diamond',
  },
  {
    code: 'KM',
    top: 'KINGMAKER',
    c1: '#a16207',
    c2: '#422006',
    ink: '#fde68a',
    mark: '#a16207',
    emblem: 'crown',
    rx: 10,
  },
  { code: 'V8', top: 'V8', sub: 'POKER', c1: '#059669', c2: '#022c22', emblem: 'chip', rx: 44 },
  { code: 'SABA', top: 'SABA', sub: 'SPORTS', c1: '#84cc16', c2: '#3f6212', mark: '#1f2937', emblem: 'ball' },
  {
    code: 'CMD',
    top: 'CMD368',
    sub: 'SPORTS',
    c1: '#64748b',
    c2: '#1e293b',
    mark: '#b45309',
    emblem: 'trophy',
    rx: 10,
  },
  {
    code: 'FB',
    top: 'FB',
    sub: 'SPORTS',
    c1: '#292524',
    c2: '#0c0a09',
    ink: '#fb923c',
    mark: '#ea580c',
    emblem: 'flame',
    rx: 44,
  },
  { code: 'TF', top: 'TF', sub: 'GAMING', c1: '#06b6d4', c2: '#155e75', emblem: 'bolt' },
  { code: 'IA', top: 'IA', sub: 'ESPORTS', c1: '#c026d3', c2: '#581c87', emblem: 'target', rx: 10 },
  {
    code: 'TCG_LOTTO_VN',
    top: 'VN',
    sub: 'LOTTERY',
    c1: '#e11d1d',
    c2: '#7f0d0d',
    mark: '#e0a800',
    emblem: 'star',
    rx: 44,
  },
  { code: 'TCG_SEA', top: 'SEA', sub: 'LOTTERY', c1: '#0ea5e9', c2: '#0c4a6e', emblem: 'wave' },
  {
    code: 'LOTT',
    top: 'LOTTERY',
    c1: '#fbbf24',
    c2: '#d97706',
    ink: '#3b1d00',
    mark: '#b45309',
    emblem: 'lottoBall',
    rx: 10,
  },
  { code: 'ELOTT', top: 'E-LOTTERY', c1: '#8b5cf6', c2: '#4c1d95', emblem: 'eBall' },
  {
    code: 'DS88',
    top: 'DS88',
    sub: 'SABONG',
    c1: '#ea580c',
    c2: '#7c2d12',
    mark: '#1c1917',
    emblem: 'roosterHead',
    rx: 44,
  },
  { code: 'DIG', top: 'DIG', sub: 'SABONG', c1: '#4d7c0f', c2: '#1a2e05', emblem: 'feather', rx: 10 },
  {
    code: 'WS168',
    top: 'WS168',
    c1: '#991b1b',
    c2: '#3f0808',
    ink: '#fde68a',
    mark: '#991b1b',
    emblem: 'wings',
  },
];

function vendorLogo(v: VendorSpec): string {
  const ink = v.ink ?? '#ffffff';
  const rx = v.rx ?? 22;
  /** A white badge gets a grey edge so it still shows on a white page. */
  const light = v.c1 === '#ffffff';
  const tx = 96;
  const maxW = 240 - tx - 16;
  const topSize = fitSize(v.top, maxW, v.sub ? 34 : 36);
  const subSpacing = 2;
  const subSize = v.sub ? fitSize(v.sub, maxW, 13, subSpacing) : 0;
  const topY = v.sub ? 48 + topSize * 0.12 : 48 + topSize * 0.36;
  return doc(
    240,
    96,
    el(
      'defs',
      {},
      lin(
        'b',
        [
          [0, v.c1],
          [1, v.c2],
        ],
        { x2: 0.6, y2: 1 },
      ),
      lin('h', [
        [0, '#fff', 0.24],
        [0.55, '#fff', 0],
      ]),
    ) +
      el('rect', {
        x: 3,
        y: 3,
        width: 234,
        height: 90,
        rx,
        fill: 'url(#b)',
        stroke: light ? '#c4cfdc' : '#ffffff',
        'stroke-opacity': light ? 1 : 0.28,
        'stroke-width': 2,
      }) +
      (light ? '' : el('rect', { x: 4, y: 4, width: 232, height: 88, rx: rx - 1, fill: 'url(#h)' })) +
      el('circle', {
        cx: 50,
        cy: 48,
        r: 31,
        fill: light ? '#0f172a' : '#ffffff',
        'fill-opacity': light ? 0.06 : 1,
      }) +
      el('g', { transform: 'translate(50 48)' }, EMBLEMS[v.emblem](v.mark ?? v.c2)) +
      (light
        ? ''
        : text(v.top, { x: tx + 1, y: topY + 2, 'font-size': topSize, fill: '#000', 'fill-opacity': 0.25 })) +
      text(v.top, { x: tx, y: topY, 'font-size': topSize, fill: ink }) +
      (v.sub
        ? text(v.sub, {
            x: tx + 1,
            y: topY + 8 + subSize,
            'font-size': subSize,
            'letter-spacing': subSpacing,
            fill: ink,
            'fill-opacity': 0.85,
          })
        : ''),
  );
}

function drawVendors(): void {
  for (const v of VENDORS) out(path.join(MEDIA, 'vendors', `${v.code.toLowerCase()}.svg`), vendorLogo(v));
}

/* ------------------------------------------------------------------------------------------------ */
/* Game icons                                                                                        */
/* ------------------------------------------------------------------------------------------------ */

const GAME_ICON_BUDGET = 1536;

/** HSL (degrees, percent, percent) to #rrggbb: plain hex renders in every SVG viewer. */
function hslHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number): string => {
    const k = (n + h / 30) % 12;
    const v = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** Game emblems are drawn around (0, 0) within a radius of about 22: white, details in `ink`. */
const GAME_EMBLEMS: Record<GameClassify, (ink: string) => string> = {
  SLOT: (ink) =>
    el('rect', { x: -22, y: -22, width: 44, height: 44, rx: 9, fill: '#fff' }) +
    el('path', { d: SEVEN_D, transform: 'scale(.42)', fill: ink }),
  ARCADE: (ink) =>
    el('path', { d: 'M0 10V-8', stroke: '#fff', 'stroke-width': 5 }) +
    el('circle', { cy: -12, r: 9, fill: '#fff' }) +
    el('rect', { x: -22, y: 6, width: 44, height: 15, rx: 6, fill: '#fff' }) +
    el('circle', { cx: 12, cy: 13.5, r: 3.5, fill: ink }),
  TABLE: (ink) =>
    el('circle', { r: 21, fill: '#fff' }) +
    el('circle', { r: 15, fill: 'none', stroke: ink, 'stroke-width': 5, 'stroke-dasharray': '7.85 7.85' }) +
    el('circle', { r: 8, fill: ink }),
  CRASH: () =>
    el('path', {
      d: 'M-22 18L-8 3L1 10L17-12',
      fill: 'none',
      stroke: '#fff',
      'stroke-width': 5,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }) + el('path', { d: 'M23-20L7-17L20-5Z', fill: '#fff' }),
  BINGO: (ink) =>
    el('circle', { r: 21, fill: '#fff' }) +
    el('circle', { r: 12, fill: ink }) +
    el('path', { d: starD(0, 0.5, 8, 3.4), fill: '#fff' }),
  FISHING: (ink) =>
    el('path', { d: 'M-23 0C-14-15 6-17 13-3L24-13V13L13 3C6 17-14 15-23 0Z', fill: '#fff' }) +
    el('circle', { cx: -12, cy: -3, r: 3, fill: ink }),
  CARD: (ink) =>
    el('rect', { x: -16, y: -22, width: 32, height: 44, rx: 5, fill: '#fff', transform: 'rotate(-8)' }) +
    el('path', { d: SUIT_D.s, transform: 'scale(.6)', fill: ink }),
};

/** A name on one line when it fits large, else on two lines as even as the words allow. */
function twoLines(name: string, width: number, size: number): string[] {
  const words = name.split(' ');
  if (words.length < 2 || fitSize(name, width, size) >= size) return [name];
  let best = [name];
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const w = Math.max(...lines.map((l) => textWidth(l, 1)));
    if (w < bestWidth) [best, bestWidth] = [lines, w];
  }
  return best;
}

/** The common background of game icons: gradient, a halo behind the emblem, sparkles. */
function iconBase(c1: string, c2: string, r: () => number): string {
  let sparkles = '';
  for (let i = 0; i < 3; i++) {
    const x = 22 + r() * 156;
    const y = 40 + r() * 60;
    if (Math.abs(x - 100) < 56) continue;
    sparkles += starD(x, y, 4 + r() * 3, 1.3, 4);
  }
  return (
    el(
      'defs',
      {},
      lin(
        'b',
        [
          [0, c1],
          [1, c2],
        ],
        { x2: 0.7, y2: 1 },
      ),
    ) +
    el('rect', { width: 200, height: 200, rx: 20, fill: 'url(#b)' }) +
    el('circle', { cx: 100, cy: 74, r: 52, fill: '#fff', 'fill-opacity': 0.14 }) +
    (sparkles ? el('path', { d: sparkles, fill: '#fff', 'fill-opacity': 0.7 }) : '')
  );
}

function gameIcon(g: DemoGame): string {
  const seed = `${g.vendor}/${g.gameCode}`;
  const r = random(seed);
  const hue = Math.floor(r() * 360);
  const c1 = hslHex(hue, 68, 54);
  const c2 = hslHex((hue + 30 + Math.floor(r() * 40)) % 360, 72, 24);
  const lines = twoLines(g.names.EN, 176, 24);
  const size = Math.min(24, ...lines.map((l) => fitSize(l, 176, 24)));
  const lh = size * 1.12;
  const y0 = 167 - (lh * (lines.length - 1)) / 2 + size * 0.35;
  const badgeSize = 11;
  const badgeW = Math.ceil(textWidth(g.vendor, badgeSize)) + 16;
  return doc(
    200,
    200,
    iconBase(c1, c2, r) +
      el('g', { transform: 'translate(100 74)scale(1.9)' }, GAME_EMBLEMS[g.classify](c2)) +
      el('path', { d: 'M0 134H200V180Q200 200 180 200H20Q0 200 0 180Z', fill: '#000', 'fill-opacity': 0.3 }) +
      el(
        'g',
        { 'font-size': size, 'text-anchor': 'middle', fill: '#fff' },
        ...lines.map((l, i) => text(l, { x: 100, y: y0 + i * lh })),
      ) +
      el('rect', { x: 10, y: 10, width: badgeW, height: 20, rx: 10, fill: '#000', 'fill-opacity': 0.35 }) +
      text(g.vendor, {
        x: 10 + badgeW / 2,
        y: 24,
        'font-size': badgeSize,
        'text-anchor': 'middle',
        fill: '#fff',
      }),
  );
}

/** Shown when a game's own icon fails to load: no words, so it suits every language. */
function defaultGameIcon(): string {
  return doc(
    200,
    200,
    iconBase('#64748b', '#1e293b', random('default')) +
      el('path', { d: CONTROLLER_D, transform: 'translate(100 78)scale(.24)', fill: '#fff' }) +
      el('path', {
        d: 'M68 76h16M76 68v16',
        stroke: '#334155',
        'stroke-width': 5,
        'stroke-linecap': 'round',
      }) +
      el('circle', { cx: 122, cy: 72, r: 4.5, fill: '#334155' }) +
      el('circle', { cx: 132, cy: 82, r: 4.5, fill: '#334155' }) +
      el('path', { d: 'M0 134H200V180Q200 200 180 200H20Q0 200 0 180Z', fill: '#000', 'fill-opacity': 0.3 }) +
      el('rect', { x: 56, y: 160, width: 88, height: 14, rx: 7, fill: '#fff', 'fill-opacity': 0.35 }),
  );
}

function drawGameIcons(): void {
  for (const g of DEMO_GAMES) out(path.join(MEDIA, gameIconPath(g.vendor, g.gameCode)), gameIcon(g));
  out(path.join(MEDIA, DEFAULT_GAME_ICON_PATH), defaultGameIcon());
}

/* ------------------------------------------------------------------------------------------------ */
/* QR codes                                                                                          */
/* ------------------------------------------------------------------------------------------------ */

const DOWNLOADS: [file: string, url: string][] = [
  ['golden-ios', 'https://download.goldenpalm.example/ios'],
  ['golden-android', 'https://download.goldenpalm.example/android.apk'],
  ['golden-lite', 'https://www.goldenpalm.example/'],
  ['lotus-ios', 'https://download.royallotus.example/ios'],
  ['lotus-android', 'https://download.royallotus.example/android.apk'],
  ['lotus-lite', 'https://www.royallotus.example/'],
];

async function drawQrCodes(): Promise<void> {
  for (const [file, url] of DOWNLOADS) {
    const svg = await QRCode.toString(url, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 4,
      width: 256,
      color: { dark: '#000000', light: '#ffffff' },
    });
    out(path.join(MEDIA, 'qr', `${file}.svg`), svg.endsWith('\n') ? svg : `${svg}\n`);
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Payment methods, certificates, sponsors                                                           */
/* ------------------------------------------------------------------------------------------------ */

type Glyph = (fg: string) => string;

const PAY_GLYPHS = {
  phone: (fg) =>
    el('rect', {
      x: -9,
      y: -15,
      width: 18,
      height: 30,
      rx: 3.5,
      fill: 'none',
      stroke: fg,
      'stroke-width': 3,
    }) +
    el('circle', { cy: 9.5, r: 1.8, fill: fg }) +
    el('path', { d: 'M-4-4H4M0-8V0', stroke: fg, 'stroke-width': 2.5, 'stroke-linecap': 'round' }),
  wave: (fg) =>
    el('path', {
      d: 'M-14 8V-8L-4 4L6-8V8M10-8V8',
      fill: 'none',
      stroke: fg,
      'stroke-width': 3.5,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
  wallet: (fg) =>
    el('rect', {
      x: -14,
      y: -10,
      width: 28,
      height: 21,
      rx: 4,
      fill: 'none',
      stroke: fg,
      'stroke-width': 3,
    }) +
    el('path', {
      d: 'M-10-10L6-16L8-10',
      fill: 'none',
      stroke: fg,
      'stroke-width': 3,
      'stroke-linejoin': 'round',
    }) +
    el('circle', { cx: 8, cy: 0.5, r: 2.5, fill: fg }),
  bolt: (fg) => el('path', { d: 'M3-15L-10 2H-1L-4 15L10-3H1Z', fill: fg }),
  bank: (fg) =>
    el('path', { d: 'M-15-5L0-14L15-5Z', fill: fg }) +
    el('path', { d: 'M-10-2V9M-3.5-2V9M3.5-2V9M10-2V9', stroke: fg, 'stroke-width': 3 }) +
    el('rect', { x: -15, y: 10, width: 30, height: 4, fill: fg }),
  coin: (fg) =>
    el('path', { d: poly(hexPts(15)), fill: 'none', stroke: fg, 'stroke-width': 3 }) +
    el('path', { d: 'M-7-6H7M0-6V8', stroke: fg, 'stroke-width': 3, 'stroke-linecap': 'round' }),
  card: (fg) =>
    el('rect', {
      x: -15,
      y: -10,
      width: 30,
      height: 21,
      rx: 3.5,
      fill: 'none',
      stroke: fg,
      'stroke-width': 3,
    }) +
    el('rect', { x: -10, y: -5, width: 8, height: 6, rx: 1.5, fill: fg }) +
    el('path', { d: 'M-10 6H0M4 6H10', stroke: fg, 'stroke-width': 2.5, 'stroke-linecap': 'round' }),
  tap: (fg) =>
    el('rect', { x: -16, y: -9, width: 22, height: 18, rx: 3, fill: 'none', stroke: fg, 'stroke-width': 3 }) +
    el('rect', { x: -12, y: -4, width: 7, height: 5, rx: 1, fill: fg }) +
    el('path', {
      d: 'M9-5A7 7 0 0 1 9 5M13-9A12 12 0 0 1 13 9',
      fill: 'none',
      stroke: fg,
      'stroke-width': 2.5,
      'stroke-linecap': 'round',
    }),
} satisfies Record<string, Glyph>;

const PAYMENTS: {
  file: string;
  name: string;
  c1: string;
  c2: string;
  ink?: string;
  glyph: keyof typeof PAY_GLYPHS;
}[] = [
  { file: 'gcash', name: 'GCash', c1: '#2f7bf5', c2: '#0b4fc0', glyph: 'phone' },
  { file: 'maya', name: 'Maya', c1: '#1f2a2e', c2: '#0b1012', ink: '#34e39a', glyph: 'wave' },
  { file: 'grabpay', name: 'GrabPay', c1: '#16b364', c2: '#067a3e', glyph: 'wallet' },
  { file: 'instapay', name: 'InstaPay', c1: '#23408e', c2: '#13235a', ink: '#ffb547', glyph: 'bolt' },
  { file: 'bank-transfer', name: 'Bank Transfer', c1: '#475569', c2: '#1e293b', glyph: 'bank' },
  { file: 'usdt', name: 'USDT', c1: '#2bb38c', c2: '#16735a', glyph: 'coin' },
  { file: 'visa', name: 'VISA', c1: '#25318f', c2: '#141a55', ink: '#ffffff', glyph: 'card' },
  { file: 'mastercard', name: 'Mastercard', c1: '#2a2a30', c2: '#111114', ink: '#ffb13b', glyph: 'tap' },
];

function paymentBadge(p: (typeof PAYMENTS)[number]): string {
  const ink = p.ink ?? '#ffffff';
  const size = fitSize(p.name, 160 - 54 - 10, 22);
  return doc(
    160,
    64,
    el(
      'defs',
      {},
      lin(
        'b',
        [
          [0, p.c1],
          [1, p.c2],
        ],
        { x2: 0.5, y2: 1 },
      ),
    ) +
      el('rect', {
        x: 2,
        y: 2,
        width: 156,
        height: 60,
        rx: 12,
        fill: 'url(#b)',
        stroke: '#fff',
        'stroke-opacity': 0.25,
        'stroke-width': 2,
      }) +
      el('circle', { cx: 30, cy: 32, r: 20, fill: '#fff', 'fill-opacity': 0.14 }) +
      el('g', { transform: 'translate(30 32)' }, PAY_GLYPHS[p.glyph](ink)) +
      text(p.name, { x: 56, y: 32, dy: '.35em', 'font-size': size, fill: ink }),
  );
}

interface Seal {
  file: string;
  lines: string[];
  arc: string;
  c1: string;
  c2: string;
}

const SEALS: Seal[] = [
  { file: 'pagcor', lines: ['PAGCOR'], arc: 'LICENSED • REGULATED', c1: '#1d4ed8', c2: '#1e3a8a' },
  { file: 'gli', lines: ['GLI'], arc: 'CERTIFIED • TESTED', c1: '#0f766e', c2: '#064e3b' },
  { file: 'itech-labs', lines: ['iTech', 'LABS'], arc: 'RNG CERTIFIED', c1: '#7c3aed', c2: '#4c1d95' },
  { file: 'bmm', lines: ['BMM'], arc: 'TESTLABS • VERIFIED', c1: '#b45309', c2: '#78350f' },
  { file: 'curacao', lines: ['CURAÇAO'], arc: 'GAMING LICENCE', c1: '#0e7490', c2: '#164e63' },
];

function seal(s: Seal): string {
  let body =
    el('path', { d: starD(60, 60, 58, 53, 30, -90), fill: 'url(#b)' }) +
    el('circle', {
      cx: 60,
      cy: 60,
      r: 47,
      fill: 'none',
      stroke: '#fff',
      'stroke-opacity': 0.85,
      'stroke-width': 2,
    }) +
    el('circle', {
      cx: 60,
      cy: 60,
      r: 33,
      fill: '#fff',
      'fill-opacity': 0.1,
      stroke: '#fff',
      'stroke-opacity': 0.5,
      'stroke-width': 1.5,
    }) +
    el('path', { id: 'a', d: 'M21 60A39 39 0 0 1 99 60', fill: 'none' }) +
    el(
      'text',
      { 'font-size': 8.5, 'letter-spacing': 1.2, fill: '#fff' },
      el('textPath', { href: '#a', startOffset: '50%', 'text-anchor': 'middle' }, esc(s.arc)),
    ) +
    el('path', {
      d: starD(42, 96, 4, 1.7) + starD(60, 101, 5, 2.1) + starD(78, 96, 4, 1.7),
      fill: '#fde68a',
    });
  if (s.lines.length === 1) {
    const [line = ''] = s.lines;
    body += text(line, {
      x: 60,
      y: 61,
      dy: '.35em',
      'font-size': fitSize(line, 60, 22),
      'text-anchor': 'middle',
      fill: '#fff',
    });
  } else {
    s.lines.forEach((line, i) => {
      body += text(line, {
        x: 60,
        y: 56 + i * 17,
        'font-size': fitSize(line, 58, 17),
        'text-anchor': 'middle',
        fill: '#fff',
      });
    });
  }
  return doc(
    120,
    120,
    el(
      'defs',
      {},
      lin(
        'b',
        [
          [0, s.c1],
          [1, s.c2],
        ],
        { x2: 0.6, y2: 1 },
      ),
    ) + body,
  );
}

function ageSeal(): string {
  return doc(
    120,
    120,
    el('circle', { cx: 60, cy: 60, r: 56, fill: '#d7262e' }) +
      el('circle', { cx: 60, cy: 60, r: 48, fill: 'none', stroke: '#fff', 'stroke-width': 5 }) +
      text('18+', {
        x: 60,
        y: 60,
        dy: '.35em',
        'font-size': 40,
        'text-anchor': 'middle',
        fill: '#fff',
        'letter-spacing': -1,
      }),
  );
}

const SHIELD_D = 'M80 8L146 28V82C146 118 118 142 80 154C42 142 14 118 14 82V28Z';

interface Crest {
  file: string;
  city: string;
  club: string;
  c1: string;
  c2: string;
  trim: string;
  emblem: () => string;
}

const CRESTS: Crest[] = [
  {
    file: 'manila-eagles',
    city: 'MANILA',
    club: 'EAGLES',
    c1: '#1d4ed8',
    c2: '#172554',
    trim: '#facc15',
    emblem: () => {
      const wing =
        'M84 80C96 64 112 48 136 30L132 44L144 44L134 56L144 60L130 66L136 74L118 76C106 78 94 84 88 98Z';
      return el(
        'g',
        { fill: '#fff', transform: 'translate(18 20) scale(.78)' },
        el('path', { d: wing }),
        el('path', { d: wing, transform: 'translate(160 0) scale(-1 1)' }),
        el('path', { d: 'M70 98L72 122L78 114L82 124L86 114L92 120L90 98Z' }),
        el('path', {
          d: 'M70 72C68 58 74 50 82 50C90 50 95 54 96 60V64C92 80 86 94 80 104C74 94 70 84 70 72Z',
        }),
        el('path', { d: 'M94 55L108 59Q109 70 101 71L100 65L95 65Z', fill: '#facc15' }),
        el('path', { d: 'M80 56L93 59', stroke: '#172554', 'stroke-width': 2.5, 'stroke-linecap': 'round' }),
        el('circle', { cx: 88, cy: 62, r: 2.4, fill: '#172554' }),
      );
    },
  },
  {
    file: 'kl-tigers',
    city: 'KUALA LUMPUR',
    club: 'TIGERS',
    c1: '#1f2937',
    c2: '#0b1120',
    trim: '#f59e0b',
    emblem: () =>
      el(
        'g',
        { stroke: '#111827', 'stroke-width': 2.5 },
        el('circle', { cx: 56, cy: 60, r: 10, fill: '#f97316' }),
        el('circle', { cx: 104, cy: 60, r: 10, fill: '#f97316' }),
        el('path', {
          d: 'M80 52C102 52 112 66 112 82C112 98 98 110 80 110C62 110 48 98 48 82C48 66 58 52 80 52Z',
          fill: '#f97316',
        }),
      ) +
      el(
        'g',
        { fill: '#fda4af' },
        el('circle', { cx: 56, cy: 61, r: 4.5 }),
        el('circle', { cx: 104, cy: 61, r: 4.5 }),
      ) +
      el('path', {
        d: 'M80 53L76 64L80 70L84 64ZM68 56L68 66L72 62ZM92 56L92 66L88 62ZM48 76L60 80L48 84ZM112 76L100 80L112 84ZM50 90L60 90L52 96ZM110 90L100 90L108 96Z',
        fill: '#111827',
      }) +
      el('path', {
        d: 'M60 96C60 88 70 86 80 92C90 86 100 88 100 96C100 104 90 108 80 108C70 108 60 104 60 96Z',
        fill: '#fff',
      }) +
      el(
        'g',
        { fill: '#fde047', stroke: '#111827', 'stroke-width': 1.5 },
        el('ellipse', { cx: 68, cy: 78, rx: 6, ry: 4.5 }),
        el('ellipse', { cx: 92, cy: 78, rx: 6, ry: 4.5 }),
      ) +
      el(
        'g',
        { fill: '#111827' },
        el('circle', { cx: 68, cy: 78, r: 2.2 }),
        el('circle', { cx: 92, cy: 78, r: 2.2 }),
      ) +
      el('path', { d: 'M74 88H86L80 95Z', fill: '#be185d' }) +
      el('path', {
        d: 'M80 95V99M74 100Q80 104 86 100',
        fill: 'none',
        stroke: '#111827',
        'stroke-width': 1.8,
        'stroke-linecap': 'round',
      }),
  },
  {
    file: 'bangkok-blaze',
    city: 'BANGKOK',
    club: 'BLAZE',
    c1: '#dc2626',
    c2: '#7f1d1d',
    trim: '#fbbf24',
    emblem: () =>
      el('path', {
        d: 'M80 122C58 122 48 106 52 90C56 74 70 68 70 48C86 58 92 72 88 86C96 82 100 74 100 66C110 78 114 94 108 106C102 116 92 122 80 122Z',
        fill: '#fbbf24',
      }) +
      el('path', {
        d: 'M80 116C68 116 62 108 64 98C66 88 74 86 76 74C84 82 88 92 84 100C90 98 92 94 94 90C98 98 96 108 92 112C88 115 84 116 80 116Z',
        fill: '#fff7d6',
      }),
  },
];

function crest(cr: Crest): string {
  const citySize = fitSize(cr.city, 96, 13, 1.5);
  return doc(
    160,
    160,
    el(
      'defs',
      {},
      lin(
        'b',
        [
          [0, cr.c1],
          [1, cr.c2],
        ],
        { x2: 0.4, y2: 1 },
      ),
    ) +
      el('path', {
        d: SHIELD_D,
        fill: 'url(#b)',
        stroke: cr.trim,
        'stroke-width': 5,
        'stroke-linejoin': 'round',
      }) +
      el('path', {
        d: 'M80 17L138 35V82C138 113 114 134 80 145C46 134 22 113 22 82V35Z',
        fill: 'none',
        stroke: '#fff',
        'stroke-opacity': 0.35,
        'stroke-width': 1.5,
      }) +
      text(cr.city, {
        x: 80,
        y: 42,
        'font-size': citySize,
        'letter-spacing': 1.5,
        'text-anchor': 'middle',
        fill: '#fff',
      }) +
      cr.emblem() +
      el('path', {
        d: 'M10 116H150L142 128L150 140H10L18 128Z',
        fill: cr.trim,
        stroke: '#000',
        'stroke-opacity': 0.2,
      }) +
      text(cr.club, {
        x: 80,
        y: 128,
        dy: '.35em',
        'font-size': fitSize(cr.club, 104, 16, 2),
        'letter-spacing': 2,
        'text-anchor': 'middle',
        fill: '#1f1300',
      }),
  );
}

function drawFooterArt(): void {
  for (const p of PAYMENTS) out(path.join(MEDIA, 'payments', `${p.file}.svg`), paymentBadge(p));
  for (const s of SEALS) out(path.join(MEDIA, 'certs', `${s.file}.svg`), seal(s));
  out(path.join(MEDIA, 'certs', 'age-18.svg'), ageSeal());
  for (const cr of CRESTS) out(path.join(MEDIA, 'sponsors', `${cr.file}.svg`), crest(cr));
}

/* ------------------------------------------------------------------------------------------------ */
/* Brand logos                                                                                       */
/* ------------------------------------------------------------------------------------------------ */

function brandLogo(t: Theme, name: string): string {
  const c = new Ctx(t, `${t.id}-logo`);
  let emblem: string;
  if (t.id === 'golden') {
    c.def('lf', () => el('path', { id: 'lf', d: 'M0 0C6-10 20-12 31-1C20-5 9-4 0 0Z' }));
    const leaves = [24, -12, -48]
      .flatMap((a) => [`rotate(${a})`, `scale(-1 1)rotate(${a})`])
      .map((transform) => el('use', { href: '#lf', transform }));
    emblem =
      el('circle', { cx: 40, cy: 40, r: 34, fill: 'url(#g)' }) +
      el('circle', { cx: 40, cy: 40, r: 29, fill: t.bg[1] }) +
      el('path', { d: 'M18 62Q40 54 62 62L62 64Q40 58 18 64Z', fill: t.gold[1] }) +
      el('path', { d: 'M34 61Q39 46 39 33H43Q43 48 39 61Z', fill: 'url(#g)' }) +
      el('g', { fill: 'url(#g)', transform: tf(41, 32, 0, 0.8) }, ...leaves) +
      el('circle', { cx: 39, cy: 35, r: 2.5, fill: t.gold[2] }) +
      el('circle', { cx: 43.5, cy: 36, r: 2.5, fill: t.gold[2] });
  } else {
    c.def('q', () => el('path', { id: 'q', d: PETAL_D }));
    emblem =
      el('circle', { cx: 40, cy: 40, r: 34, fill: 'url(#g)' }) +
      el('circle', { cx: 40, cy: 40, r: 29, fill: t.bg[1] }) +
      lotusFlower(0.42, 40, 56, 'url(#g)', 1) +
      el('path', {
        d: 'M22 60Q40 66 58 60',
        fill: 'none',
        stroke: t.gold[1],
        'stroke-width': 2.5,
        'stroke-linecap': 'round',
      });
  }
  c.gold();
  c.def('tg', () =>
    lin('tg', [
      [0, t.gold[0]],
      [0.55, t.gold[1]],
      [1, '#c98a1c'],
    ]),
  );
  const size = fitSize(name, 320 - 90 - 8, 36, 0.5);
  return doc(
    320,
    80,
    c.defsXml() +
      emblem +
      text(name, {
        x: 88,
        y: 40,
        dy: '.35em',
        'font-size': size,
        'letter-spacing': 0.5,
        fill: 'url(#tg)',
        stroke: '#5a3a06',
        'stroke-opacity': 0.35,
        'stroke-width': 0.8,
      }),
  );
}

/* ------------------------------------------------------------------------------------------------ */
/* Home page illustrations (brand neutral)                                                           */
/* ------------------------------------------------------------------------------------------------ */

const HOME = {
  gold: '#f4c03f',
  goldL: '#ffe7a0',
  goldD: '#b7791f',
  teal: '#22b8a0',
  tealD: '#11806f',
  red: '#ef4d4d',
  ink: '#1f2a37',
  paper: '#f8fafc',
};

function homeDefs(): string {
  return el(
    'defs',
    {},
    lin('g', [
      [0, HOME.goldL],
      [0.5, HOME.gold],
      [1, HOME.goldD],
    ]),
    lin('t', [
      [0, '#38d9be'],
      [1, HOME.tealD],
    ]),
  );
}

function homeArt(body: string): string {
  return doc(
    160,
    160,
    homeDefs() +
      el('circle', { cx: 80, cy: 82, r: 70, fill: HOME.teal, 'fill-opacity': 0.14 }) +
      el('circle', { cx: 80, cy: 82, r: 56, fill: HOME.teal, 'fill-opacity': 0.12 }) +
      body,
  );
}

const HOME_ART: Record<string, () => string> = {
  'step-account': () =>
    homeArt(
      el('rect', {
        x: 36,
        y: 30,
        width: 88,
        height: 110,
        rx: 12,
        fill: HOME.paper,
        stroke: '#cbd5e1',
        'stroke-width': 2,
      }) +
        el('circle', { cx: 80, cy: 66, r: 20, fill: 'url(#t)' }) +
        el('circle', { cx: 80, cy: 60, r: 8, fill: '#fff' }) +
        el('path', { d: 'M66 80C68 70 92 70 94 80Z', fill: '#fff' }) +
        el('rect', { x: 50, y: 96, width: 60, height: 8, rx: 4, fill: '#cbd5e1' }) +
        el('rect', { x: 50, y: 110, width: 44, height: 8, rx: 4, fill: '#e2e8f0' }) +
        el('circle', { cx: 118, cy: 118, r: 20, fill: 'url(#g)', stroke: '#fff', 'stroke-width': 4 }) +
        el('path', {
          d: 'M118 108V128M108 118H128',
          stroke: HOME.ink,
          'stroke-width': 5,
          'stroke-linecap': 'round',
        }),
    ),
  'step-deposit': () =>
    homeArt(
      el('circle', { cx: 84, cy: 34, r: 16, fill: 'url(#g)', stroke: HOME.goldD, 'stroke-width': 2 }) +
        el('path', { d: starD(84, 34, 7, 3), fill: HOME.goldD }) +
        el('path', {
          d: 'M84 56V70M77 64L84 71L91 64',
          fill: 'none',
          stroke: HOME.teal,
          'stroke-width': 4,
          'stroke-linecap': 'round',
          'stroke-linejoin': 'round',
        }) +
        el('rect', { x: 30, y: 76, width: 100, height: 64, rx: 12, fill: 'url(#t)' }) +
        el('path', {
          d: 'M30 90C30 82 36 76 44 76H116',
          fill: 'none',
          stroke: '#fff',
          'stroke-opacity': 0.3,
          'stroke-width': 3,
        }) +
        el('rect', {
          x: 96,
          y: 96,
          width: 40,
          height: 26,
          rx: 8,
          fill: HOME.tealD,
          stroke: '#fff',
          'stroke-opacity': 0.5,
          'stroke-width': 2,
        }) +
        el('circle', { cx: 110, cy: 109, r: 6, fill: 'url(#g)' }) +
        el('rect', { x: 44, y: 70, width: 60, height: 10, rx: 3, fill: 'url(#g)' }),
    ),
  'step-win': () =>
    homeArt(
      el('path', {
        d: 'M56 40H104V62C104 80 94 92 80 94C66 92 56 80 56 62Z',
        fill: 'url(#g)',
        stroke: HOME.goldD,
        'stroke-width': 2,
      }) +
        el('path', {
          d: 'M56 46H42V54C42 66 50 74 60 74M104 46H118V54C118 66 110 74 100 74',
          fill: 'none',
          stroke: HOME.gold,
          'stroke-width': 6,
          'stroke-linecap': 'round',
        }) +
        el('path', { d: starD(80, 62, 13, 5.5), fill: '#fff', 'fill-opacity': 0.85 }) +
        el('rect', { x: 74, y: 92, width: 12, height: 18, fill: HOME.goldD }) +
        el('rect', { x: 58, y: 108, width: 44, height: 12, rx: 3, fill: 'url(#g)' }) +
        el('rect', { x: 50, y: 120, width: 60, height: 14, rx: 4, fill: HOME.ink }) +
        el('path', {
          d: 'M30 36L36 30M128 30L134 36M26 70H34M126 70H134',
          stroke: HOME.red,
          'stroke-width': 4,
          'stroke-linecap': 'round',
        }) +
        el('path', {
          d: starD(36, 100, 6, 2.5) + starD(126, 100, 6, 2.5) + starD(118, 24, 5, 2),
          fill: HOME.gold,
        }),
    ),
  service: () =>
    homeArt(
      el('path', {
        d: 'M40 84C40 46 58 30 80 30C102 30 120 46 120 84',
        fill: 'none',
        stroke: HOME.ink,
        'stroke-width': 9,
        'stroke-linecap': 'round',
      }) +
        el('rect', { x: 28, y: 74, width: 24, height: 40, rx: 10, fill: 'url(#t)' }) +
        el('rect', { x: 108, y: 74, width: 24, height: 40, rx: 10, fill: 'url(#t)' }) +
        el('path', {
          d: 'M40 112C42 128 56 132 72 132',
          fill: 'none',
          stroke: HOME.ink,
          'stroke-width': 5,
          'stroke-linecap': 'round',
        }) +
        el('rect', { x: 70, y: 126, width: 20, height: 12, rx: 6, fill: HOME.red }) +
        el('rect', { x: 56, y: 62, width: 48, height: 34, rx: 10, fill: 'url(#g)' }) +
        el('path', { d: 'M70 96L66 106L80 96Z', fill: HOME.gold }) +
        text('24/7', { x: 80, y: 79, dy: '.35em', 'font-size': 15, 'text-anchor': 'middle', fill: HOME.ink }),
    ),
  speed: () =>
    homeArt(
      el('rect', { x: 72, y: 22, width: 16, height: 10, rx: 3, fill: HOME.ink }) +
        el('path', { d: 'M112 40L120 32', stroke: HOME.ink, 'stroke-width': 6, 'stroke-linecap': 'round' }) +
        el('circle', { cx: 80, cy: 84, r: 50, fill: 'url(#t)' }) +
        el('circle', { cx: 80, cy: 84, r: 40, fill: HOME.paper }) +
        el('path', {
          d: 'M80 48V54M80 114V120M44 84H50M110 84H116',
          stroke: HOME.ink,
          'stroke-width': 3,
          'stroke-linecap': 'round',
        }) +
        el('path', { d: 'M80 84L80 60', stroke: HOME.ink, 'stroke-width': 4, 'stroke-linecap': 'round' }) +
        el('path', { d: ringSeg(80, 84, 0, 34, -90, 30), fill: HOME.gold, 'fill-opacity': 0.55 }) +
        el('path', {
          d: 'M86 66L70 90H80L74 106L92 80H82Z',
          fill: 'url(#g)',
          stroke: HOME.goldD,
          'stroke-width': 1.5,
          'stroke-linejoin': 'round',
        }) +
        el('path', {
          d: 'M14 70H28M8 86H24M14 102H28',
          stroke: HOME.teal,
          'stroke-width': 4,
          'stroke-linecap': 'round',
        }),
    ),
  'app-phone': () =>
    homeArt(
      el('rect', { x: 48, y: 18, width: 64, height: 124, rx: 12, fill: HOME.ink }) +
        el('rect', { x: 53, y: 26, width: 54, height: 106, rx: 7, fill: '#0b3d2e' }) +
        el('rect', { x: 53, y: 30, width: 54, height: 12, fill: 'url(#g)' }) +
        el('rect', { x: 58, y: 47, width: 44, height: 26, rx: 4, fill: HOME.red }) +
        el('circle', { cx: 92, cy: 60, r: 7, fill: 'url(#g)' }) +
        el('rect', { x: 58, y: 78, width: 13, height: 14, rx: 3, fill: HOME.teal }) +
        el('rect', { x: 73.5, y: 78, width: 13, height: 14, rx: 3, fill: HOME.gold }) +
        el('rect', { x: 89, y: 78, width: 13, height: 14, rx: 3, fill: '#8b5cf6' }) +
        el('rect', { x: 58, y: 96, width: 13, height: 14, rx: 3, fill: '#3b82f6' }) +
        el('rect', { x: 73.5, y: 96, width: 13, height: 14, rx: 3, fill: HOME.red }) +
        el('rect', { x: 89, y: 96, width: 13, height: 14, rx: 3, fill: HOME.teal }) +
        el('rect', { x: 53, y: 118, width: 54, height: 14, fill: '#000', 'fill-opacity': 0.3 }) +
        el('circle', { cx: 118, cy: 112, r: 20, fill: 'url(#g)', stroke: '#fff', 'stroke-width': 4 }) +
        el('path', {
          d: 'M118 102V118M111 112L118 119L125 112',
          fill: 'none',
          stroke: HOME.ink,
          'stroke-width': 4,
          'stroke-linecap': 'round',
          'stroke-linejoin': 'round',
        }),
    ),
};

function drawBrandAndHome(): void {
  out(path.join(MEDIA, 'brand', 'golden-logo.svg'), brandLogo(GOLDEN, 'Golden Palm'));
  out(path.join(MEDIA, 'brand', 'lotus-logo.svg'), brandLogo(LOTUS, 'Royal Lotus'));
  for (const [file, draw] of Object.entries(HOME_ART)) out(path.join(MEDIA, 'home', `${file}.svg`), draw());
}

/* ------------------------------------------------------------------------------------------------ */
/* Site icons                                                                                        */
/* ------------------------------------------------------------------------------------------------ */

/** The brand-neutral emblem: a gold coin with a star on deep green. `pad` shrinks it for maskable. */
/**
 * The brand-neutral site emblem (viewBox 512): a gold coin with a star on deep green. `scale` shrinks
 * the coin for the maskable safe zone; `rounded` gives the square rounded corners; `size` is the
 * width/height attribute.
 */
function siteIcon(opts: { rounded: boolean; scale: number; size?: number }): string {
  const k = opts.scale;
  const size = opts.size ?? 512;
  const coin =
    el('circle', { cx: 256, cy: 268, r: 168 * k, fill: '#000', 'fill-opacity': 0.25 }) +
    el('circle', { cx: 256, cy: 256, r: 168 * k, fill: 'url(#g)' }) +
    el('circle', {
      cx: 256,
      cy: 256,
      r: 134 * k,
      fill: 'none',
      stroke: '#a86a0c',
      'stroke-width': 12 * k,
      'stroke-opacity': 0.55,
    }) +
    el('path', { d: starD(256, 262, 96 * k, 40 * k), fill: '#0b5a3c' }) +
    el('path', {
      d: starD(256, 262, 96 * k, 40 * k),
      fill: 'none',
      stroke: '#fff3c4',
      'stroke-width': 4 * k,
      'stroke-opacity': 0.5,
      'stroke-linejoin': 'round',
    });
  const sparkle = el('path', {
    d: 'M0-10Q1.3-1.3 10 0Q1.3 1.3 0 10Q-1.3 1.3-10 0Q-1.3-1.3 0-10Z',
    transform: tf(256 + 128 * k, 256 - 128 * k, 0, 4.2 * k),
    fill: '#fff8dc',
  });
  return doc(
    512,
    512,
    el(
      'defs',
      {},
      lin('g', [
        [0, '#fff1b0'],
        [0.45, '#f4c03f'],
        [1, '#b47a12'],
      ]),
      rad(
        'b',
        [
          [0, '#11855a'],
          [1, '#03291c'],
        ],
        { cx: 0.5, cy: 0.38, r: 0.75 },
      ),
    ) +
      el('rect', { width: 512, height: 512, rx: opts.rounded ? 112 : undefined, fill: 'url(#b)' }) +
      coin +
      sparkle,
    { width: size, height: size },
  );
}

async function drawIcons(): Promise<void> {
  const icon = siteIcon({ rounded: true, scale: 1 });
  // Maskable and Apple icons are full-bleed; the emblem stays inside the central 80% safe zone.
  const maskable = siteIcon({ rounded: false, scale: 0.78 });
  out(path.join(PUBLIC, 'icons', 'icon.svg'), icon);
  out(path.join(PUBLIC, 'favicon.svg'), siteIcon({ rounded: true, scale: 1, size: 32 }));
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: apt-get update && apt-get install -y chromium`);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    const raster = async (svg: string, size: number, file: string): Promise<void> => {
      await page.setViewportSize({ width: size, height: size });
      const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
      );
      // setContent waits for the load event; this string runs in the page (no DOM types here).
      await page.waitForFunction('document.images[0]?.complete && document.images[0].naturalWidth > 0');
      out(
        file,
        await page.screenshot({
          type: 'png',
          omitBackground: true,
          clip: { x: 0, y: 0, width: size, height: size },
        }),
      );
    };
    await raster(icon, 192, path.join(PUBLIC, 'icons', 'icon-192.png'));
    await raster(icon, 512, path.join(PUBLIC, 'icons', 'icon-512.png'));
    await raster(maskable, 512, path.join(PUBLIC, 'icons', 'maskable-512.png'));
    await raster(
      siteIcon({ rounded: false, scale: 0.86 }),
      180,
      path.join(PUBLIC, 'icons', 'apple-touch-icon.png'),
    );
  } finally {
    await browser.close();
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Main                                                                                              */
/* ------------------------------------------------------------------------------------------------ */

function dirSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? dirSize(p) : statSync(p).size;
  }
  return total;
}

async function main(): Promise<void> {
  drawBanners();
  drawVendors();
  drawGameIcons();
  await drawQrCodes();
  drawFooterArt();
  drawBrandAndHome();
  await drawIcons();

  for (const w of written) console.log(`${String(w.bytes).padStart(7)}  ${w.file}`);
  const tooBig = written.filter((w) => w.file.includes('/banners/') && w.bytes > BANNER_BUDGET);
  for (const w of tooBig)
    console.warn(`warning: ${w.file} is ${w.bytes} bytes, over the ${BANNER_BUDGET} byte budget`);
  for (const w of written.filter((w) => w.file.includes('/games/') && w.bytes > GAME_ICON_BUDGET))
    console.warn(`warning: ${w.file} is ${w.bytes} bytes, over the ${GAME_ICON_BUDGET} byte budget`);
  console.log(`${written.length} files; apps/server/media is ${(dirSize(MEDIA) / 1024).toFixed(1)} KB`);
}

await main();
