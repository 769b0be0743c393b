import { describe, expect, it } from 'vitest';
import { SecureRng } from '../secure-rng';
import {
  bankerDraws,
  cardCode,
  cardValue,
  countOutcomes,
  dealRound,
  handTotal,
  parseCard,
  playerDraws,
  type BaccaratRound,
  type Card,
  type CardSource,
} from './baccarat-rules';
import { BaccaratShoe } from './baccarat-shoe';

const cards = (codes: string): Card[] => codes.split(' ').map(parseCard);

/** Deals from exactly these cards (player, banker, player, banker, then thirds) and checks all were used. */
function deal(codes: string): BaccaratRound & { shown: string } {
  const queue = cards(codes);
  const source: CardSource = {
    draw() {
      const card = queue.shift();
      if (card === undefined) throw new Error('scripted cards exhausted');
      return card;
    },
  };
  const round = dealRound(source);
  expect(queue.map(cardCode), 'cards left undealt').toEqual([]);
  const hand = (c: Card[]) => c.map(cardCode).join(' ');
  return { ...round, shown: `${hand(round.playerCards)} | ${hand(round.bankerCards)}` };
}

describe('cards', () => {
  it('count ace 1, two to nine their pips, ten and faces 0', () => {
    const values = 'A 2 3 4 5 6 7 8 9 T J Q K'.split(' ').map((r) => cardValue(parseCard(`${r}H`)));
    expect(values).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]);
  });

  it('total the last digit of the sum: 9 + 8 = 7, K + 5 + 7 = 2', () => {
    expect(handTotal(cards('9S 8D'))).toBe(7);
    expect(handTotal(cards('KS 5D 7C'))).toBe(2);
  });

  it('round-trip every one of the 52 codes and reject anything else', () => {
    for (let card = 0; card < 52; card++) expect(parseCard(cardCode(card))).toBe(card);
    for (const bad of ['', '10H', 'AX', '1S', 'as', 'AS ']) expect(() => parseCard(bad)).toThrow(RangeError);
    expect(() => cardCode(52)).toThrow(RangeError);
  });
});

