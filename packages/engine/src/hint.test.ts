import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBoard } from './board-text.ts';
import { orderedDeck } from './card.ts';
import { dealFromDeck, dealNumber, type Deal } from './deal.ts';
import {
  applyMove,
  legalMoves,
  makeMove,
  replay,
  startPosition,
  type Position,
} from './game.ts';
import { coach, planRun } from './hint.ts';
import { PRESET_NAMES, PRESETS, type Rules } from './rules.ts';
import { solveBaseline } from './solve.ts';
import { randomLog, unwrap } from '../test-fixtures/play.ts';

function randomPosition(d: Deal, rules: Rules, choices: readonly number[]): { pos: Position; log: string } {
  const log = randomLog(d, rules, choices);
  return { pos: unwrap(replay(d, rules, log)), log };
}

/** Every run of column plays (no draws) from a position, by brute force over the public rules API. */
function allRuns(pos: Position): string[] {
  const out: string[] = [];
  const go = (p: Position, line: string): void => {
    out.push(line);
    for (const m of legalMoves(p)) if (m.kind === 'play') go(unwrap(applyMove(p, m)), line + makeMove(m));
  };
  go(pos, '');
  return out;
}

describe('planRun', () => {
  it('picks the longest run through the table and tells its line', () => {
    // Waste 5H. 6C (column 1) fits, and playing it shows the 7D beneath, then 8S (column 2) fits the 7D:
    // a run of three. 4D (column 3) and 6H (column 4) also fit the 5H but start runs of one.
    const text = [
      'Foundations: 5H',
      'Talon: AC AD 4C 4H 4S 5C 5D 5S 6D 6S 7C 7H 7S 8C 8D 8H',
      'KC KD KH 7D 6C',
      'QC QD QH QS 8S',
      'JC JD JH JS 4D',
      'TC TD TH TS 6H',
      '9C 9D 9H 9S AS',
      '2C 2D 2H 2S KS',
      '3C 3D 3H 3S AH',
    ].join('\n');
    const d = unwrap(parseBoard(text, PRESETS.classic));
    const plan = planRun(startPosition(d, PRESETS.classic));
    expect(plan).toEqual({ move: { kind: 'play', column: 1 }, run: 3, line: '112' });
    // After 6C and 7D the waste is 7D: 8S and 6H both continue; either way the run is three long.
    const after = unwrap(replay(d, PRESETS.classic, '11'));
    expect(planRun(after)?.run).toBe(1);
    // Nothing fits the 8S once the run is over: draw.
    const stuck = unwrap(replay(d, PRESETS.classic, '112'));
    expect(planRun(stuck)).toEqual({ move: { kind: 'draw' }, run: 0, line: 'd' });
  });

  it('property: the run is a longest one, ties go to the tallest column, and it draws only when nothing plays', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(orderedDeck(), { minLength: 52, maxLength: 52 }),
        fc.constantFrom(...PRESET_NAMES),
        fc.array(fc.nat(20), { maxLength: 30 }),
        (deck, preset, choices) => {
          const rules = PRESETS[preset];
          const { pos, log } = randomPosition(dealFromDeck(deck, rules), rules, choices);
          const plan = planRun(pos);
          const moves = legalMoves(pos);
          if (moves.length === 0) {
            expect(plan).toBeNull();
            return;
          }
          const runs = allRuns(pos);
          const longest = Math.max(...runs.map((r) => r.length));
          expect(plan).not.toBeNull();
          expect(plan!.run).toBe(longest);
          if (longest === 0) {
            expect(plan!.move.kind).toBe('draw');
            expect(plan!.line).toBe('d');
            return;
          }
          expect(plan!.move.kind).toBe('play');
          expect(plan!.line).toHaveLength(longest);
          expect(runs).toContain(plan!.line);
          expect(plan!.line[0]).toBe(makeMove(plan!.move));
          // Replays from the position.
          expect(replay(pos.deal, rules, log + plan!.line).ok).toBe(true);
          // Tie-break: no other first column with a run as long stands taller.
          const col = Number(plan!.line[0]) - 1;
          for (const r of runs)
            if (r.length === longest) expect(pos.heights[Number(r[0]) - 1]!).toBeLessThanOrEqual(pos.heights[col]!);
        },
      ),
      { numRuns: 150, seed: 5 },
    );
  });
});

describe('coach', () => {
  const rules = PRESETS.classic;
  const d = unwrap(dealNumber(21, rules));
  const { pos, log } = randomPosition(d, rules, [0, 0, 1, 0, 2, 0, 0, 3, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1]);

  it('scores every legal move, best first, reproducibly for a seed', () => {
    const a = coach(pos, { samples: 6, seed: 42, timeMs: 10_000 });
    const b = coach(pos, { samples: 6, seed: 42, timeMs: 10_000 });
    expect(a).toEqual(b);
    expect(a.samples).toBe(6);
    expect(a.moves.map((m) => makeMove(m.move)).sort()).toEqual(legalMoves(pos).map(makeMove).sort());
    for (let i = 1; i < a.moves.length; i++) expect(a.moves[i]!.expected).toBeGreaterThanOrEqual(a.moves[i - 1]!.expected);
  });

  it('never looks at the real order of the unseen stock', () => {
    // Same table, same cards drawn so far, the unseen stock reversed: the advice must be identical.
    const stock = d.stock.slice(0, pos.drawn).concat(d.stock.slice(pos.drawn).reverse());
    const other: Deal = { ...d, stock };
    const otherPos = unwrap(replay(other, rules, log));
    expect(otherPos.heights).toEqual(pos.heights);
    const a = coach(pos, { samples: 4, seed: 9, timeMs: 10_000 });
    const b = coach(otherPos, { samples: 4, seed: 9, timeMs: 10_000 });
    expect(b).toEqual(a);
  });

  it('with nothing unseen, each move is worth its exact optimum', () => {
    // Draw the whole stock, then ask: one sample, the true values.
    const all = 'd'.repeat(d.stock.length);
    const p = replay(d, rules, all);
    const endPos = p.ok ? p.value : pos;
    const from = p.ok ? all : log;
    const advice = coach(endPos, { seed: 1 });
    expect(advice.exact).toBe(true);
    for (const m of advice.moves) {
      const want = unwrap(solveBaseline(d, rules, { from: from + makeMove(m.move) })).strokes + 0;
      expect(m.expected).toBe(want);
    }
  });

  it('answers within its time budget after the first sample', () => {
    const t = Date.now();
    const a = coach(pos, { timeMs: 100, samples: 10_000 });
    expect(a.samples).toBeGreaterThanOrEqual(1);
    expect(Date.now() - t).toBeLessThan(10_000); // loose: shared machines
  });
});
