import { describe, expect, it } from 'vitest';
import * as boards from '../test-fixtures/boards.ts';
import { parseBoard } from './board-text.ts';
import { makeCard } from './card.ts';
import type { Deal } from './deal.ts';
import {
  applyMove,
  cardsLeft,
  DRAW,
  exposed,
  isCleared,
  isOver,
  legalMoves,
  makeLog,
  makeMove,
  parseLog,
  parseMove,
  play,
  playableColumns,
  replay,
  startPosition,
  stockLeft,
  type Move,
  type Position,
} from './game.ts';
import { PRESETS, type Rules } from './rules.ts';
import { DEAL_1_BOARD } from '../test-fixtures/boards.ts';

const board = (text: string, rules: Rules = PRESETS.classic): Deal => {
  const d = parseBoard(text, rules);
  if (!d.ok) throw new Error(d.error.message);
  return d.value;
};

const DEAL_1 = DEAL_1_BOARD;
const DEAL_1_FREE = DEAL_1.replace('Foundations: 8H\nTalon:', 'Foundations: -\nTalon: 8H');

const run = (deal: Deal, rules: Rules, log: string): Position => {
  const r = replay(deal, rules, log);
  if (!r.ok) throw new Error(`${r.error.code} at ${r.error.at}`);
  return r.value;
};
const failure = (deal: Deal, rules: Rules, log: string) => {
  const r = replay(deal, rules, log);
  return r.ok ? 'ok' : { at: r.error.at, code: r.error.code };
};

describe('positions and legal moves', () => {
  const deal = board(DEAL_1);

  it('starts with full columns, the dealt waste and 16 stock cards', () => {
    const pos = startPosition(deal, PRESETS.classic);
    expect(pos.heights).toEqual([5, 5, 5, 5, 5, 5, 5]);
    expect(cardsLeft(pos)).toBe(35);
    expect(stockLeft(pos)).toBe(16);
    expect(pos.top === null ? '-' : makeCard(pos.top)).toBe('8H');
    expect([1, 2, 3, 4, 5, 6, 7].map((c) => makeCard(exposed(pos, c)!))).toEqual([
      'QD',
      'JD',
      'AC',
      '2S',
      'QH',
      'KC',
      '4H',
    ]);
    expect(exposed(pos, 0)).toBeNull();
    expect(exposed(pos, 8)).toBeNull();
  });

  it('on 8H nothing of QD JD AC 2S QH KC 4H fits: drawing is the only move', () => {
    const pos = startPosition(deal, PRESETS.classic);
    expect(legalMoves(pos)).toEqual([DRAW]);
    expect(isOver(pos)).toBe(false);
  });

  it('after drawing 9D nothing fits either; after 2C the Ace fits (column 3)', () => {
    expect(playableColumns(run(deal, PRESETS.classic, 'd'))).toEqual([]);
    expect(legalMoves(run(deal, PRESETS.classic, 'dd'))).toEqual([play(3), DRAW]);
  });

  it('wrap: on KH (the tenth stock card) the Aces do not fit in classic but fit with wrap', () => {
    // Draws: 9D 2C 9H 9C 7D TS 4D 8C 5C KH. Exposed: QD JD AC 2S QH KC 4H.
    expect(playableColumns(run(deal, PRESETS.classic, 'dddddddddd'))).toEqual([]);
    expect(playableColumns(run(deal, PRESETS['queen-on-king'], 'dddddddddd'))).toEqual([1, 5]);
    expect(playableColumns(run(deal, PRESETS.wrap, 'dddddddddd'))).toEqual([1, 3, 5]);
  });

  it('turn-the-corner: any exposed card fits the empty waste, and a draw may be the first move', () => {
    const free = board(DEAL_1_FREE, PRESETS['turn-the-corner']);
    const pos = startPosition(free, PRESETS['turn-the-corner']);
    expect(pos.top).toBeNull();
    expect(stockLeft(pos)).toBe(17);
    expect(legalMoves(pos)).toEqual([1, 2, 3, 4, 5, 6, 7].map(play).concat([DRAW]));
    const drawn = run(free, PRESETS['turn-the-corner'], 'd');
    expect(makeCard(drawn.top!)).toBe('8H');
    const kingFirst = run(free, PRESETS['turn-the-corner'], '6');
    expect(makeCard(kingFirst.top!)).toBe('KC');
    // On the King (turning the corner): the Ace of column 3 and the Queens of columns 1 and 5.
    expect(playableColumns(kingFirst)).toEqual([1, 3, 5]);
  });
});

