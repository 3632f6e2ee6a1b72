import type { HoleView } from '@golf/api';
import { dealNumber, makeCard, PRESETS, standInDeal } from '@golf/engine';
import { describe, expect, it } from 'vitest';
import { fullDeal, knownDeal, layoutOf } from './deal.ts';

const dealOf = (n: number, preset: keyof typeof PRESETS = 'classic') => {
  const d = dealNumber(n, PRESETS[preset]);
  if (!d.ok) throw new Error(d.error.message);
  return d.value;
};
const deal = dealOf(42);

const publicHole: HoleView = {
  hole: 1,
  columns: deal.columns.map((c) => c.map(makeCard)),
  waste: makeCard(deal.waste!),
  stockSize: 16,
};

describe('knownDeal', () => {
  it("is the engine's stand-in deal for the hole's layout and the cards drawn", () => {
    const drawn = deal.stock.slice(0, 3);
    const r = knownDeal(publicHole, drawn);
    expect(r).toEqual(standInDeal(deal, drawn, 16));
    expect(r.ok && r.value.stock.slice(0, 3)).toEqual(drawn);
  });
  it('refuses a card twice, a bad card, a short column and a wrong stock size', () => {
    expect(knownDeal(publicHole, [deal.waste!]).ok).toBe(false);
    expect(knownDeal({ ...publicHole, waste: 'ZZ' }, []).ok).toBe(false);
    expect(knownDeal({ ...publicHole, columns: publicHole.columns.map((c) => c.slice(1)) }, []).ok).toBe(
      false,
    );
    expect(knownDeal({ ...publicHole, stockSize: 17 }, []).ok).toBe(false);
  });
  it('reads the free opening\'s empty waste "-"', () => {
    const free = dealOf(42, 'turn-the-corner');
    const hole = {
      ...publicHole,
      columns: free.columns.map((c) => c.map(makeCard)),
      waste: '-',
      stockSize: 17,
    };
    expect(layoutOf(hole)).toEqual({ ok: true, value: { columns: free.columns, waste: null } });
    expect(knownDeal(hole, []).ok).toBe(true);
  });
});

describe('fullDeal', () => {
  it('rebuilds the real deal once the stock is public', () => {
    expect(fullDeal({ ...publicHole, stock: deal.stock.map(makeCard) })).toEqual({ ok: true, value: deal });
    expect(fullDeal(publicHole).ok).toBe(false);
  });
  it('refuses a public stock that repeats a card of the layout', () => {
    const stock = [makeCard(deal.waste!), ...deal.stock.slice(1).map(makeCard)];
    expect(fullDeal({ ...publicHole, stock }).ok).toBe(false);
  });
});
