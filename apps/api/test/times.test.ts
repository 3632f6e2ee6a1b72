import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTimes, encodeTimes } from '../src/adapters/d1/times.ts';

const time = fc.integer({ min: 0, max: 4_102_444_800_000 });
const round = fc
  .array(fc.record({ finish: time, draws: fc.array(time, { maxLength: 16 }) }), {
    minLength: 1,
    maxLength: 9,
  })
  .map((holes) => ({ holeTimes: holes.map((h) => h.finish), drawTimes: holes.map((h) => h.draws) }));

describe('the ledger’s compact round times', () => {
  it('reads back exactly what it wrote, whatever the order of the times', () => {
    fc.assert(
      fc.property(round, (times) => {
        expect(decodeTimes(encodeTimes(times))).toEqual(times);
      }),
    );
  });

  it('writes deltas in base 36 after one absolute time, much shorter than JSON', () => {
    const start = Date.parse('2026-06-15T12:00:00.000Z');
    const times = {
      holeTimes: [start + 10_000, start + 20_000],
      drawTimes: [[start + 1_000, start + 3_000], []],
    };
    // 2,000 ms is 1jk, 7,000 is 5eg, 10,000 is 7ps in base 36.
    expect(encodeTimes(times)).toBe(`${start + 1_000},1jk/5eg;/7ps`);
    const real = {
      holeTimes: Array.from({ length: 9 }, (_, h) => start + (h + 1) * 60_000),
      drawTimes: Array.from({ length: 9 }, (_, h) =>
        Array.from({ length: 16 }, (_, d) => start + h * 60_000 + d * 2_500),
      ),
    };
    expect(encodeTimes(real).length).toBeLessThan(JSON.stringify(real).length / 3);
  });

  it('reads the JSON that evidence written before it holds', () => {
    expect(decodeTimes('{"holes":[5,9],"draws":[[1,2],[]]}')).toEqual({
      holeTimes: [5, 9],
      drawTimes: [[1, 2], []],
    });
    expect(decodeTimes('')).toEqual({ holeTimes: [], drawTimes: [] });
  });
});
