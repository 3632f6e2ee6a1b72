import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankOf } from './card.ts';
import { dealNumber } from './deal.ts';
import { applyMove, legalMoves, type Position, replay, startPosition } from './game.ts';
import { PRESET_NAMES, PRESETS } from './rules.ts';
import { DealSearch, keyAfterDraw, keyAfterPlay, TailCache } from './solve-fast.ts';
import { solve, solveBaseline } from './solve.ts';
import { randomLog, unwrap } from '../test-fixtures/play.ts';
import { arbGame } from '../test-fixtures/arbitraries.ts';

// The bounds are the solver's riskiest part: a bound that over-estimates once makes the solver wrong on some
// board while every test of whole solves still passes. These check them directly against play.

/** Plays `choices` (choice % number of legal moves) from `pos` to the end or until the choices run out. */
function playOut(pos: Position, choices: readonly number[]): Position[] {
  const seen = [pos];
  for (const c of choices) {
    const moves = legalMoves(pos);
    if (moves.length === 0) break;
    pos = unwrap(applyMove(pos, moves[c % moves.length]!));
    seen.push(pos);
  }
  return seen;
}

const left = (p: Position): number => p.heights.reduce((a, b) => a + b, 0);
const topRank = (p: Position): number => (p.top === null ? -1 : rankOf(p.top));

describe('DealSearch bounds', () => {
  const slow = { timeout: 60_000 }; // thousands of random lines: seconds on a busy machine

  it('the walk bound counts every card that any line plays, before any number of further draws', slow, () => {
    fc.assert(
      fc.property(
        arbGame,
        fc.array(fc.nat(60), { minLength: 10, maxLength: 45 }),
        fc.array(fc.array(fc.nat(60), { minLength: 60, maxLength: 60 }), { minLength: 1, maxLength: 8 }),
        fc.nat(20),
        ({ deal: d, rules }, prefix, lines, extraDraws) => {
          const start = playOut(startPosition(d, rules), prefix).at(-1)!;
          if (start.top === null) return;
          const s = new DealSearch(d, rules);
          s.setHeights(start.heights);
          const all = s.walks(topRank(start), start.drawn, d.stock.length, 99);
          const within = Math.min(d.stock.length, start.drawn + extraDraws);
          const limited = s.walks(topRank(start), start.drawn, within, 99);
          for (const choices of lines) {
            const line = playOut(start, choices);
            expect(left(start) - left(line.at(-1)!)).toBeLessThanOrEqual(all);
            // Cards played before the draw that would take the stock past `within`.
            const before = line.filter((p) => p.drawn <= within).at(-1)!;
            expect(left(start) - left(before)).toBeLessThanOrEqual(limited);
          }
        },
      ),
      { numRuns: 1000, seed: 11 },
    );
  });

  it('lowerBound never exceeds the optimum, for any bound asked, on every preset', slow, () => {
    fc.assert(
      fc.property(
        arbGame,
        fc.array(fc.nat(60), { minLength: 12, maxLength: 40 }),
        fc.array(fc.integer({ min: -20, max: 40 }), { minLength: 1, maxLength: 6 }),
        ({ deal: d, rules }, prefix, betas) => {
          const log = randomLog(d, rules, prefix);
          const pos = unwrap(replay(d, rules, log));
          if (legalMoves(pos).every((m) => m.kind === 'draw')) return; // only asked where a card fits
          const optimum = unwrap(solveBaseline(d, rules, { objective: 'strokes', from: log })).strokes;
          const s = new DealSearch(d, rules);
          s.setHeights(pos.heights);
          for (const beta of betas)
            expect(s.lowerBound(left(pos), pos.drawn, topRank(pos), beta)).toBeLessThanOrEqual(optimum);
        },
      ),
      { numRuns: 120, seed: 12 },
    );
  });
});

describe('position keys', () => {
  it("a child's key from its parent's is the key of the child's position", () => {
    fc.assert(
      fc.property(arbGame, fc.array(fc.nat(60), { maxLength: 50 }), ({ deal: d, rules }, choices) => {
        const s = new DealSearch(d, rules);
        const keyOf = (p: Position): number => {
          s.setHeights(p.heights);
          return s.keyOf(p.drawn, topRank(p));
        };
        for (const pos of playOut(startPosition(d, rules), choices))
          for (const move of legalMoves(pos)) {
            const child = unwrap(applyMove(pos, move));
            const key = keyOf(pos);
            const r = topRank(child);
            expect(move.kind === 'draw' ? keyAfterDraw(key, r) : keyAfterPlay(key, move.column - 1, r)).toBe(
              keyOf(child),
            );
          }
      }),
      { numRuns: 100, seed: 13 },
    );
  });
});

