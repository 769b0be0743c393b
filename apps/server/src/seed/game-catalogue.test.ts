import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GAME_CLASSIFIES,
  LANGUAGES,
  MIN_BET_FILTERS,
  toMinor,
  type GameClassify,
  type GameType,
} from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_BRANDS } from './demo-brands';
import {
  DEFAULT_GAME_ICON_PATH,
  DEMO_GAMES,
  DEMO_MIN_BETS,
  gameIconPath,
  type DemoGame,
} from './game-catalogue';

const MEDIA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../media');

/** Every (vendor, type) pair any demo brand offers: the golden brand offers them all. */
const PAIRS = [...new Set(DEMO_BRANDS.flatMap((b) => b.vendors.map((v) => `${v.code}/${v.gameType}`)))];

function group(by: (g: DemoGame) => string, games: DemoGame[] = DEMO_GAMES): Map<string, DemoGame[]> {
  const out = new Map<string, DemoGame[]>();
  for (const g of games) out.set(by(g), [...(out.get(by(g)) ?? []), g]);
  return out;
}
const byPair = group((g) => `${g.vendor}/${g.gameType}`);
const byVendor = group((g) => g.vendor);

const CLASSIFIES_OF: Record<GameType, GameClassify[]> = {
  RNG: ['SLOT', 'ARCADE', 'TABLE', 'CRASH', 'BINGO'],
  FISH: ['FISHING', 'ARCADE'],
  PVP: ['CARD', 'TABLE'],
  LIVE: ['TABLE'],
  SPORTS: ['TABLE'],
  ESPORTS: ['TABLE'],
  COCKFIGHT: ['TABLE'],
  LOTT: ['BINGO'],
  ELOTT: ['BINGO'],
};

/** The games a minimum-bet filter keeps: those a player can start with that stake. */
function kept(games: DemoGame[], filter: string): string[] {
  const limit = toMinor(filter)!;
  return games.filter((g) => toMinor(g.minBet)! <= limit).map((g) => `${g.vendor}/${g.gameCode}`);
}

