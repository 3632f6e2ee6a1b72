import { parseCard, PRESETS, startPosition, type Card, type Deal } from '@golf/engine';
import { describe, expect, it } from 'vitest';
import { longestRun } from './hint.ts';

const c = (t: string): Card => {
  const r = parseCard(t);
  if (!r.ok) throw new Error(t);
  return r.value;
};

describe('longestRun', () => {
  it('finds the longest chain of column plays from the visible cards', () => {
    // Exposed cards: 6C 7C 8C 2D KD KH KS; waste 5H. Best run: 6 7 8 (columns 1 2 3), not just one card.
    const filler = ['KC', 'QC', 'QD', 'QH', 'QS', 'JC', 'JD', 'JH', 'JS', 'TC', 'TD', 'TH', 'TS', '9C', '9D'];
    const tops = ['6C', '7C', '8C', '2D', 'KD', 'KH', 'KS'];
    let f = 0;
    const columns = tops.map((t) => [...Array.from({ length: 4 }, () => c(filler[f++ % filler.length]!)), c(t)]);
    const deal: Deal = { columns, waste: c('5H'), stock: [] };
    expect(longestRun(startPosition(deal, PRESETS.classic))).toEqual([1, 2, 3]);
  });
  it('is empty when nothing plays', () => {
    const columns = Array.from({ length: 7 }, () => Array.from({ length: 5 }, () => c('KC')));
    expect(longestRun(startPosition({ columns, waste: c('5H'), stock: [] }, PRESETS.classic))).toEqual([]);
  });
});
