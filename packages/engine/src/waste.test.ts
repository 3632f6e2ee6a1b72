import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomLog, unwrap } from '../test-fixtures/play.ts';
import { dealNumber } from './deal.ts';
import { replay } from './game.ts';
import { PRESETS } from './rules.ts';
import { wastePile } from './waste.ts';
import { arbGame } from '../test-fixtures/arbitraries.ts';

describe('wastePile', () => {
  it('starts with the dealt waste card, then the card of every move in order', () => {
    const deal = unwrap(dealNumber(9, PRESETS.classic));
    expect(wastePile(deal, '')).toEqual([deal.waste]);
    expect(wastePile(deal, 'dd')).toEqual([deal.waste, deal.stock[0], deal.stock[1]]);
    const free = unwrap(dealNumber(9, PRESETS['turn-the-corner']));
    expect(wastePile(free, '')).toEqual([]);
    expect(wastePile(free, '3')).toEqual([free.columns[2]![4]]);
    expect(wastePile(free, '33')).toEqual([free.columns[2]![4], free.columns[2]![3]]);
  });

  it('on every legal log: one card a move, the top is the position top, a prefix builds a prefix', () => {
    fc.assert(
      fc.property(arbGame, fc.array(fc.nat(1000), { maxLength: 60 }), ({ deal, rules }, choices) => {
        const log = randomLog(deal, rules, choices);
        const pile = wastePile(deal, log);
        expect(pile).toHaveLength((deal.waste === null ? 0 : 1) + log.length);
        expect(pile.at(-1) ?? null).toBe(unwrap(replay(deal, rules, log)).top);
        expect(new Set(pile).size).toBe(pile.length);
        const half = log.slice(0, log.length >> 1);
        expect(wastePile(deal, half)).toEqual(pile.slice(0, pile.length - (log.length - half.length)));
      }),
      { numRuns: 200 },
    );
  });

  it('adds nothing for a move that moves no card, and never mutates the deal', () => {
    const deal = unwrap(dealNumber(3, PRESETS.classic));
    const copy = structuredClone(deal);
    expect(wastePile(deal, '111111')).toEqual([deal.waste, ...deal.columns[0]!.slice().reverse()]);
    expect(wastePile(deal, 'd'.repeat(20))).toEqual([deal.waste, ...deal.stock]);
    expect(deal).toEqual(copy);
  });
});
