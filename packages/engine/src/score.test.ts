import { describe, expect, it } from 'vitest';
import * as boards from '../test-fixtures/boards.ts';
import { parseBoard } from './board-text.ts';
import { replay } from './game.ts';
import { PRESET_NAMES, PRESETS, type Rules } from './rules.ts';
import { holeWord, MATCH_PAR, matchTotal, scoreOf, toPar, type HoleScore } from './score.ts';

const score = (text: string, rules: Rules, log: string): HoleScore => {
  const deal = parseBoard(text, rules);
  if (!deal.ok) throw new Error(deal.error.message);
  const pos = replay(deal.value, rules, log);
  if (!pos.ok) throw new Error(`${pos.error.code} at ${pos.error.at}`);
  return scoreOf(pos.value);
};

describe("strokes (the complete guide's worked cases, docs/rules.md)", () => {
  it.each([
    {
      name: 'the stock runs out with four cards in the columns, two Kings in front: 4',
      board: boards.FOUR_LEFT,
      log: boards.FOUR_LEFT_LOG,
      want: { over: true, cleared: false, cardsLeft: 4, stockLeft: 0, strokes: 4 },
    },
    {
      name: 'the last column card played with two stock cards face down: -2',
      board: boards.CLEAR_TWO_LEFT,
      log: boards.CLEAR_TWO_LEFT_LOG,
      want: { over: true, cleared: true, cardsLeft: 0, stockLeft: 2, strokes: -2 },
    },
    {
      name: 'the last stock card starts a run that clears every column: 0',
      board: boards.CLEAR_ON_LAST,
      log: boards.CLEAR_ON_LAST_LOG,
      want: { over: true, cleared: true, stockLeft: 0, strokes: 0 },
    },
  ])('$name', ({ board, log, want }) => {
    expect(score(board, PRESETS.classic, log)).toMatchObject(want);
  });

  it('an unfinished hole counts the cards on the board', () => {
    expect(score(boards.CLEAR_TWO_LEFT, PRESETS.classic, '123')).toMatchObject({
      over: false,
      cardsLeft: 32,
      strokes: 32,
    });
    expect(score(boards.CLEAR_TWO_LEFT, PRESETS.classic, '')).toMatchObject({
      cardsLeft: 35,
      stockLeft: 16,
      strokes: 35,
    });
  });
});

describe("points (the run-points rules' worked cases, docs/rules.md)", () => {
  it('a run of eight scores 360 (10 + 20 + ... + 80)', () => {
    expect(score(boards.RUN_OF_EIGHT, PRESETS['queen-on-king'], '12345671').points).toBe(360);
  });

  it('the same eight cards as two runs of four score 100 and 100', () => {
    expect(score(boards.RUN_OF_EIGHT, PRESETS['queen-on-king'], '1234').points).toBe(100);
    expect(score(boards.RUN_OF_EIGHT, PRESETS['queen-on-king'], '1234d5671').points).toBe(200);
  });

  it('the score is the same under every dealt preset (a King may always go on a Queen)', () => {
    for (const name of PRESET_NAMES.filter((p) => PRESETS[p].opening === 'dealt'))
      expect(score(boards.RUN_OF_EIGHT, PRESETS[name], '12345671').points).toBe(360);
  });

  it('a draw resets the run; drawing costs nothing', () => {
    expect(score(boards.RUN_OF_EIGHT, PRESETS.classic, 'd').points).toBe(0);
    expect(score(boards.RUN_OF_EIGHT, PRESETS.classic, '1').points).toBe(10);
  });

  it('emptying a column adds 100 and clearing the board adds 500', () => {
    // Runs of 12, 12 and 11 cards; seven columns emptied; cleared.
    const tri = (n: number) => (10 * n * (n + 1)) / 2;
    expect(score(boards.CLEAR_TWO_LEFT, PRESETS.classic, boards.CLEAR_TWO_LEFT_LOG).points).toBe(
      tri(12) + tri(12) + tri(11) + 7 * 100 + 500,
    );
    // The first run (12 cards) empties no column: the columns are played in turn, at most twice each.
    expect(score(boards.CLEAR_TWO_LEFT, PRESETS.classic, boards.CLEAR_TWO_LEFT_LOG.slice(0, 12)).points).toBe(
      tri(12),
    );
  });
});

describe('matches', () => {
  it('par is 45 over nine holes', () => {
    expect(MATCH_PAR).toBe(45);
    expect(toPar(45, 9)).toBe(0);
    expect(toPar(40, 9)).toBe(-5);
    expect(toPar(12, 2)).toBe(2);
  });

  it('totals sum the holes, negative holes in full', () => {
    expect(matchTotal([4, -2, 0, 9, 11, 5, 6, 7, 5])).toBe(45);
    expect(matchTotal([])).toBe(0);
  });

  it('names holes relative to a par of 5', () => {
    expect([5, 4, 3, 2, 1, -16, 6, 7, 8, 9].map(holeWord)).toEqual([
      'par',
      'birdie',
      'eagle',
      'albatross',
      'condor',
      'condor',
      'bogey',
      'double bogey',
      'triple bogey',
      '+4',
    ]);
  });
});
