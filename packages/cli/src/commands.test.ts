import { describe, expect, it } from 'vitest';
import { auditRound, parseBoard, PRESETS, solve, type Deal } from '@golf/engine';
import * as boards from '../../engine/test-fixtures/boards.ts';
import { refAnswer } from '../../engine/test-fixtures/reference.ts';
import { generateCases } from '../../engine/test-fixtures/reference-cases.ts';
import { parseArgs, runDeal, runLine, tellingWhy, type Command } from './commands.ts';
import { DEAL_1_BOARD } from '../../engine/test-fixtures/boards.ts';
import { DREW_OVER_2S, PLAYED_10S } from '../../engine/test-fixtures/telling.ts';

type ReplayCommand = Extract<Command, { name: 'replay' }>;
const replayCmd = (preset: keyof typeof PRESETS = 'classic'): ReplayCommand => ({
  name: 'replay',
  rules: PRESETS[preset],
});

const DEAL_1 = DEAL_1_BOARD;

function unwrapDeal(text: string): Deal {
  const d = parseBoard(text, PRESETS.classic);
  if (!d.ok) throw new Error(d.error.message);
  return d.value;
}

/** A whole hole's log: perfect play. */
function solveLog(deal: Deal): string {
  const r = solve(deal, PRESETS.classic);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.log;
}
const line = (board: string, log: string) => JSON.stringify({ board, log });

describe('parseArgs', () => {
  it('reads deal with a number and an optional preset', () => {
    expect(parseArgs(['deal', '7'])).toEqual({
      ok: true,
      value: { name: 'deal', number: 7, rules: PRESETS.classic },
    });
    expect(parseArgs(['deal', '7', '--rules', 'wrap'])).toEqual({
      ok: true,
      value: { name: 'deal', number: 7, rules: PRESETS.wrap },
    });
    expect(parseArgs(['deal', '--rules=turn-the-corner', '4294967295'])).toEqual({
      ok: true,
      value: { name: 'deal', number: 4294967295, rules: PRESETS['turn-the-corner'] },
    });
  });

  it('reads replay with an optional preset', () => {
    expect(parseArgs(['replay'])).toEqual({ ok: true, value: replayCmd() });
    for (const p of ['classic', 'queen-on-king', 'wrap', 'turn-the-corner'] as const)
      expect(parseArgs(['replay', '--rules', p])).toEqual({ ok: true, value: replayCmd(p) });
  });

  it.each([
    [[]],
    [['nope']],
    [['deal']],
    [['deal', 'x']],
    [['deal', '-1']],
    [['deal', '1.5']],
    [['deal', '1', '2']],
    [['deal', '1', '--rules']],
    [['deal', '1', '--rules', 'golf']],
    [['replay', 'extra']],
    [['replay', '--speed', 'fast']],
  ])('refuses %j with ERR_ARGS', (argv) => {
    expect(parseArgs(argv)).toMatchObject({ ok: false, error: { code: 'ERR_ARGS' } });
  });
});

describe('runDeal', () => {
  it('prints the board text of a deal', () => {
    expect(runDeal({ name: 'deal', number: 1, rules: PRESETS.classic })).toEqual({ ok: true, value: DEAL_1 });
  });
  it('refuses deal numbers outside 1..2^32-1', () => {
    expect(runDeal({ name: 'deal', number: 0, rules: PRESETS.classic }).ok).toBe(false);
    expect(runDeal({ name: 'deal', number: 2 ** 32, rules: PRESETS.classic }).ok).toBe(false);
  });
});

