import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  distributionOf,
  finishersAhead,
  finishersIn,
  medianOf,
  percentileOf,
  ranked,
  sameTotal,
} from '../src/services/ranking.ts';

const sortedTotals = fc
  .array(fc.integer({ min: -16, max: 300 }), { maxLength: 60 })
  .map((t) => t.sort((a, b) => a - b));

describe('the standings rules', () => {
  it('ranks a round one more than the rounds with a lower total, whatever the ties', () => {
    fc.assert(
      fc.property(sortedTotals, (totals) => {
        const ranks = ranked(
          totals.map((total) => ({ total })),
          sameTotal,
        ).map((r) => r.rank);
        expect(ranks).toEqual(totals.map((t) => 1 + totals.filter((u) => u < t).length));
      }),
    );
  });

  it('ranks any page as the whole list does, given the finishers ahead of its first row', () => {
    fc.assert(
      fc.property(sortedTotals, fc.nat(70), fc.integer({ min: 1, max: 30 }), (totals, offset, limit) => {
        const rows = totals.map((total) => ({ total }));
        const whole = ranked(rows, sameTotal).map((r) => r.rank);
        const page = rows.slice(offset, offset + limit);
        const ahead = page[0] === undefined ? 0 : finishersAhead(distributionOf(totals), page[0].total);
        expect(ranked(page, sameTotal, offset, ahead + 1).map((r) => r.rank)).toEqual(
          whole.slice(offset, offset + limit),
        );
      }),
    );
  });

  it('counts every total once in the distribution, ascending, and gives the leader the 100th percentile', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -16, max: 300 }), { minLength: 1, maxLength: 60 }), (totals) => {
        const distribution = distributionOf(totals);
        expect(finishersIn(distribution)).toBe(totals.length);
        expect(distribution.map((d) => d.total)).toEqual([...new Set(totals)].sort((a, b) => a - b));
        expect(percentileOf(totals.length, finishersAhead(distribution, Math.min(...totals)))).toBe(100);
      }),
    );
  });
});

describe('the median of a distribution', () => {
  it('is the middle value, or the mean of the two middle values, of the values it counts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -16, max: 35 }), { maxLength: 80 }), (values) => {
        // The distribution as the ledger keeps it: [value, count] ascending, each count at least 1.
        const counts = new Map<number, number>();
        for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
        const distribution = [...counts].sort((a, b) => a[0] - b[0]);
        // Independently: sort the values one by one.
        const sorted = [...values].sort((a, b) => a - b);
        const n = sorted.length;
        const expected =
          n === 0 ? null : n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
        expect(medianOf(distribution)).toBe(expected);
      }),
    );
  });

  it('is null for nobody and may be fractional for an even count', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([[3, 1]])).toBe(3);
    expect(
      medianOf([
        [-2, 1],
        [3, 1],
      ]),
    ).toBe(0.5);
    expect(
      medianOf([
        [0, 2],
        [5, 1],
      ]),
    ).toBe(0);
  });
});
