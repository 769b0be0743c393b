import type { VendorCard, VendorCategory } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { navCategories, stripVendors } from './nav-categories';

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

describe('navCategories', () => {
  it('keeps spec order, merges lottery types and puts cockfight two places after sports', () => {
    const result = navCategories([
      cat('RNG', 'PG'),
      cat('LOTT', 'TCG_SEA'),
      cat('ELOTT', 'ELOTT'),
      cat('LIVE', 'EVO'),
      cat('SPORTS', 'SABA'),
      cat('FISH', 'JILI'),
      cat('PVP', 'KM'),
      cat('ESPORTS', 'TF'),
      cat('COCKFIGHT', 'DS88'),
    ]);
    expect(result.map((c) => c.type)).toEqual([
      'RNG',
      'LOTT',
      'LIVE',
      'SPORTS',
      'FISH',
      'COCKFIGHT',
      'PVP',
      'ESPORTS',
    ]);
    expect(result[1]!.vendors.map((v) => v.vassalage)).toEqual(['TCG_SEA', 'ELOTT']);
  });

  it('drops categories without vendors but always adds cockfight', () => {
    const result = navCategories([cat('RNG', 'PG'), cat('SPORTS', 'SABA')]);
    expect(result.map((c) => c.type)).toEqual(['RNG', 'SPORTS', 'COCKFIGHT']);
    expect(result[2]!.vendors).toEqual([]);
    expect(navCategories([]).map((c) => c.type)).toEqual(['COCKFIGHT']);
  });
});

describe('stripVendors', () => {
  it('leaves out TCG-prefixed vendors and repeats', () => {
    const result = stripVendors([
      cat('RNG', 'PG', 'JILI'),
      cat('FISH', 'JILI'),
      cat('LOTT', 'TCG_LOTTO_VN', 'LOTT'),
    ]);
    expect(result.map((v) => v.vassalage)).toEqual(['PG', 'JILI', 'LOTT']);
  });
});
