import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealNumber, type Deal } from './deal.ts';
import { applyMove, legalMoves, makeMove, replay, startPosition, type Position } from './game.ts';
import { PRESETS, type PresetName, type Rules } from './rules.ts';
import { scoreOf } from './score.ts';
import { solve, solveBaseline, Solver, type Objective, type SolveResult } from './solve.ts';
import { randomLog, unwrap } from '../test-fixtures/play.ts';
import { arbGame } from '../test-fixtures/arbitraries.ts';

// Strokes are compared with `+ 0`: a clear on the last stock card scores -0 in some code paths, and 0 === -0.

const deal = (n: number, rules: Rules): Deal => unwrap(dealNumber(n, rules));

/**
 * An independent brute force over the public rules API (no shared code with the solvers): the fewest strokes
 * and the most points from a position, memoised on a text key. Only for late positions.
 */
function bruteForce(pos: Position): { strokes: number; points: number } {
  const memo = new Map<string, { strokes: number; points: number }>();
  const go = (p: Position): { strokes: number; points: number } => {
    const key = `${p.heights.join('')}/${p.drawn}/${p.top}/${p.run}`;
    const seen = memo.get(key);
    if (seen) return { strokes: seen.strokes, points: seen.points + p.points };
    const moves = legalMoves(p);
    let best: { strokes: number; points: number };
    if (moves.length === 0) {
      const s = scoreOf(p);
      best = { strokes: s.strokes, points: p.points };
    } else {
      best = { strokes: Infinity, points: -Infinity };
      for (const m of moves) {
        const v = go(unwrap(applyMove(p, m)));
        best = { strokes: Math.min(best.strokes, v.strokes), points: Math.max(best.points, v.points) };
      }
    }
    memo.set(key, { strokes: best.strokes, points: best.points - p.points });
    return best;
  };
  return go(pos);
}

/** Checks a result against the replay of its own log. */
function expectReplaysToClaim(d: Deal, rules: Rules, from: string, r: SolveResult): void {
  expect(r.log.startsWith(from)).toBe(true);
  const end = unwrap(replay(d, rules, r.log));
  const s = scoreOf(end);
  expect(s.over).toBe(true);
  expect(r.strokes).toBe(s.strokes + 0);
  expect(r.points).toBe(s.points);
  if (r.winnable === true && r.objective !== 'points') expect(s.cleared).toBe(true);
}

describe('solve: known optima', () => {
  // Expected values come from the plain baseline search (or the brute force), never from the fast solver.
  const cases: { preset: PresetName; n: number; moves: number }[] = [
    { preset: 'classic', n: 1, moves: 14 },
    { preset: 'classic', n: 2, moves: 10 },
    { preset: 'classic', n: 9, moves: 8 },
    { preset: 'classic', n: 17, moves: 12 },
    { preset: 'queen-on-king', n: 3, moves: 12 },
    { preset: 'queen-on-king', n: 4, moves: 16 },
    { preset: 'wrap', n: 5, moves: 20 },
    { preset: 'wrap', n: 6, moves: 18 },
    { preset: 'turn-the-corner', n: 7, moves: 20 },
    { preset: 'turn-the-corner', n: 8, moves: 22 },
  ];
  for (const { preset, n, moves } of cases) {
    it(`${preset} deal ${n} after ${moves} random moves, all objectives`, { timeout: 60_000 }, () => {
      const rules = PRESETS[preset];
      const d = deal(n, rules);
      const from = randomLog(d, rules, Array.from({ length: moves }, (_, i) => (n * 31 + i * 7) % 5));
      const base = unwrap(solveBaseline(d, rules, { objective: 'strokes', from }));
      const basePoints = unwrap(solveBaseline(d, rules, { objective: 'points', from }));
      const strokes = unwrap(solve(d, rules, { objective: 'strokes', from }));
      const points = unwrap(solve(d, rules, { objective: 'points', from }));
      const win = unwrap(solve(d, rules, { objective: 'win', from }));
      expect(strokes.exact).toBe(true);
      expect(strokes.strokes).toBe(base.strokes + 0);
      expect(points.points).toBe(basePoints.points);
      expect(win.winnable).toBe(base.strokes <= 0);
      expect(points.winnable).toBe(base.strokes <= 0);
      for (const r of [strokes, points, win]) expectReplaysToClaim(d, rules, from, r);
    });
  }

  it('classic deal 9 from the start: the baseline optimum, a clear', { timeout: 60_000 }, () => {
    const rules = PRESETS.classic;
    const d = deal(9, rules);
    const base = unwrap(solveBaseline(d, rules));
    const fast = unwrap(solve(d, rules));
    expect(base.strokes).toBeLessThanOrEqual(0);
    expect(fast.strokes).toBe(base.strokes + 0);
    expect(fast.winnable).toBe(true);
    expectReplaysToClaim(d, rules, '', fast);
  });

  it('agrees with an independent brute force on late positions of random deals', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(arbGame, fc.array(fc.nat(50), { minLength: 30, maxLength: 40 }), ({ deal: d, rules }, choices) => {
        const from = randomLog(d, rules, choices);
        const pos = unwrap(replay(d, rules, from));
        const want = bruteForce(pos);
        const strokes = unwrap(solve(d, rules, { objective: 'strokes', from }));
        const points = unwrap(solve(d, rules, { objective: 'points', from }));
        expect(strokes.strokes).toBe(want.strokes + 0);
        expect(points.points).toBe(want.points);
      }),
      { numRuns: 40, seed: 3 },
    );
  });
});