describe('applyMove', () => {
  const deal = board(DEAL_1);
  const start = startPosition(deal, PRESETS.classic);
  const code = (pos: Position, move: Move) => {
    const r = applyMove(pos, move);
    return r.ok ? 'ok' : r.error.code;
  };

  it('draws the next stock card onto the waste', () => {
    const r = applyMove(start, DRAW);
    expect(r.ok && makeCard(r.value.top!)).toBe('9D');
    expect(r.ok && stockLeft(r.value)).toBe(15);
  });

  it('refuses columns outside 1..7 and unknown moves with ERR_BAD_MOVE', () => {
    for (const column of [0, 8, -1, 1.5, Number.NaN])
      expect(code(start, { kind: 'play', column })).toBe('ERR_BAD_MOVE');
    expect(code(start, { kind: 'jump' } as unknown as Move)).toBe('ERR_BAD_MOVE');
  });

  it('refuses a card that does not fit with ERR_NOT_ADJACENT', () => {
    const r = applyMove(start, play(1));
    expect(!r.ok && r.error).toEqual({ code: 'ERR_NOT_ADJACENT', message: 'QD does not fit on 8H' });
  });

  it('does not change the position it is given', () => {
    const before = JSON.stringify(start);
    applyMove(start, DRAW);
    applyMove(run(deal, PRESETS.classic, 'dd'), play(3));
    expect(JSON.stringify(start)).toBe(before);
  });
});

describe('replay errors: the code and the index of the first move that cannot be made', () => {
  const classic = PRESETS.classic;
  const deal1 = board(DEAL_1);
  const clearTwo = board(boards.CLEAR_TWO_LEFT);
  const clearLast = board(boards.CLEAR_ON_LAST);
  const four = board(boards.FOUR_LEFT);

  it.each([
    ['x', 0],
    ['dx', 1],
    ['dd0', 2],
    ['dd8', 2],
    ['dD', 1],
    ['d d', 1],
    ['dd3\n', 3],
    ['ddé', 2],
  ])('ERR_BAD_MOVE for %j at %i', (log, at) => {
    expect(failure(deal1, classic, log)).toEqual({ at, code: 'ERR_BAD_MOVE' });
  });

  it('ERR_NOT_ADJACENT', () => {
    expect(failure(deal1, classic, '1')).toEqual({ at: 0, code: 'ERR_NOT_ADJACENT' });
    expect(failure(deal1, classic, 'dd35')).toEqual({ at: 3, code: 'ERR_NOT_ADJACENT' });
  });

  it('an illegal move is reported even when a bad character follows it', () => {
    expect(failure(deal1, classic, '1x')).toEqual({ at: 0, code: 'ERR_NOT_ADJACENT' });
  });

  it('ERR_COLUMN_EMPTY: column 1 is emptied by the move at index 42', () => {
    expect(failure(clearTwo, classic, boards.CLEAR_TWO_LEFT_LOG.slice(0, 43) + '1')).toEqual({
      at: 43,
      code: 'ERR_COLUMN_EMPTY',
    });
  });

  it('ERR_STOCK_EMPTY: a draw after the last stock card while a play still fits', () => {
    const prefix = boards.CLEAR_ON_LAST_LOG.slice(0, 40); // ends with the draw of AH, the 16th stock card
    const pos = run(clearLast, classic, prefix);
    expect(stockLeft(pos)).toBe(0);
    expect(isOver(pos)).toBe(false);
    expect(failure(clearLast, classic, prefix + 'd')).toEqual({ at: 40, code: 'ERR_STOCK_EMPTY' });
  });

  it('ERR_HOLE_OVER: any move after a clear, even with stock left', () => {
    expect(boards.CLEAR_TWO_LEFT_LOG).toHaveLength(49);
    for (const m of ['d', '1', '7'])
      expect(failure(clearTwo, classic, boards.CLEAR_TWO_LEFT_LOG + m)).toEqual({ at: 49, code: 'ERR_HOLE_OVER' });
  });

  it('ERR_HOLE_OVER: any move once the stock is empty and nothing fits', () => {
    for (const m of ['d', '1', '2', '3', '4'])
      expect(failure(four, classic, boards.FOUR_LEFT_LOG + m)).toEqual({
        at: boards.FOUR_LEFT_LOG.length,
        code: 'ERR_HOLE_OVER',
      });
  });

  it('the earliest failure wins over later ones', () => {
    expect(failure(clearTwo, classic, boards.CLEAR_TWO_LEFT_LOG + 'dx1')).toEqual({ at: 49, code: 'ERR_HOLE_OVER' });
    expect(failure(deal1, classic, 'd1dddddddddddddddddddd')).toEqual({ at: 1, code: 'ERR_NOT_ADJACENT' });
  });

  it('an empty log is the start position', () => {
    expect(run(deal1, classic, '')).toEqual(startPosition(deal1, classic));
  });
});