describe('runLine (replay)', () => {
  it('answers a legal log with the score, keys in the contract order', () => {
    const answer = runLine(replayCmd(), line(DEAL_1, 'dd34'));
    // 9D, 2C drawn; AC then 2S played.
    expect(JSON.stringify(answer)).toBe(
      '{"ok":true,"over":false,"cleared":false,"cardsLeft":33,"stockLeft":14,"strokes":33,"points":30}',
    );
  });

  it('answers an empty log with the start of the hole', () => {
    expect(runLine(replayCmd(), line(DEAL_1, ''))).toEqual({
      ok: true,
      over: false,
      cleared: false,
      cardsLeft: 35,
      stockLeft: 16,
      strokes: 35,
      points: 0,
    });
  });

  it.each([
    ['1', 0, 'ERR_NOT_ADJACENT'],
    ['dd35', 3, 'ERR_NOT_ADJACENT'],
    ['d9', 1, 'ERR_BAD_MOVE'],
    ['ddD', 2, 'ERR_BAD_MOVE'],
    ['1x', 0, 'ERR_NOT_ADJACENT'],
    ['d'.repeat(17), 16, 'ERR_HOLE_OVER'], // on 7H (the last card) nothing of QD JD AC 2S QH KC 4H fits
  ])('log %j fails at %i with %s', (log, at, code) => {
    const answer = runLine(replayCmd(), line(DEAL_1, log));
    expect(Object.keys(answer)).toEqual(['ok', 'at', 'code', 'message']);
    expect(answer).toMatchObject({ ok: false, at, code });
    expect(typeof answer['message']).toBe('string');
  });

  it('ERR_COLUMN_EMPTY, ERR_STOCK_EMPTY and ERR_HOLE_OVER on the worked boards', () => {
    // Column 1 is emptied by the move at index 42; the 16th stock card is drawn at index 39.
    expect(
      runLine(replayCmd(), line(boards.CLEAR_TWO_LEFT, boards.CLEAR_TWO_LEFT_LOG.slice(0, 43) + '1')),
    ).toMatchObject({
      ok: false,
      at: 43,
      code: 'ERR_COLUMN_EMPTY',
    });
    expect(
      runLine(replayCmd(), line(boards.CLEAR_ON_LAST, boards.CLEAR_ON_LAST_LOG.slice(0, 40) + 'd')),
    ).toMatchObject({
      ok: false,
      at: 40,
      code: 'ERR_STOCK_EMPTY',
    });
    expect(runLine(replayCmd(), line(boards.CLEAR_TWO_LEFT, boards.CLEAR_TWO_LEFT_LOG + 'd'))).toMatchObject({
      ok: false,
      at: 49,
      code: 'ERR_HOLE_OVER',
    });
  });

  it('answers the worked cases of seed 004', () => {
    expect(runLine(replayCmd(), line(boards.CLEAR_TWO_LEFT, boards.CLEAR_TWO_LEFT_LOG))).toMatchObject({
      ok: true,
      over: true,
      cleared: true,
      cardsLeft: 0,
      stockLeft: 2,
      strokes: -2,
    });
    expect(
      JSON.stringify(runLine(replayCmd(), line(boards.CLEAR_ON_LAST, boards.CLEAR_ON_LAST_LOG))),
    ).toContain('"strokes":0,');
    expect(runLine(replayCmd(), line(boards.FOUR_LEFT, boards.FOUR_LEFT_LOG))).toMatchObject({
      ok: true,
      over: true,
      strokes: 4,
    });
  });

  it.each([
    ['not json', 'not JSON'],
    ['', 'empty'],
    ['[1, 2]', 'not a JSON object'],
    ['null', 'not a JSON object'],
    ['42', 'not a JSON object'],
    [JSON.stringify({ log: '' }), '"board"'],
    [JSON.stringify({ board: 7, log: '' }), '"board"'],
    [JSON.stringify({ board: DEAL_1 }), '"log"'],
    [JSON.stringify({ board: DEAL_1, log: 12 }), '"log"'],
    [line(DEAL_1.replace('4H\n', '4H 4H\n'), ''), ''],
    [line(DEAL_1.replace('QC 6D 7S 2D 4H\n', ''), ''), ''],
    [line(DEAL_1.replace('4H\n', 'XX\n'), ''), ''],
    [line(DEAL_1.replace('Talon: 9D ', 'Talon: '), ''), ''],
  ])('answers %j with ERR_INPUT', (input, hint) => {
    const answer = runLine(replayCmd(), input);
    expect(Object.keys(answer)).toEqual(['ok', 'code', 'message']);
    expect(answer).toMatchObject({ ok: false, code: 'ERR_INPUT' });
    expect(String(answer['message'])).toContain(hint);
  });

  it('a board whose stock does not fit the preset is ERR_INPUT', () => {
    expect(runLine(replayCmd('turn-the-corner'), line(DEAL_1, ''))).toMatchObject({
      ok: false,
      code: 'ERR_INPUT',
    });
    const free = DEAL_1.replace('Foundations: 8H\nTalon:', 'Foundations: -\nTalon: 8H');
    expect(runLine(replayCmd('classic'), line(free, ''))).toMatchObject({ ok: false, code: 'ERR_INPUT' });
    expect(runLine(replayCmd('turn-the-corner'), line(free, ''))).toMatchObject({ ok: true, stockLeft: 17 });
  });
});

