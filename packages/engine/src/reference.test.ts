/**
 * The engine against an independent reference implementation (test-fixtures/reference.ts): thousands of
 * generated `golf replay` inputs over all four presets, winning lines found by `solve`, and fast-check logs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as boards from '../test-fixtures/boards.ts';
import {
  allCards,
  PRESET_KEYS,
  refAnswer,
  refDealOf,
  refMakeBoard,
  refParseBoard,
  refReplayInput,
  type PresetKey,
  type RefAnswer,
} from '../test-fixtures/reference.ts';
import { generateCases } from '../test-fixtures/reference-cases.ts';
import { parseBoard } from './board-text.ts';
import { dealNumber } from './deal.ts';
import { replay } from './game.ts';
import { PRESETS } from './rules.ts';
import { scoreOf } from './score.ts';
import { solve } from './solve.ts';

/**
 * The engine's answer to a replay input line, in the CLI's shape (without the message). The engine reads no
 * JSON: the line's envelope is read as the reference reads it (the CLI's own reading is checked in its tests).
 */
function engineAnswer(preset: PresetKey, line: string): RefAnswer {
  const input = refReplayInput(line);
  if (input === null) return { ok: false, code: 'ERR_INPUT' };
  const { board, log } = input;
  const rules = PRESETS[preset];
  const deal = parseBoard(board, rules);
  if (!deal.ok) return { ok: false, code: 'ERR_INPUT' };
  const pos = replay(deal.value, rules, log);
  if (!pos.ok) return { ok: false, at: pos.error.at, code: pos.error.code };
  return { ok: true, ...scoreOf(pos.value) };
}

const line = (board: string, log: string) => JSON.stringify({ board, log });

describe('the reference itself agrees with the rulebooks', () => {
  it.each([
    ['classic', boards.FOUR_LEFT, boards.FOUR_LEFT_LOG, { strokes: 4, cardsLeft: 4, over: true }],
    ['classic', boards.CLEAR_TWO_LEFT, boards.CLEAR_TWO_LEFT_LOG, { strokes: -2, cleared: true, over: true }],
    ['classic', boards.CLEAR_ON_LAST, boards.CLEAR_ON_LAST_LOG, { strokes: 0, cleared: true, over: true }],
    ['queen-on-king', boards.RUN_OF_EIGHT, '12345671', { points: 360 }],
    ['queen-on-king', boards.RUN_OF_EIGHT, '1234d5671', { points: 200 }],
  ] as const)('%s worked case %#', (preset, board, log, expected) => {
    expect(refAnswer(preset, line(board, log))).toMatchObject({ ok: true, ...expected });
    expect(engineAnswer(preset, line(board, log))).toEqual(refAnswer(preset, line(board, log)));
  });

  it("black-hole-solver's sample board is a win with wrap-around ranks", () => {
    const board = boards.BHS_BOARD;
    expect(refParseBoard('wrap', board)).not.toBeNull();
    // A clearing line found once by the engine's solver; the reference checks it on its own.
    const win = 'd2d4dd6467dd275353d22171647253d764316d311d455';
    expect(refAnswer('wrap', line(board, win))).toEqual({
      ok: true,
      over: true,
      cleared: true,
      cardsLeft: 0,
      stockLeft: 6,
      strokes: -6,
      points: expect.any(Number) as number,
    });
    for (const preset of PRESET_KEYS.filter((p) => p !== 'turn-the-corner')) {
      expect(engineAnswer(preset, line(board, win))).toEqual(refAnswer(preset, line(board, win)));
      expect(engineAnswer(preset, line(board, win + 'd'))).toEqual(refAnswer(preset, line(board, win + 'd')));
    }
    // It turns the corner: not a legal line without the wrap.
    expect(refAnswer('queen-on-king', line(board, win))).toMatchObject({ ok: false });
  });
});

