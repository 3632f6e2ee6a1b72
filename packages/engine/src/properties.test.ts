import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeBoard, parseBoard } from './board-text.ts';
import { orderedDeck, type Card } from './card.ts';
import { dealFromDeck, deckFromDeal, type Deal } from './deal.ts';
import {
  applyMove,
  DRAW,
  isOver,
  legalMoves,
  makeLog,
  parseLog,
  parseMove,
  play,
  replay,
  startPosition,
  type LogError,
  type Move,
  type Position,
} from './game.ts';
import { type Rules } from './rules.ts';
import { scoreOf } from './score.ts';
import type { Result } from './result.ts';
import { arbDeck, arbGame, arbRules } from '../test-fixtures/arbitraries.ts';

const MOVE_CODES = [
  'ERR_BAD_MOVE',
  'ERR_HOLE_OVER',
  'ERR_COLUMN_EMPTY',
  'ERR_NOT_ADJACENT',
  'ERR_STOCK_EMPTY',
];

/** Choices drive a random legal game: at each step, choice % (number of legal moves). */
const arbChoices = fc.oneof(
  fc.array(fc.nat(1000), { maxLength: 60 }),
  fc.array(fc.nat(1000), { minLength: 60, maxLength: 80 }), // long enough to finish the hole
);
const arbLogChar = fc.constantFrom('1', '2', '3', '4', '5', '6', '7', 'd', 'd', 'd', '0', '8', 'x', 'D', ' ');
/** Draw-heavy logs reach the empty stock (and the end of the hole) often. */
const arbLog = fc.oneof(
  fc.string({ unit: arbLogChar, maxLength: 70 }),
  fc.string({
    unit: fc.constantFrom('1', '2', '3', '4', '5', '6', '7', 'd', 'd', 'd', 'd', 'd', 'd', 'd', 'x'),
    maxLength: 70,
  }),
);

/** Plays a random legal game; returns every position with the waste history (every card that was ever on top). */
function walk(deal: Deal, rules: Rules, choices: readonly number[]) {
  let pos = startPosition(deal, rules);
  const waste: Card[] = deal.waste === null ? [] : [deal.waste];
  const seen: { pos: Position; waste: Card[]; log: string }[] = [{ pos, waste: waste.slice(), log: '' }];
  let log = '';
  for (const c of choices) {
    const legal = legalMoves(pos);
    if (legal.length === 0) break;
    const move = legal[c % legal.length]!;
    const next = applyMove(pos, move);
    if (!next.ok) throw new Error(`legal move refused: ${next.error.code}`);
    pos = next.value;
    waste.push(pos.top!);
    log += move.kind === 'draw' ? 'd' : String(move.column);
    seen.push({ pos, waste: waste.slice(), log });
  }
  return seen;
}

/** Folds single moves: each character parsed then applied; the first failure is reported at its index. */
function fold(deal: Deal, rules: Rules, log: string): Result<Position, LogError> {
  let pos = startPosition(deal, rules);
  for (let i = 0; i < log.length; i++) {
    const m = parseMove(log[i]!);
    if (!m.ok) return { ok: false, error: { ...m.error, at: i } };
    const next = applyMove(pos, m.value);
    if (!next.ok) return { ok: false, error: { ...next.error, at: i } };
    pos = next.value;
  }
  return { ok: true, value: pos };
}

const brief = (r: Result<Position, LogError>) =>
  r.ok
    ? { ok: true, ...scoreOf(r.value), heights: r.value.heights, top: r.value.top, drawn: r.value.drawn }
    : { ok: false, at: r.error.at, code: r.error.code, message: r.error.message };

