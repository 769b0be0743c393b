import { describe, expect, it } from 'vitest';
import { lotteryLaunchParams } from './api/launch-game';

describe('the lottery lobby launch parameters (SPEC section 7)', () => {
  it('a lottery vendor without a game opens its area lobby', () => {
    expect(lotteryLaunchParams({ vendor: 'TCG_LOTTO_VN' })).toEqual({
      launchMode: 'LOTT',
      lottoArea: 'VN',
      lottoGameCode: undefined,
      lottoView: 'lobby',
    });
  });

  it('a lottery game opens its betting view; TCG_SEA is the SEA area', () => {
    expect(lotteryLaunchParams({ vendor: 'TCG_SEA', gameCode: 'thai-lottery' })).toEqual({
      launchMode: 'LOTT',
      lottoArea: 'SEA',
      lottoGameCode: 'thai-lottery',
      lottoView: 'betting',
    });
    expect(lotteryLaunchParams({ vendor: 'ELOTT', gameCode: 'keno' })).toMatchObject({
      lottoArea: 'VN',
      lottoView: 'betting',
    });
  });

  it('other vendors launch as before', () => {
    expect(lotteryLaunchParams({ vendor: 'HOUSE', gameCode: 'house-dragon-fortune' })).toEqual({});
  });
});