describe('when a hole is over', () => {
  const classic = PRESETS.classic;

  it('is over at once when the 35th card is played, whatever the stock holds', () => {
    const pos = run(board(boards.CLEAR_TWO_LEFT), classic, boards.CLEAR_TWO_LEFT_LOG);
    expect(isCleared(pos)).toBe(true);
    expect(stockLeft(pos)).toBe(2);
    expect(isOver(pos)).toBe(true);
    expect(legalMoves(pos)).toEqual([]);
    // One move earlier it was not over.
    expect(isOver(run(board(boards.CLEAR_TWO_LEFT), classic, boards.CLEAR_TWO_LEFT_LOG.slice(0, -1)))).toBe(false);
  });

  it('is over when the stock is empty and nothing fits', () => {
    const deal = board(boards.FOUR_LEFT);
    const pos = run(deal, classic, boards.FOUR_LEFT_LOG);
    expect(stockLeft(pos)).toBe(0);
    expect(cardsLeft(pos)).toBe(4);
    expect(isOver(pos)).toBe(true);
    expect(legalMoves(pos)).toEqual([]);
    // Before the last draw the stock was not empty: not over, even though nothing fitted.
    const before = run(deal, classic, boards.FOUR_LEFT_LOG.slice(0, -1));
    expect(playableColumns(before)).toEqual([]);
    expect(isOver(before)).toBe(false);
    expect(legalMoves(before)).toEqual([DRAW]);
  });

  it('is not over with an empty stock while a card fits', () => {
    const pos = run(board(boards.CLEAR_ON_LAST), classic, boards.CLEAR_ON_LAST_LOG.slice(0, 40));
    expect(isOver(pos)).toBe(false);
    expect(legalMoves(pos).length).toBeGreaterThan(0);
    expect(legalMoves(pos)).not.toContainEqual(DRAW);
  });

  it('the whole logs of the worked boards replay to a finished hole', () => {
    expect(isOver(run(board(boards.CLEAR_ON_LAST), classic, boards.CLEAR_ON_LAST_LOG))).toBe(true);
    expect(isOver(run(board(boards.RUN_OF_EIGHT), PRESETS['queen-on-king'], '12345671'))).toBe(false);
  });
});

describe('move and log text', () => {
  it('parses 1..7 and d, and nothing else', () => {
    expect(parseMove('d')).toEqual({ ok: true, value: DRAW });
    expect(parseMove('4')).toEqual({ ok: true, value: play(4) });
    for (const ch of ['0', '8', 'D', '', '12', ' ', 'p'])
      expect(parseMove(ch)).toMatchObject({ ok: false, error: { code: 'ERR_BAD_MOVE' } });
  });

  it('round-trips logs and reports the first bad character', () => {
    expect(makeLog([play(1), DRAW, play(7)])).toBe('1d7');
    expect(makeMove(DRAW)).toBe('d');
    const moves = parseLog('1d7');
    expect(moves.ok && makeLog(moves.value)).toBe('1d7');
    expect(parseLog('12d9x')).toMatchObject({ ok: false, error: { code: 'ERR_BAD_MOVE', at: 3 } });
    expect(parseLog('')).toEqual({ ok: true, value: [] });
  });
});
