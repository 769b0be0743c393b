import { describe, expect, it } from 'vitest';
import { cardFace, dealOrder, handTotal, secondsUntil } from './cards';

describe('baccarat cards on the client', () => {
  it('shows codes as rank and suit', () => {
    expect(cardFace('TH')).toMatchObject({ rank: '10', suit: '♥', red: true });
    expect(cardFace('KS')).toMatchObject({ rank: 'K', suit: '♠', red: false });
  });

  it('deals player, banker, player, banker, then the third cards', () => {
    const order = dealOrder({ playerCards: ['AS', '2H', '3D'], bankerCards: ['4C', '5S', '6H'] });
    expect(order.map((c) => c.code)).toEqual(['AS', '4C', '2H', '5S', '3D', '6H']);
    expect(order.map((c) => c.slot)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(dealOrder({ playerCards: ['AS', '2H'], bankerCards: ['4C', '5S', '6H'] }).at(-1)).toEqual({
      side: 'banker',
      slot: 2,
      code: '6H',
    });
  });

  it('totals hands by the last digit; tens and faces count 0', () => {
    expect(handTotal(['9S', '8H'])).toBe(7);
    expect(handTotal(['KS', 'TH', 'AD'])).toBe(1);
    expect(handTotal([])).toBe(0);
  });

  it('counts down on the server clock, whatever the device clock says', () => {
    // The server said 10:00:00.000 when we received it at device time 5000; 2.5 s later on the device.
    expect(secondsUntil(36_000_000 + 10_000, 36_000_000, 5000, 7500)).toBe(8);
    expect(secondsUntil(36_000_000, 36_000_000, 5000, 9000)).toBe(0);
  });
});