describe('DealSearch.withBudget', () => {
  const rules = PRESETS.classic;
  const d = unwrap(dealNumber(3, rules)); // about 8,000 positions to prove it cannot be cleared
  const heights = [5, 5, 5, 5, 5, 5, 5];
  const top = topRank(startPosition(d, rules));
  const expectNoBudget = (s: DealSearch): void => {
    expect(s.maxNodes).toBe(Infinity);
    expect(s.deadline).toBe(Infinity);
    expect(s.stopped).toBe(false);
  };

  it('holds only inside its call, and says there whether it stopped the search', () => {
    const s = new DealSearch(d, rules);
    const deadline = Date.now() + 60_000;
    const cut = s.withBudget({ maxNodes: 100, deadline }, () => {
      expect(s.maxNodes).toBe(100);
      expect(s.deadline).toBe(deadline);
      const a = s.optimumStrokes(heights, 0, top);
      expect(s.stopped).toBe(true);
      return a;
    });
    expect(cut.exact).toBe(false);
    expectNoBudget(s);
    const full = s.optimumStrokes(heights, 0, top);
    expect(full.exact).toBe(true);
    expect(full.value).toBe(unwrap(solve(d, rules)).strokes);
  });

  it('counts positions from the start of its call', () => {
    const s = new DealSearch(d, rules);
    s.optimumStrokes(heights, 1, top);
    const before = s.nodes;
    s.withBudget({ maxNodes: 7 }, () => expect(s.maxNodes).toBe(before + 7));
  });

  it('is gone afterwards also when the call throws', () => {
    const s = new DealSearch(d, rules);
    expect(() =>
      s.withBudget({ maxNodes: 10, deadline: Date.now() }, () => {
        s.optimumStrokes(heights, 0, top);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expectNoBudget(s);
  });

  it('inside another budget only narrows it, and gives the outer one back', () => {
    const s = new DealSearch(d, rules);
    s.withBudget({ maxNodes: 10, deadline: 5_000 }, () => {
      s.withBudget({ maxNodes: 1_000, deadline: 9_000 }, () => {
        expect(s.maxNodes).toBe(10);
        expect(s.deadline).toBe(5_000);
      });
      s.withBudget({ maxNodes: 3 }, () => {
        expect(s.maxNodes).toBe(3);
        expect(s.deadline).toBe(5_000);
      });
      expect(s.maxNodes).toBe(10);
      expect(s.deadline).toBe(5_000);
    });
    expectNoBudget(s);
  });
});

describe('TailCache', () => {
  const slow = { timeout: 60_000 };

  it(
    'searches of one board that share it find the optimum a search of their own finds, budget-stopped ones too',
    slow,
    () => {
      fc.assert(
        fc.property(
          arbGame,
          fc.array(fc.nat(60), { minLength: 10, maxLength: 30 }),
          // Each order shuffles the stock but its last `keep` cards, so orders share their last ranks: the cache's tables.
          fc.array(fc.array(fc.nat(), { minLength: 24, maxLength: 24 }), { minLength: 2, maxLength: 5 }),
          fc.integer({ min: 0, max: 3 }),
          fc.nat(400),
          ({ deal: d, rules }, prefix, shuffles, keep, budget) => {
            const pos = playOut(startPosition(d, rules), prefix).at(-1)!;
            const cache = new TailCache(d, rules, 2);
            const free = d.stock.length - keep;
            for (const choices of shuffles) {
              const stock = d.stock.slice();
              for (let i = free - 1; i > 0; i--) {
                const j = choices[i % choices.length]! % (i + 1);
                [stock[i], stock[j]] = [stock[j]!, stock[i]!];
              }
              const order = { ...d, stock };
              const shared = new DealSearch(order, rules, cache);
              // A search stopped by its budget leaves only what it proved.
              shared.withBudget({ maxNodes: budget }, () =>
                shared.optimumStrokes(pos.heights, pos.drawn, topRank(pos)),
              );
              const own = new DealSearch(order, rules).optimumStrokes(pos.heights, pos.drawn, topRank(pos));
              const found = new DealSearch(order, rules, cache).optimumStrokes(
                pos.heights,
                pos.drawn,
                topRank(pos),
              );
              expect(found.value).toBe(own.value);
              expect(found.exact).toBe(true);
            }
            cache.release();
          },
        ),
        { numRuns: 100, seed: 14 },
      );
    },
  );

  it('serves one board only', () => {
    const rules = PRESETS.classic;
    const d = unwrap(dealNumber(3, rules));
    const other = unwrap(dealNumber(4, rules));
    const cache = new TailCache(d, rules);
    expect(() => new DealSearch({ ...d, stock: d.stock.slice().reverse() }, rules, cache)).not.toThrow();
    expect(() => new DealSearch(other, rules, cache)).toThrow('one board');
    expect(() => new DealSearch(d, PRESETS[PRESET_NAMES.find((n) => PRESETS[n].wrap)!], cache)).toThrow(
      'one board',
    );
  });
});
