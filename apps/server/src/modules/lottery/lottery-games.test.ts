import { LOTTERY_VENDORS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_GAMES } from '../../seed/game-catalogue';
import { LOTTERY_GAME_DEFS, lotteryDef } from './lottery-games';

describe('lottery games', () => {
  it('every lottery definition is a game of the demo catalogue, and every lottery vendor game has one', () => {
    const lotteryGames = DEMO_GAMES.filter((g) => (LOTTERY_VENDORS as readonly string[]).includes(g.vendor));
    for (const d of LOTTERY_GAME_DEFS) {
      const game = lotteryGames.find((g) => g.vendor === d.vendor && g.gameCode === d.gameCode);
      expect(game, `${d.vendor}/${d.gameCode}`).toBeDefined();
      expect(game!.gameType).toBe(d.vendor === 'ELOTT' ? 'ELOTT' : 'LOTT');
    }
    for (const g of lotteryGames)
      expect(lotteryDef(g.vendor, g.gameCode), `${g.vendor}/${g.gameCode}`).toBeDefined();
  });
});
