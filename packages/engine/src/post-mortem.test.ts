import { describe, expect, it } from 'vitest';
import { dealNumber, type Deal } from './deal.ts';
import { replay } from './game.ts';
import { postMortem } from './post-mortem.ts';
import { PRESETS, type Rules } from './rules.ts';
import { scoreOf } from './score.ts';
import { solve, solveBaseline } from './solve.ts';
import { firstMoveLog, unwrap } from '../test-fixtures/play.ts';

// Generous: the baseline search takes a second a deal, and the machines running these tests may be shared.
const SLOW = 60_000;

const rules = PRESETS.classic;
const deal = (n: number, r: Rules = rules): Deal => unwrap(dealNumber(n, r));

/** Deal `n` played by the first-move player, and its post-mortem. */
function firstMoveGame(n: number) {
  const d = deal(n);
  const log = firstMoveLog(d, rules);
  return { d, log, pm: unwrap(postMortem(d, rules, log)) };
}

describe('postMortem', () => {
  it(
    'per move, the best strokes after it match the baseline search; finds the move that lost it',
    () => {
      // Deal 9 is clearable (baseline optimum < 0); the first-move player does not clear it.
      const { d, log, pm } = firstMoveGame(9);
      expect(pm.exact).toBe(true);
      expect(pm.after).toHaveLength(log.length);
      const want = [0, 3, 8, log.length - 6, log.length - 1].map(
        (k) => unwrap(solveBaseline(d, rules, { from: log.slice(0, k) })).strokes + 0,
      );
      expect(pm.best).toBe(want[0]);
      expect(pm.after[2]).toBe(want[1]);
      expect(pm.after[7]).toBe(want[2]);
      expect(pm.after[log.length - 7]).toBe(want[3]);
      expect(pm.after[log.length - 2]).toBe(want[4]);
      expect(pm.strokes).toBe(scoreOf(unwrap(replay(d, rules, log))).strokes);
      // The optimum never improves along a log, and the lost move is the first place it got worse.
      const values = [pm.best, ...pm.after];
      for (let k = 1; k < values.length; k++) expect(values[k]!).toBeGreaterThanOrEqual(values[k - 1]!);
      expect(pm.lostMove).not.toBeNull();
      const k = pm.lostMove!;
      expect(values[k]!).toBeGreaterThan(values[k - 1]!);
      for (let j = 1; j < k; j++) expect(values[j]).toBe(values[0]);
      // The best line starts with the moves before it and reaches the optimum from there.
      expect(pm.bestLine!.startsWith(log.slice(0, k - 1))).toBe(true);
      expect(scoreOf(unwrap(replay(d, rules, pm.bestLine!))).strokes + 0).toBe(values[k - 1]);
      // Clearable at first, so the verdict is where it stopped being clearable.
      expect(pm.best).toBeLessThanOrEqual(0);
      expect(pm.verdict.kind).toBe('lost-at');
      if (pm.verdict.kind === 'lost-at') {
        const m = pm.verdict.move;
        expect(values[m]!).toBeGreaterThan(0);
        expect(values[m - 1]!).toBeLessThanOrEqual(0);
      }
    },
    SLOW,
  );

  it(
    'a perfect game has no lost move and is cleared',
    () => {
      const d = deal(9);
      const best = unwrap(solve(d, rules));
      const pm = unwrap(postMortem(d, rules, best.log));
      expect(pm.verdict).toEqual({ kind: 'cleared' });
      expect(pm.lostMove).toBeNull();
      expect(pm.bestLine).toBeNull();
      expect(pm.after.every((v) => v === best.strokes + 0)).toBe(true);
    },
    SLOW,
  );

  it(
    'a deal no one can clear is unwinnable',
    () => {
      const { pm } = firstMoveGame(2);
      // Classic deal 2: the baseline search leaves one card at best.
      expect(pm.best).toBe(1);
      expect(pm.verdict).toEqual({ kind: 'unwinnable' });
    },
    SLOW,
  );

  it('an unfinished hole that can still be cleared; a bad log is an error', () => {
    const d = deal(9);
    const pm = unwrap(postMortem(d, rules, ''));
    expect(pm.after).toEqual([]);
    expect(pm.verdict).toEqual({ kind: 'clearable' });
    const bad = postMortem(d, rules, '9');
    expect(bad.ok).toBe(false);
  });
});
