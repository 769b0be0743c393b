import { SLOT_SYMBOLS, type SlotSymbol } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  cellCentre,
  fillerSymbols,
  gridViewBox,
  lineColor,
  lineWinCells,
  paylinePoints,
  symbolCells,
} from './paylines';

describe('payline drawing', () => {
  it('sizes the overlay like the grid', () => {
    expect(gridViewBox(5, 3)).toBe('0 0 500 300');
  });

  it('puts cell centres in the middle of each square', () => {
    expect(cellCentre(0, 0)).toEqual([50, 50]);
    expect(cellCentre(4, 2)).toEqual([450, 250]);
  });

  it('draws a straight middle line from edge to edge', () => {
    expect(paylinePoints([1, 1, 1, 1, 1])).toBe('0,150 50,150 150,150 250,150 350,150 450,150 500,150');
  });

  it('draws a V through each reel and leaves at the height of its end cells', () => {
    expect(paylinePoints([0, 1, 2, 1, 0])).toBe('0,50 50,50 150,150 250,250 350,150 450,50 500,50');
    expect(paylinePoints([2, 2, 1, 0, 0])).toBe('0,250 50,250 150,250 250,150 350,50 450,50 500,50');
  });

  it('draws nothing for an empty line', () => {
    expect(paylinePoints([])).toBe('');
  });

  it('gives each line its own colour', () => {
    const colours = new Set(Array.from({ length: 20 }, (_, i) => lineColor(i)));
    expect(colours.size).toBe(20);
  });
});

describe('highlighted cells', () => {
  const lines = [
    [1, 1, 1, 1, 1],
    [0, 1, 2, 1, 0],
  ];

  it('marks the first `count` cells of the winning line', () => {
    expect(lineWinCells(lines, { line: 1, symbol: 'KOI', count: 3, win: 1 })).toEqual(['0:0', '1:1', '2:2']);
    expect(lineWinCells(lines, { line: 0, symbol: 'A', count: 5, win: 1 })).toEqual([
      '0:1',
      '1:1',
      '2:1',
      '3:1',
      '4:1',
    ]);
  });

  it('marks nothing for an unknown line', () => {
    expect(lineWinCells(lines, { line: 7, symbol: 'A', count: 3, win: 1 })).toEqual([]);
  });

  it('finds scatters anywhere', () => {
    const grid: SlotSymbol[][] = [
      ['SCATTER', 'A', 'K'],
      ['Q', 'J', 'A'],
      ['K', 'SCATTER', 'Q'],
      ['A', 'A', 'A'],
      ['J', 'J', 'SCATTER'],
    ];
    expect(symbolCells(grid, 'SCATTER')).toEqual(['0:0', '2:1', '4:2']);
  });
});

describe('filler symbols', () => {
  it('are repeatable for a seed and drawn from the symbol set', () => {
    const a = fillerSymbols(3, 1, 12);
    expect(a).toHaveLength(12);
    expect(fillerSymbols(3, 1, 12)).toEqual(a);
    expect(a.every((s) => (SLOT_SYMBOLS as readonly string[]).includes(s))).toBe(true);
    expect(fillerSymbols(4, 1, 12)).not.toEqual(a);
  });
});