describe('runLine agrees with the independent reference', { timeout: 60_000 }, () => {
  it('on 3,000 generated lines over all four presets (message aside)', () => {
    for (const c of generateCases(4242, 3000)) {
      const { message, ...answer } = runLine(replayCmd(c.preset), c.line);
      if (answer['ok'] === false) expect(typeof message).toBe('string');
      expect({ line: c.line, answer }).toEqual({ line: c.line, answer: refAnswer(c.preset, c.line) });
    }
  });
});

describe('audit', () => {
  const auditCmd = { name: 'audit', rules: PRESETS.classic } as const;
  const deal1 = unwrapDeal(DEAL_1);
  const perfect = solveLog(deal1);
  const auditLine = (boards: unknown, logs: unknown) => JSON.stringify({ boards, logs });

  it('parses audit with an optional preset and nothing else', () => {
    expect(parseArgs(['audit'])).toEqual({ ok: true, value: auditCmd });
    expect(parseArgs(['audit', '--rules', 'wrap'])).toEqual({
      ok: true,
      value: { name: 'audit', rules: PRESETS.wrap },
    });
    expect(parseArgs(['audit', 'x'])).toMatchObject({ ok: false, error: { code: 'ERR_ARGS' } });
    expect(parseArgs(['audit', '--objective', 'win'])).toMatchObject({
      ok: false,
      error: { code: 'ERR_ARGS' },
    });
  });

  it('answers a round with the engine verdict, keys in the contract order', { timeout: 60_000 }, () => {
    const answer = runLine(auditCmd, auditLine([DEAL_1], [perfect]));
    expect(Object.keys(answer)).toEqual(['flagged', 'pValue', 'telling', 'decisions', 'holes']);
    const engine = auditRound([deal1], PRESETS.classic, [perfect]);
    if (!engine.ok) throw new Error(engine.error.message);
    const { holes: engineHoles, ...verdict } = engine.value;
    const { holes: answerHoles, ...answered } = answer;
    expect(answered).toEqual(verdict);
    const holes = answerHoles as { telling: { at: number; move: string; why: string }[] }[];
    expect(holes).toHaveLength(1);
    expect(Object.keys(holes[0]!)).toEqual(['telling']);
    // The contract's plain words, made here from the engine's reasons.
    expect(holes[0]!.telling).toEqual(
      engineHoles[0]!.telling.map((t) => ({ at: t.at, move: t.move, why: tellingWhy(t.reason) })),
    );
    for (const t of holes[0]!.telling) {
      expect(perfect[t.at]).toBe(t.move);
      expect(Object.keys(t)).toEqual(['at', 'move', 'why']);
      expect(t.why).toMatch(
        /^(Drew with .+ playable|Played [2-9TJQKA][CDHS] from column [1-7]): without knowing the stock, /,
      );
      expect(t.why).toMatch(
        /better by \d+\.\d strokes on average; with the stock known, (the draw|this play) was best \(the real stock ranks \d+ of \d+ orders by what this move loses\)\.$/,
      );
    }
    expect(answer['decisions']).toBeGreaterThan(0);
  });

  it('audits with the salt a line gives (a closed day\'s auditSalt), as the engine does', { timeout: 60_000 }, () => {
    const salt = 'a3'.repeat(32);
    const answer = runLine(auditCmd, JSON.stringify({ boards: [DEAL_1], logs: [perfect], salt }));
    const engine = auditRound([deal1], PRESETS.classic, [perfect], salt);
    if (!engine.ok) throw new Error(engine.error.message);
    expect(answer).toMatchObject({ pValue: engine.value.pValue, decisions: engine.value.decisions });
    // Other orders, so (here) another p-value than the unsalted audit's; an empty salt is no salt.
    const unsalted = runLine(auditCmd, auditLine([DEAL_1], [perfect]));
    expect(answer['pValue']).not.toBe(unsalted['pValue']);
    expect(runLine(auditCmd, JSON.stringify({ boards: [DEAL_1], logs: [perfect], salt: '' }))).toEqual(unsalted);
  });

  it('words a telling reason', () => {
    expect(tellingWhy(DREW_OVER_2S)).toBe(
      'Drew with 2D, 2S playable: without knowing the stock, playing 2S (column 6) was better by 4.5 strokes on average; with the stock known, the draw was best (the real stock ranks 1 of 5 orders by what this move loses).',
    );
    expect(tellingWhy(PLAYED_10S)).toBe(
      'Played TS from column 4: without knowing the stock, drawing was better by 2.0 strokes on average; with the stock known, this play was best (the real stock ranks 2 of 9 orders by what this move loses).',
    );
  });

  it.each([
    ['not json', 'ERR_INPUT'],
    [JSON.stringify({ boards: DEAL_1, logs: [''] }), 'ERR_INPUT'],
    [JSON.stringify({ boards: [DEAL_1], logs: [1] }), 'ERR_INPUT'],
    [JSON.stringify({ boards: [DEAL_1] }), 'ERR_INPUT'],
    [JSON.stringify({ boards: [DEAL_1], logs: ['', ''] }), 'ERR_LENGTHS'],
    [JSON.stringify({ boards: [], logs: [] }), 'ERR_LENGTHS'],
    [JSON.stringify({ boards: Array(10).fill(DEAL_1), logs: Array(10).fill('') }), 'ERR_LENGTHS'],
    [JSON.stringify({ boards: [DEAL_1.replace('4H\n', '4H 4H\n')], logs: [''] }), 'ERR_BOARD'],
    [JSON.stringify({ boards: [DEAL_1], logs: ['dx'] }), 'ERR_ILLEGAL_MOVE'],
    [JSON.stringify({ boards: [DEAL_1], logs: ['1'] }), 'ERR_ILLEGAL_MOVE'],
    [JSON.stringify({ boards: [DEAL_1], logs: ['dd34'] }), 'ERR_NOT_OVER'],
    [JSON.stringify({ boards: [DEAL_1], logs: [''], salt: 7 }), 'ERR_INPUT'],
    [JSON.stringify({ boards: [DEAL_1], logs: [''], salt: 'XYZ' }), 'ERR_INPUT'],
    [JSON.stringify({ boards: [DEAL_1], logs: [''], salt: 'a'.repeat(129) }), 'ERR_INPUT'],
  ])('answers %j with %s', (input, code) => {
    const answer = runLine(auditCmd, input);
    expect(Object.keys(answer)).toEqual(['ok', 'code', 'message']);
    expect(answer).toMatchObject({ ok: false, code });
  });

  it('names the hole and the move of a bad log', () => {
    const answer = runLine(auditCmd, auditLine([DEAL_1, DEAL_1], [perfect, 'd1']));
    expect(answer).toMatchObject({ ok: false, code: 'ERR_ILLEGAL_MOVE' });
    expect(String(answer['message'])).toMatch(/^hole 2: move 2: /);
  });
});