describe('cards are conserved', { timeout: 60_000 }, () => {
  it('dealFromDeck / deckFromDeal round-trip every deck under every preset', () => {
    fc.assert(
      fc.property(arbDeck, arbRules, (deck, rules) => {
        const deal = dealFromDeck(deck, rules);
        expect(deckFromDeal(deal)).toEqual(deck);
        expect(deal.columns.map((c) => c.length)).toEqual([5, 5, 5, 5, 5, 5, 5]);
        expect(deal.stock).toHaveLength(rules.opening === 'free' ? 17 : 16);
      }),
      { numRuns: 300 },
    );
  });

  it('every position holds the 52 cards: columns + waste history + stock', () => {
    fc.assert(
      fc.property(arbGame, arbChoices, ({ deal, rules }, choices) => {
        for (const { pos, waste } of walk(deal, rules, choices)) {
          const board = deal.columns.flatMap((col, c) => col.slice(0, pos.heights[c]));
          const stock = deal.stock.slice(pos.drawn);
          const all = [...board, ...waste, ...stock].sort((a, b) => a - b);
          expect(all).toEqual(orderedDeck());
          expect(pos.top).toBe(waste.length === 0 ? null : waste[waste.length - 1]);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('moves', { timeout: 60_000 }, () => {
  it('every legal move applies; every other move fails with a code', () => {
    const all: Move[] = [1, 2, 3, 4, 5, 6, 7].map(play).concat([DRAW]);
    fc.assert(
      fc.property(arbGame, arbChoices, ({ deal, rules }, choices) => {
        for (const { pos } of walk(deal, rules, choices)) {
          const legal = legalMoves(pos);
          expect(legal.length === 0).toBe(isOver(pos));
          for (const move of all) {
            const r = applyMove(pos, move);
            const isLegal = legal.some(
              (m) =>
                m.kind === move.kind &&
                (m.kind === 'draw' || (move.kind === 'play' && m.column === move.column)),
            );
            expect(r.ok).toBe(isLegal);
            if (!r.ok) {
              expect(MOVE_CODES).toContain(r.error.code);
              expect(r.error.message.length).toBeGreaterThan(0);
              if (isOver(pos)) expect(r.error.code).toBe('ERR_HOLE_OVER');
            }
          }
          for (const column of [0, 8])
            expect(applyMove(pos, play(column))).toMatchObject({
              ok: false,
              error: { code: 'ERR_BAD_MOVE' },
            });
        }
      }),
      { numRuns: 150 },
    );
  });

  it('replay equals folding single moves (same position, or same error index and code)', () => {
    fc.assert(
      fc.property(arbGame, arbLog, ({ deal, rules }, log) => {
        const a = replay(deal, rules, log);
        const b = fold(deal, rules, log);
        expect(brief(a)).toEqual(brief(b));
        if (a.ok && b.ok) expect(a.value).toEqual(b.value);
      }),
      { numRuns: 1500 },
    );
  });

  it('replay equals folding applyMove over parseLog on legal games and their extensions', () => {
    fc.assert(
      fc.property(
        arbGame,
        arbChoices,
        fc.string({ unit: fc.constantFrom(...'1234567d'), maxLength: 4 }),
        ({ deal, rules }, choices, extra) => {
          const steps = walk(deal, rules, choices);
          const last = steps[steps.length - 1]!;
          const r = replay(deal, rules, last.log);
          expect(r.ok && r.value).toEqual(last.pos);
          const log = last.log + extra;
          const moves = parseLog(log);
          expect(moves.ok).toBe(true);
          if (!moves.ok) return;
          let pos = startPosition(deal, rules);
          let failure: { at: number; code: string } | null = null;
          for (const [i, m] of moves.value.entries()) {
            const next = applyMove(pos, m);
            if (!next.ok) {
              failure = { at: i, code: next.error.code };
              break;
            }
            pos = next.value;
          }
          const whole = replay(deal, rules, log);
          expect(whole.ok ? null : { at: whole.error.at, code: whole.error.code }).toEqual(failure);
          if (whole.ok) expect(whole.value).toEqual(pos);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('text forms round-trip', { timeout: 60_000 }, () => {
  /** Reformats canonical board text the ways other writers do. */
  const arbStyle = fc.record({
    ten: fc.boolean(),
    lower: fc.boolean(),
    colon: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
    crlf: fc.boolean(),
    talonFirst: fc.boolean(),
    spaces: fc.constantFrom(' ', '  ', '\t'),
    blank: fc.boolean(),
  });

  it('makeBoard -> parseBoard gives the deal back, in any accepted spelling', () => {
    fc.assert(
      fc.property(arbGame, arbStyle, ({ deal, rules }, s) => {
        const text = makeBoard(deal);
        let lines = text.trimEnd().split('\n');
        if (s.talonFirst) lines = [lines[1]!, lines[0]!, ...lines.slice(2)];
        lines = lines.map((l) => {
          let out = l.replace(/ /g, s.spaces).replace(/:\s+/, ': ');
          if (s.ten) out = out.replace(/T([CDHS])/g, '10$1');
          if (s.lower) out = out.toLowerCase();
          return out;
        });
        lines = lines.map((l, i) => (i >= 2 && s.colon[i - 2] ? `: ${l}` : l));
        if (s.blank) lines.splice(2, 0, '', '  ');
        const variant = lines.join(s.crlf ? '\r\n' : '\n') + (s.crlf ? '\r\n' : '\n');
        const parsed = parseBoard(variant, rules);
        expect(parsed.ok && parsed.value).toEqual(deal);
        expect(parsed.ok && makeBoard(parsed.value)).toBe(text);
      }),
      { numRuns: 400 },
    );
  });

  it('makeLog -> parseLog and parseLog -> makeLog', () => {
    const arbMove = fc.oneof(fc.constant(DRAW), fc.integer({ min: 1, max: 7 }).map(play));
    fc.assert(
      fc.property(fc.array(arbMove, { maxLength: 60 }), (moves) => {
        const parsed = parseLog(makeLog(moves));
        expect(parsed.ok && parsed.value).toEqual(moves);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'1234567d'), maxLength: 60 }), (log) => {
        const parsed = parseLog(log);
        expect(parsed.ok && makeLog(parsed.value)).toBe(log);
      }),
    );
  });
});

describe('inputs are never mutated', { timeout: 60_000 }, () => {
  const deepFreeze = <T>(value: T): T => {
    if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
      Object.freeze(value);
      for (const v of Object.values(value)) deepFreeze(v);
    }
    return value;
  };

  it('replay, applyMove, legalMoves, scoreOf and makeBoard work on frozen data and leave it unchanged', () => {
    fc.assert(
      fc.property(
        arbDeck,
        arbRules,
        arbChoices,
        fc.string({ unit: arbLogChar, maxLength: 60 }),
        (deck, rules, choices, log) => {
          const deal = deepFreeze(dealFromDeck(deck, rules));
          const frozenRules = deepFreeze({ ...rules });
          const before = JSON.stringify(deal);
          replay(deal, frozenRules, log);
          makeBoard(deal);
          for (const { pos } of walk(deal, frozenRules, choices)) {
            const p = deepFreeze(pos);
            const snapshot = JSON.stringify(p);
            legalMoves(p);
            scoreOf(p);
            for (const m of [DRAW, play(1), play(4), play(7)]) applyMove(p, m);
            expect(JSON.stringify(p)).toBe(snapshot);
          }
          expect(JSON.stringify(deal)).toBe(before);
        },
      ),
      { numRuns: 150 },
    );
  });
});