describe('engine replay = reference on generated inputs', { timeout: 60_000 }, () => {
  it('agrees on 6,000 generated lines over all four presets', () => {
    const cases = generateCases(20261130, 6000);
    const kinds = new Map<string, number>();
    const codes = new Map<string, number>();
    for (const c of cases) {
      const want = refAnswer(c.preset, c.line);
      const got = engineAnswer(c.preset, c.line);
      if (JSON.stringify(got) !== JSON.stringify(want))
        expect({ preset: c.preset, kind: c.kind, line: c.line, got }).toEqual({
          preset: c.preset,
          kind: c.kind,
          line: c.line,
          got: want,
        });
      kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
      const k = want.ok ? (want.cleared ? 'cleared' : want.over ? 'over' : 'ok') : want.code;
      codes.set(k, (codes.get(k) ?? 0) + 1);
    }
    // The generator reaches every outcome, so the agreement means something.
    for (const k of [
      'ok',
      'over',
      'cleared',
      'ERR_INPUT',
      'ERR_BAD_MOVE',
      'ERR_HOLE_OVER',
      'ERR_NOT_ADJACENT',
      'ERR_COLUMN_EMPTY',
      'ERR_STOCK_EMPTY',
    ])
      expect(codes.get(k) ?? 0, k).toBeGreaterThan(10);
    expect(kinds.size).toBe(9);
  });

  it('agrees on winning lines found by solve (and one move past them)', () => {
    let wins = 0;
    for (const preset of PRESET_KEYS) {
      const rules = PRESETS[preset];
      for (let n = 1; n <= 8; n++) {
        const deal = dealNumber(n, rules);
        if (!deal.ok) throw new Error(deal.error.message);
        const solved = solve(deal.value, rules, { objective: 'win', maxNodes: 20_000 });
        if (!solved.ok || solved.value.winnable !== true) continue;
        wins++;
        // The board goes through the reference's own writer, from the engine's deck order.
        const board = parseBoard(refBoardText(preset, n), rules);
        expect(board.ok).toBe(true);
        for (const log of [
          solved.value.log,
          solved.value.log + 'd',
          solved.value.log + '1',
          solved.value.log.slice(0, -1),
        ]) {
          const l = line(refBoardText(preset, n), log);
          expect(engineAnswer(preset, l)).toEqual(refAnswer(preset, l));
        }
        expect(refAnswer(preset, line(refBoardText(preset, n), solved.value.log))).toMatchObject({
          cleared: true,
        });
      }
    }
    expect(wins).toBeGreaterThan(8);
  });

  it('agrees on arbitrary logs (fast-check)', () => {
    const cards = allCards();
    fc.assert(
      fc.property(
        fc.constantFrom(...PRESET_KEYS),
        fc.array(fc.nat(), { minLength: 51, maxLength: 51 }),
        fc.string({
          unit: fc.constantFrom('1', '2', '3', '4', '5', '6', '7', 'd', 'd', 'd', 'x'),
          maxLength: 70,
        }),
        (preset, swaps, log) => {
          const deck = cards.slice();
          swaps.forEach((s, k) => {
            const i = 51 - k;
            const j = s % (i + 1);
            [deck[i], deck[j]] = [deck[j]!, deck[i]!];
          });
          const l = line(refMakeBoard(refDealOf(preset, deck)), log);
          expect(engineAnswer(preset, l)).toEqual(refAnswer(preset, l));
        },
      ),
      { numRuns: 2000, seed: 7 },
    );
  });
});

/** Deal n's board text written by the reference from the engine's card order (cards are 0..51 = suit*13+rank). */
function refBoardText(preset: PresetKey, n: number): string {
  const deal = dealNumber(n, PRESETS[preset]);
  if (!deal.ok) throw new Error(deal.error.message);
  const toRef = (c: number) => ({ rank: 'A23456789TJQK'[c % 13]!, suit: 'CDHS'[Math.floor(c / 13)]! });
  return refMakeBoard({
    columns: deal.value.columns.map((col) => col.map(toRef)),
    waste: deal.value.waste === null ? null : toRef(deal.value.waste),
    stock: deal.value.stock.map(toRef),
  });
}
