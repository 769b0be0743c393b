import type { Game, VendorCard, VendorCategory } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { lobbyVendors, mergeGames } from './lobby';

const card = (vassalage: string, gameType: VendorCard['gameType']): VendorCard => ({
  vassalage,
  gameType,
  displayName: vassalage,
  isHot: 0,
  isGame: null,
  logoUrl: `vendors/${vassalage}.svg`,
  smallIcon: `https://cdn.example/vendors/${vassalage}.svg`,
  mobileSmallIcon: `https://cdn.example/vendors/${vassalage}.svg`,
  h5Icon: `https://cdn.example/vendors/${vassalage}.svg`,
  lagerIcon: `https://cdn.example/vendors/${vassalage}.svg`,
  walletType: 'TRANSFER',
});
const cat = (title: VendorCard['gameType'], ...codes: string[]): VendorCategory => ({
  title,
  cards: codes.map((c) => card(c, title)),
  gameClassify: codes,
});
const game = (nodeId: number) => ({ nodeId }) as Game;

describe('lobbyVendors', () => {
  const categories = [
    cat('RNG', 'PG'),
    cat('LOTT', 'TCG_SEA', 'LOTT'),
    cat('ELOTT', 'ELOTT'),
    cat('LIVE', 'EVO', 'EVO'),
  ];
  it('keeps the vendors of the given types, in the order of the types', () => {
    expect(lobbyVendors(categories, ['ELOTT', 'LOTT']).map((v) => v.vassalage)).toEqual([
      'ELOTT',
      'TCG_SEA',
      'LOTT',
    ]);
  });
  it('lists a vendor once per type', () => {
    expect(lobbyVendors(categories, ['LIVE']).map((v) => v.vassalage)).toEqual(['EVO']);
  });
  it('answers nothing for a type without vendors', () => {
    expect(lobbyVendors(categories, ['COCKFIGHT'])).toEqual([]);
  });
});

describe('mergeGames', () => {
  it('joins lists, first place wins, missing lists skipped', () => {
    expect(mergeGames([[game(1), game(2)], undefined, [game(2), game(3)]]).map((g) => g.nodeId)).toEqual([
      1, 2, 3,
    ]);
  });
});