describe('DEMO_GAMES', () => {
  it('has at least 330 games, all of vendors the demo brands offer', () => {
    expect(DEMO_GAMES.length).toBeGreaterThanOrEqual(330);
    for (const pair of byPair.keys()) expect(PAIRS).toContain(pair);
  });

  it('gives every vendor enough games for its category', () => {
    for (const pair of PAIRS) {
      const games = byPair.get(pair) ?? [];
      const [vendor, type] = pair.split('/') as [string, GameType];
      if (vendor === 'HOUSE') {
        expect(games, pair).toHaveLength(1);
        continue;
      }
      expect(games.length, pair).toBeGreaterThanOrEqual(3);
      if (type === 'RNG') {
        expect(games.length, pair).toBeGreaterThanOrEqual(25);
        expect(games.length, pair).toBeLessThanOrEqual(60);
      }
      if (type === 'FISH') {
        expect(games.length, pair).toBeGreaterThanOrEqual(8);
        expect(games.length, pair).toBeLessThanOrEqual(15);
      }
    }
  });

  it('has the house slot as the house vendor only slot game', () => {
    expect(byPair.get('HOUSE/RNG')).toEqual([
      expect.objectContaining({
        gameCode: 'house-dragon-fortune',
        classify: 'SLOT',
        lines: 20,
        minBet: '0.20',
        engine: 'SLOT',
        hot: true,
      }),
    ]);
    expect(byPair.get('HOUSE/RNG')![0]!.names.EN).toBe('Dragon Fortune');
    const engines = Object.fromEntries(byVendor.get('HOUSE')!.map((g) => [g.gameType, g.engine]));
    expect(engines).toEqual({
      RNG: 'SLOT',
      LIVE: 'BACCARAT',
      FISH: 'FISH',
      PVP: 'CARDS',
      SPORTS: 'SPORTSBOOK',
      ESPORTS: 'SPORTSBOOK',
    });
    for (const g of DEMO_GAMES.filter((x) => x.gameType === 'COCKFIGHT')) expect(g.engine).toBe('COCKFIGHT');
    // The house PVP game is a card room game (players and house seats), not blackjack.
    const pvp = byPair.get('HOUSE/PVP')![0]!;
    expect(pvp.gameCode).toBe('house-three-card-showdown');
    expect(pvp.names).toMatchObject({ EN: 'Three Card Showdown', CN: '三张牌对决', VI: 'Đấu Bài Ba Lá' });
  });

  it('gives codes of the allowed shape, unique per vendor', () => {
    for (const [vendor, games] of byVendor) {
      const codes = games.map((g) => g.gameCode);
      expect(new Set(codes).size, vendor).toBe(codes.length);
      for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_.-]{1,64}$/);
      expect(new Set(games.map((g) => `${g.gameType}/${g.gameId}`)).size, vendor).toBe(games.length);
    }
  });

  it('names every game in every language, uniquely per vendor', () => {
    for (const g of DEMO_GAMES) {
      expect(Object.keys(g.names).sort()).toEqual([...LANGUAGES].sort());
      for (const lang of LANGUAGES) {
        const name = g.names[lang];
        expect(name.trim(), `${g.vendor}/${g.gameCode} ${lang}`).toBe(name);
        expect(name.length).toBeGreaterThan(0);
        expect(name).not.toContain('{}');
      }
    }
    for (const [vendor, games] of byVendor) {
      for (const lang of LANGUAGES) {
        const names = games.map((g) => g.names[lang]);
        expect(new Set(names).size, `${vendor} ${lang}`).toBe(names.length);
      }
    }
  });

  it('classifies, stakes and flags games as their category plays', () => {
    for (const g of DEMO_GAMES) {
      const at = `${g.vendor}/${g.gameCode}`;
      expect(GAME_CLASSIFIES).toContain(g.classify);
      expect(CLASSIFIES_OF[g.gameType], at).toContain(g.classify);
      expect(DEMO_MIN_BETS, at).toContain(g.minBet);
      if (g.vendor !== 'HOUSE' && g.gameType !== 'COCKFIGHT')
        expect(g.engine, at).toBe(g.gameType === 'RNG' && g.classify === 'SLOT' ? 'SLOT' : null);
      expect(g.isGame, at).toBe(g.vendor === 'KM' ? 'VASSALAGE' : null);
      if (g.classify === 'SLOT') {
        expect(g.lines, at).toBeGreaterThanOrEqual(5);
        expect(g.lines, at).toBeLessThanOrEqual(243);
      } else expect(g.lines, at).toBe(0);
    }
    const rng = DEMO_GAMES.filter((g) => g.gameType === 'RNG');
    expect(rng.filter((g) => g.classify === 'SLOT').length / rng.length).toBeGreaterThan(0.75);
    for (const c of ['ARCADE', 'TABLE', 'CRASH', 'BINGO'])
      expect(rng.some((g) => g.classify === c)).toBe(true);
    // Every vendor of a list category (its tab opens on the hot list) has a hot game.
    for (const [pair, games] of byPair)
      if (/\/(RNG|FISH|PVP)$/.test(pair))
        expect(
          games.some((g) => g.hot),
          pair,
        ).toBe(true);
    const hot = DEMO_GAMES.filter((g) => g.hot).length / DEMO_GAMES.length;
    expect(hot).toBeGreaterThan(0.1);
    expect(hot).toBeLessThan(0.2);
  });

  it('lets every minimum-bet filter keep a different, non-empty part of each slot list', () => {
    const lists = [
      DEMO_GAMES.filter((g) => g.gameType === 'RNG'),
      ...[...byPair].filter(([pair]) => pair.endsWith('/RNG') && pair !== 'HOUSE/RNG').map(([, g]) => g),
    ];
    for (const games of lists) {
      const subsets = MIN_BET_FILTERS.map((f) => kept(games, f).join());
      for (const s of subsets) expect(s.length).toBeGreaterThan(0);
      expect(new Set(subsets).size, games[0]!.vendor).toBe(MIN_BET_FILTERS.length);
      // More than a page of 15, so the list pages.
      expect(games.length).toBeGreaterThanOrEqual(16);
    }
  });

  it('is the same catalogue every time it is built', async () => {
    vi.resetModules();
    const again = await import('./game-catalogue');
    expect(again.DEMO_GAMES).toEqual(DEMO_GAMES);
  });

  it('has an icon on disk for every game, and the default icon', () => {
    expect(gameIconPath('PG', 'golden-dragon')).toBe('games/PG/golden-dragon.svg');
    for (const g of DEMO_GAMES) {
      const file = path.join(MEDIA, gameIconPath(g.vendor, g.gameCode));
      expect(existsSync(file), `${file} is missing: npm run media:draw`).toBe(true);
      expect(statSync(file).size).toBeLessThanOrEqual(1536);
    }
    expect(existsSync(path.join(MEDIA, DEFAULT_GAME_ICON_PATH))).toBe(true);
  });
});
