import type { LotteryItem } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { filterLotteries, itemKey, listItems, uniqueItems, type LobbyFilter } from './lobby-filter';

const item = (over: Partial<LotteryItem>): LotteryItem => ({
  gameId: 'g',
  remark: 'Game',
  gameMenuTag: 'VN',
  drawDayOfWeek: '1,2,3,4,5,6,7',
  numero: '1',
  remainTime: 1000,
  lockTime: 2000,
  winningTime: 3000,
  status: 'OPEN',
  vendor: 'TCG_LOTTO_VN',
  gameCode: 'CODE',
  gameType: 'LOTT',
  nodeId: 1,
  isHot: 0,
  prizeMode: 'Elott',
  family: 'DIGIT',
  showIcon: '',
  ...over,
});

const north = item({ remark: 'Northern Lottery', gameCode: 'N', drawDayOfWeek: '1,2,3,4,5,6,7', isHot: 1 });
const hcm = item({ remark: 'Ho Chi Minh', gameCode: 'HCM', drawDayOfWeek: '2,7' });
const thai = item({
  remark: 'Thai Lottery',
  gameCode: 'TH',
  gameMenuTag: 'SEA',
  vendor: 'TCG_SEA',
  drawDayOfWeek: '2',
});
const fast = item({
  remark: 'Fast 1 min',
  gameCode: 'F1',
  gameMenuTag: 'FAST',
  vendor: 'ELOTT',
  family: 'FAST',
  isHot: 1,
});
const all = [north, hcm, thai, fast];

const none: LobbyFilter = { tab: null, tabOf: (i) => i.gameMenuTag, weekday: null, search: '', vendor: null };

describe('lottery lobby filters', () => {
  it('keeps the games of the tab', () => {
    expect(filterLotteries(all, { ...none, tab: 'VN' })).toEqual([north, hcm]);
    expect(filterLotteries(all, { ...none, tab: 'FAST' })).toEqual([fast]);
    expect(filterLotteries(all, none)).toEqual(all);
  });

  it('keeps the games drawing on the weekday (Sunday 1 ... Saturday 7)', () => {
    expect(filterLotteries(all, { ...none, weekday: 7 })).toEqual([north, hcm, fast]);
    expect(filterLotteries(all, { ...none, weekday: 1 })).toEqual([north, fast]);
    expect(filterLotteries(all, { ...none, tab: 'SEA', weekday: 3 })).toEqual([]);
  });

  it('searches names in any case, and keeps one vendor’s games', () => {
    expect(filterLotteries(all, { ...none, search: '  lottery ' })).toEqual([north, thai]);
    expect(filterLotteries(all, { ...none, search: 'MIN' })).toEqual([hcm, fast]);
    expect(filterLotteries(all, { ...none, vendor: 'elott' })).toEqual([fast]);
  });

  it('lists hot, favourite and recent games', () => {
    expect(listItems('hot', all, [], new Set())).toEqual([north, fast]);
    expect(listItems('fav', all, [], new Set([itemKey(thai)]))).toEqual([thai]);
    expect(listItems('recent', all, [fast], new Set())).toEqual([fast]);
    expect(listItems('all', all, [], new Set())).toEqual(all);
  });

  it('lists each game once', () => {
    expect(uniqueItems([north, hcm, { ...north }])).toEqual([north, hcm]);
  });
});
