import { describe, expect, it } from 'vitest';
import { PRESETS, dealNumber, legalMoves, replay, scoreOf, type Deal, type Rules } from '@golf/engine';
import { coachOf, planRunOf, postMortemOf } from './analysis.ts';

const dealOf = (n: number, rules: Rules): Deal => {
  const r = dealNumber(n, rules);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** Plays a hole with the run planner until it ends; returns the log. */
function plannerLog(deal: Deal, rules: Rules): string {
  let log = '';
  for (;;) {
    const pos = replay(deal, rules, log);
    if (!pos.ok) throw new Error(pos.error.message);
    const plan = planRunOf(pos.value);
    if (plan.move === null) return log;
    log += plan.move === 'draw' ? 'd' : String(plan.move);
  }
}

describe('analysis', () => {
  it('the run planner only suggests legal moves and draws only when nothing plays', () => {
    const rules = PRESETS.classic;
    const deal = dealOf(21, rules);
    const log = plannerLog(deal, rules);
    const end = replay(deal, rules, log);
    expect(end.ok && scoreOf(end.value).over).toBe(true);
    for (let i = 0; i < log.length; i++) {
      const pos = replay(deal, rules, log.slice(0, i));
      if (!pos.ok) throw new Error('bad prefix');
      const plays = legalMoves(pos.value).filter((m) => m.kind === 'play');
      expect(log[i] === 'd').toBe(plays.length === 0);
    }
  });

  it('a post-mortem finds best strokes, a replayable best line and where a lost hole slipped', () => {
    const rules = PRESETS.classic;
    const deal = dealOf(77, rules);
    const log = plannerLog(deal, rules);
    const pm = postMortemOf(deal, rules, log);
    const best = replay(deal, rules, pm.bestLine);
    expect(best.ok && scoreOf(best.value).strokes).toBe(pm.bestStrokes);
    expect(pm.strokes).toBeGreaterThanOrEqual(pm.bestStrokes);
    if (pm.verdict.kind === 'lost') {
      expect(pm.verdict.at).toBeGreaterThanOrEqual(0);
      expect(pm.verdict.at).toBeLessThan(log.length);
    }
  });

  it('the coach rates every legal move', () => {
    const rules = PRESETS.wrap;
    const deal = dealOf(3, rules);
    const pos = replay(deal, rules, '');
    if (!pos.ok) throw new Error('bad');
    const lines = coachOf(pos.value, { timeMs: 50 });
    expect(lines.map((l) => l.move).sort()).toEqual(
      legalMoves(pos.value)
        .map((m) => (m.kind === 'draw' ? 'd' : String(m.column)))
        .sort(),
    );
    expect(lines[0]!.expected).toBeLessThanOrEqual(lines[lines.length - 1]!.expected);
  });
});
