import { dealNumber, makeCard, PRESETS } from '@golf/engine';
import { describe, expect, it } from 'vitest';
import type { CourseHole } from '../api-types.ts';
import { fullDeal, standInDeal } from './deal.ts';

const deal = (() => {
  const d = dealNumber(42, PRESETS.classic);
  if (!d.ok) throw new Error(d.error.message);
  return d.value;
})();

const publicHole: CourseHole = {
  hole: 1,
  columns: deal.columns.map((c) => c.map(makeCard)),
  waste: makeCard(deal.waste!),
  stockSize: 16,
};

describe('standInDeal', () => {
  it('puts the drawn cards first, then the unseen cards in ascending order', () => {
    const drawn = deal.stock.slice(0, 3);
    const r = standInDeal(publicHole, drawn);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.columns).toEqual(deal.columns);
    expect(r.value.waste).toBe(deal.waste);
    expect(r.value.stock.slice(0, 3)).toEqual(drawn);
    const rest = r.value.stock.slice(3);
    expect(rest).toEqual([...deal.stock.slice(3)].sort((a, b) => a - b));
  });
  it('refuses a card twice and a bad card', () => {
    expect(standInDeal(publicHole, [deal.waste!]).ok).toBe(false);
    expect(standInDeal({ ...publicHole, waste: 'ZZ' }, []).ok).toBe(false);
  });
});

describe('fullDeal', () => {
  it('rebuilds the real deal once the stock is public', () => {
    expect(fullDeal({ ...publicHole, stock: deal.stock.map(makeCard) })).toEqual({ ok: true, value: deal });
    expect(fullDeal(publicHole).ok).toBe(false);
  });
});