describe('the tableau on worked examples', () => {
  it("player 5 draws, banker 3 stands on player's third card 8 (3 against 3: tie)", () => {
    const r = deal('2H KD 3S 3C 8H');
    expect(r.shown).toBe('2H 3S 8H | KD 3C');
    expect([r.playerTotal, r.bankerTotal, r.outcome, r.natural]).toEqual([3, 3, 'TIE', false]);
  });

  it('player 5 draws a 9, banker 3 draws on it and makes 8', () => {
    const r = deal('2H KD 3S 3C 9H 5D');
    expect(r.shown).toBe('2H 3S 9H | KD 3C 5D');
    expect([r.playerTotal, r.bankerTotal, r.outcome]).toEqual([4, 8, 'BANKER']);
  });

  it('natural: player 8 against banker 7, nobody draws', () => {
    const r = deal('5H 4D 3S 3C');
    expect([r.playerTotal, r.bankerTotal, r.outcome, r.natural]).toEqual([8, 7, 'PLAYER', true]);
  });

  it('banker natural 9 stops the player drawing on 0', () => {
    const r = deal('KH 4D QS 5C');
    expect([r.playerTotal, r.bankerTotal, r.outcome, r.natural]).toEqual([0, 9, 'BANKER', true]);
  });

  it('natural 8 against natural 8 is a tie', () => {
    const r = deal('4H 6D 4S 2C');
    expect([r.playerTotal, r.bankerTotal, r.outcome, r.natural]).toEqual([8, 8, 'TIE', true]);
  });

  it('player 6 stands, banker 5 then draws as the player would (on 0-5)', () => {
    const r = deal('6H 2D KS 3C 4H');
    expect(r.shown).toBe('6H KS | 2D 3C 4H');
    expect([r.playerTotal, r.bankerTotal, r.outcome]).toEqual([6, 9, 'BANKER']);
  });

  it('player 7 stands, banker 6 stands: player wins 7 to 6', () => {
    const r = deal('7H 6D TS TC');
    expect([r.playerTotal, r.bankerTotal, r.outcome, r.natural]).toEqual([7, 6, 'PLAYER', false]);
  });

  it('player 6 stands, banker 6 stands: tie', () => {
    const r = deal('6H 6D TS TC');
    expect([r.playerTotal, r.bankerTotal, r.outcome]).toEqual([6, 6, 'TIE']);
  });

  it('player 0 draws; banker 7 stands whatever the third card', () => {
    const r = deal('TH 7D JS KC 7H');
    expect(r.shown).toBe('TH JS 7H | 7D KC');
    expect([r.playerTotal, r.bankerTotal, r.outcome]).toEqual([7, 7, 'TIE']);
  });

  it("banker 6 draws on player's third card 6 ...", () => {
    const r = deal('AH 6D 4S KC 6H 3D');
    expect(r.shown).toBe('AH 4S 6H | 6D KC 3D');
    expect([r.playerTotal, r.bankerTotal, r.outcome]).toEqual([1, 9, 'BANKER']);
  });

  it("... and stands on player's third card 5", () => {
    const r = deal('AH 6D 4S KC 5H');
    expect([r.playerTotal, r.bankerTotal, r.outcome]).toEqual([0, 6, 'BANKER']);
  });

  it("banker 4 draws on player's third card 2, stands on 1 and on a face (0)", () => {
    expect(deal('AH 2D 4S 2C 2H 9D').shown).toBe('AH 4S 2H | 2D 2C 9D');
    expect(deal('AH 2D 4S 2C AD').shown).toBe('AH 4S AD | 2D 2C');
    const face = deal('AH 2D 4S 2C KH');
    expect([face.playerTotal, face.bankerTotal, face.outcome]).toEqual([5, 4, 'PLAYER']);
  });

  it("banker 5 draws on player's third card 4, stands on 3", () => {
    expect(deal('AH 5D 4S KC 4H AD').shown).toBe('AH 4S 4H | 5D KC AD');
    expect(deal('AH 5D 4S KC 3H').shown).toBe('AH 4S 3H | 5D KC');
  });

  it("banker 2 draws even on player's third card 8", () => {
    const r = deal('3H QD 2S 2C 8D AS');
    expect(r.shown).toBe('3H 2S 8D | QD 2C AS');
    expect([r.playerTotal, r.bankerTotal, r.outcome]).toEqual([3, 3, 'TIE']);
  });

  it('pairs are the first two cards of a side of the same rank: TH TS, AD AC, 4D 4C', () => {
    const r = deal('TH AD TS AC 5H 7S');
    expect([r.playerPair, r.bankerPair]).toEqual([true, true]);
    expect(deal('4H 4D 4S 4C').bankerPair).toBe(true);
  });

  it('a ten and a king are both 0 but no pair, and a third card never makes one', () => {
    const r = deal('TH 3D KS 9C TD 9S');
    expect(r.shown).toBe('TH KS TD | 3D 9C 9S');
    expect([r.playerPair, r.bankerPair]).toEqual([false, false]);
  });
});

describe('the tableau, every case', () => {
  /** The banker's chart as printed on the table: rows banker 0-7; columns player's third card 0-9, then "player stood". */
  const CHART: Record<number, string> = {
    0: 'DDDDDDDDDD D',
    1: 'DDDDDDDDDD D',
    2: 'DDDDDDDDDD D',
    3: 'DDDDDDDDSD D',
    4: 'SSDDDDDDSS D',
    5: 'SSSSDDDDSS D',
    6: 'SSSSSSDDSS S',
    7: 'SSSSSSSSSS S',
  };
  /** A card of value v (a king for 0) in the given suit. */
  const ofValue = (v: number, suit: string) => `${'KA23456789'[v]}${suit}`;

  it('bankerDraws follows the chart for every banker total and player third card', () => {
    for (let banker = 0; banker <= 7; banker++) {
      const row = CHART[banker]!;
      for (let v = 0; v <= 9; v++)
        expect(bankerDraws(banker, v), `banker ${banker}, third ${v}`).toBe(row[v] === 'D');
      expect(bankerDraws(banker, null), `banker ${banker}, player stood`).toBe(row[11] === 'D');
    }
  });

  it("dealRound draws the banker's third card exactly where the chart says", () => {
    for (let banker = 0; banker <= 7; banker++) {
      // Banker's two cards: a ten and a card of value `banker` (two tens for 0).
      const b = ['TD', ofValue(banker, 'D')];
      for (let v = 0; v <= 10; v++) {
        const stood = v === 10;
        // Player 5 (draws) or 6 (stands); the tail card is dealt only to a banker who draws.
        const p = stood ? ['6H', 'TH'] : ['2H', '3H'];
        const third = stood ? [] : [ofValue(v, 'S')];
        const drawing = CHART[banker]![stood ? 11 : v] === 'D';
        const r = deal([p[0], b[0], p[1], b[1], ...third, ...(drawing ? ['9C'] : [])].join(' '));
        expect(r.bankerCards.length, `banker ${banker}, ${stood ? 'player stood' : `third ${v}`}`).toBe(
          drawing ? 3 : 2,
        );
      }
    }
  });

  it('the player draws on 0-5 and stands on 6-7 (banker on 7, not a natural)', () => {
    for (let total = 0; total <= 7; total++) {
      expect(playerDraws(total)).toBe(total <= 5);
      const r = deal(['TH', '7D', ofValue(total, 'H'), 'KD', ...(total <= 5 ? ['KS'] : [])].join(' '));
      expect(r.playerCards.length, `player ${total}`).toBe(total <= 5 ? 3 : 2);
    }
  });
});