describe('solve: properties', () => {
  it('fast and baseline agree on random positions, all presets and objectives; lines replay to their claim', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(
        arbGame,
        fc.array(fc.nat(50), { minLength: 14, maxLength: 26 }),
        fc.constantFrom<Objective>('win', 'strokes', 'points'),
        ({ deal: d, rules }, choices, objective) => {
          const from = randomLog(d, rules, choices);
          const fast = unwrap(solve(d, rules, { objective, from }));
          const base = unwrap(solveBaseline(d, rules, { objective: objective === 'win' ? 'strokes' : objective, from }));
          expectReplaysToClaim(d, rules, from, fast);
          expect(fast.exact).toBe(true);
          if (objective === 'strokes') expect(fast.strokes).toBe(base.strokes + 0);
          if (objective === 'points') expect(fast.points).toBe(base.points);
          if (objective === 'win') expect(fast.winnable).toBe(base.strokes <= 0);
        },
      ),
      { numRuns: 40, seed: 7 },
    );
  });

  it('the optimum from a child is never better than from its parent, and win agrees with strokes <= 0', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(arbGame, fc.array(fc.nat(50), { minLength: 12, maxLength: 24 }), ({ deal: d, rules }, choices) => {
        const from = randomLog(d, rules, choices);
        const solver = new Solver(d, rules);
        const parent = unwrap(solver.solve({ from }));
        const win = unwrap(solve(d, rules, { objective: 'win', from }));
        expect(win.winnable).toBe(parent.strokes <= 0);
        const pos = unwrap(replay(d, rules, from));
        for (const m of legalMoves(pos)) {
          const child = unwrap(solver.solve({ from: from + makeMove(m) }));
          expect(child.strokes).toBeGreaterThanOrEqual(parent.strokes);
        }
      }),
      { numRuns: 25, seed: 11 },
    );
  });

  it('free opening (empty waste): the start is worth the best of its children', { timeout: 60_000 }, () => {
    // Only the first position of a free-opening hole has an empty waste; its children are checked against
    // the baseline above, so the start must equal the minimum over them.
    const rules = PRESETS['turn-the-corner'];
    for (const n of [3, 11]) {
      const d = deal(n, rules);
      const solver = new Solver(d, rules);
      const start = unwrap(solver.solve());
      const children = legalMoves(startPosition(d, rules)).map((m) => unwrap(solver.solve({ from: makeMove(m) })).strokes);
      expect(start.strokes).toBe(Math.min(...children));
      expect(unwrap(solve(d, rules, { objective: 'win' })).winnable).toBe(start.strokes <= 0);
    }
  });

  it('a budget that runs out says exact: false and still returns a legal line', () => {
    const rules = PRESETS.classic;
    const d = deal(5, rules);
    for (const objective of ['win', 'strokes', 'points'] as const) {
      const r = unwrap(solve(d, rules, { objective, maxNodes: 50 }));
      expect(r.exact).toBe(false);
      expectReplaysToClaim(d, rules, '', r);
    }
  });

  it("a budget stays with its call: the solver's next call without one is exact", () => {
    const rules = PRESETS.classic;
    const d = deal(5, rules);
    for (const objective of ['win', 'strokes'] as const) {
      const solver = new Solver(d, rules);
      expect(unwrap(solver.solve({ objective, maxNodes: 50 })).exact).toBe(false);
      expect(unwrap(solver.optimum('', { maxNodes: 10 })).exact).toBe(false);
      const again = unwrap(solver.solve({ objective }));
      expect(again.exact).toBe(true);
      expect({ ...again, nodes: 0 }).toEqual({ ...unwrap(solve(d, rules, { objective })), nodes: 0 });
      expect(unwrap(solver.optimum('')).exact).toBe(true);
      solver.release();
    }
  });

  it('solves from an over position and reports a bad log with its index', () => {
    const rules = PRESETS.classic;
    const d = deal(12, rules);
    const r = unwrap(solve(d, rules));
    const again = unwrap(solve(d, rules, { from: r.log }));
    expect(again.log).toBe(r.log);
    expect(again.strokes).toBe(r.strokes);
    const bad = solve(d, rules, { from: '1x' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.at).toBe(1);
  });
});
