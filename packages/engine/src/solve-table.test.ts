import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IntTable } from './solve-table.ts';

describe('IntTable', () => {
  it('behaves like a Map of non-negative int keys to int values, through growth and overwrites', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 ** 30 }), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })), {
          maxLength: 3000,
        }),
        (entries) => {
          const table = new IntTable(2);
          const map = new Map<number, number>();
          for (const [k, v] of entries) {
            table.set(k, v);
            map.set(k, v);
          }
          expect(table.size).toBe(map.size);
          for (const [k, v] of map) expect(table.get(k, 7)).toBe(v);
          for (const [k] of entries) if (!map.has(k + 1)) expect(table.get(k + 1, 7)).toBe(7);
        },
      ),
      { numRuns: 60, seed: 1 },
    );
  });

  it('a table built after another was released or grew sees none of its entries, and a released one stays usable', () => {
    const a = new IntTable(4);
    for (let k = 0; k < 200; k++) a.set(k * 31, k + 1); // grows 16 -> 512 slots, giving back each smaller array
    a.release();
    expect(a.get(31, -1)).toBe(-1);
    a.set(5, 6);
    expect(a.get(5, -1)).toBe(6);
    for (const log2 of [4, 5, 6, 7, 8, 9]) {
      const b = new IntTable(log2);
      for (let k = 0; k < 200; k++) expect(b.get(k * 31, -1)).toBe(-1);
      b.set(1, 2);
      expect(b.size).toBe(1);
      b.release();
    }
  });

  it('clear empties it', () => {
    const table = new IntTable(4);
    for (let k = 0; k < 100; k++) table.set(k * 977, k);
    expect(table.peak).toBe(100);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.get(977, -1)).toBe(-1);
  });
});