describe('rounds from real shoes', () => {
  it('over 20,000 rounds: 2-3 cards a side, totals and pairs from the cards, naturals never draw', () => {
    const rng = new SecureRng();
    let shoe = BaccaratShoe.shuffled(rng);
    const wrong: string[] = [];
    for (let i = 0; i < 20_000 && wrong.length < 5; i++) {
      if (shoe.needsShuffle) shoe = BaccaratShoe.shuffled(rng);
      const before = shoe.position;
      const r = dealRound(shoe);
      const p = r.playerCards;
      const b = r.bankerCards;
      const expected =
        r.playerTotal > r.bankerTotal ? 'PLAYER' : r.bankerTotal > r.playerTotal ? 'BANKER' : 'TIE';
      const ok =
        shoe.position - before === p.length + b.length &&
        p.length >= 2 &&
        p.length <= 3 &&
        b.length >= 2 &&
        b.length <= 3 &&
        r.playerTotal === handTotal(p) &&
        r.bankerTotal === handTotal(b) &&
        r.outcome === expected &&
        (!r.natural || p.length + b.length === 4) &&
        r.playerPair === (cardCode(p[0]!)[0] === cardCode(p[1]!)[0]) &&
        r.bankerPair === (cardCode(b[0]!)[0] === cardCode(b[1]!)[0]);
      if (!ok) wrong.push(JSON.stringify(r));
    }
    expect(wrong).toEqual([]);
  });
});

describe('countOutcomes', () => {
  it('counts every ordered six-card start of the shoe once: 416 x 415 x .. x 411', () => {
    const c = countOutcomes(8);
    expect(c.player + c.banker + c.tie).toBe(416n * 415n * 414n * 413n * 412n * 411n);
    expect(c.total).toBe(416n * 415n * 414n * 413n * 412n * 411n);
    // 13 ranks of 32 cards: 13 x 32 x 31 ordered pairs of the same rank.
    expect([c.pairs, c.pairTotal]).toEqual([12_896n, 172_640n]);
  });

  it('equals an enumeration that lets dealRound itself ask for cards (one deck, all value sequences)', () => {
    // Depth-first over card VALUES: dealRound replays a prefix and asks for one more card where it
    // needs it, so which cards are drawn, and in which order, is decided by the dealing code alone.
    const decks = 1;
    const left = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * decks);
    const n = 52 * decks;
    const ofValue = (v: number): Card => (v === 0 ? 12 : v - 1);
    const counts = { PLAYER: 0n, BANKER: 0n, TIE: 0n };
    const more = new Error('more');
    const walk = (prefix: number[], ways: bigint) => {
      let used = 0;
      let round: BaccaratRound;
      try {
        round = dealRound({
          draw() {
            if (used === prefix.length) throw more;
            return ofValue(prefix[used++]!);
          },
        });
      } catch (e) {
        if (e !== more) throw e;
        for (let v = 0; v < 10; v++) {
          if (left[v] === 0) continue;
          const w = ways * BigInt(left[v]!);
          left[v]!--;
          walk([...prefix, v], w);
          left[v]!++;
        }
        return;
      }
      // The unused places of the six fill in any way from what is left.
      let fill = ways;
      for (let k = prefix.length; k < 6; k++) fill *= BigInt(n - k);
      counts[round.outcome] += fill;
    };
    walk([], 1n);
    const c = countOutcomes(decks);
    expect(counts).toEqual({ PLAYER: c.player, BANKER: c.banker, TIE: c.tie });
  });
});
