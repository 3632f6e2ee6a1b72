import { describe, expect, it } from 'vitest';
import { RANKS, makeCardOf } from './card.ts';
import {
  fits,
  parsePreset,
  presetOf,
  PRESET_NAMES,
  PRESETS,
  rankFits,
  stockSize,
  type PresetName,
} from './rules.ts';

const rank = (ch: string): number => RANKS.indexOf(ch as (typeof RANKS)[number]);

/** Ace to Queen on a straight line: each rank takes its neighbours (no wrap). Written out by hand. */
const LINE: Record<string, string> = {
  A: '2',
  2: 'A3',
  3: '24',
  4: '35',
  5: '46',
  6: '57',
  7: '68',
  8: '79',
  9: '8T',
  T: '9J',
  J: 'TQ',
  Q: 'JK',
};

/** For each waste-top rank, the ranks that may be played on it, per preset. */
const FIT_TABLES: Record<PresetName, Record<string, string>> = {
  classic: { ...LINE, K: '' },
  'queen-on-king': { ...LINE, K: 'Q' },
  // The full circle: Ace and King adjacent, a Queen or an Ace on a King.
  wrap: { ...LINE, A: '2K', K: 'AQ' },
  'turn-the-corner': { ...LINE, A: '2K', K: 'AQ' },
};

describe('presets', () => {
  it("are data with the openings and stock sizes of the README's rules table", () => {
    expect(PRESETS.classic).toEqual({ wrap: false, queenOnKing: false, opening: 'dealt' });
    expect(PRESETS['queen-on-king']).toEqual({ wrap: false, queenOnKing: true, opening: 'dealt' });
    expect(PRESETS.wrap).toEqual({ wrap: true, queenOnKing: true, opening: 'dealt' });
    expect(PRESETS['turn-the-corner']).toEqual({ wrap: true, queenOnKing: true, opening: 'free' });
    expect(PRESET_NAMES.map((p) => stockSize(PRESETS[p]))).toEqual([16, 16, 16, 17]);
  });

  it('are frozen, so no caller can change a shared preset', () => {
    expect(Object.isFrozen(PRESETS)).toBe(true);
    for (const name of PRESET_NAMES) expect(Object.isFrozen(PRESETS[name])).toBe(true);
  });

  it('parsePreset and presetOf', () => {
    for (const name of PRESET_NAMES) {
      const r = parsePreset(name);
      expect(r.ok && presetOf(r.value)).toBe(name);
    }
    const bad = parsePreset('Classic');
    expect(!bad.ok && bad.error.code).toBe('ERR_RULES');
    expect(presetOf({ wrap: true, queenOnKing: false, opening: 'dealt' })).toBeUndefined();
  });
});

describe.each(PRESET_NAMES)('fit table of %s', (name) => {
  const rules = PRESETS[name];
  it.each(RANKS.map((r) => [r]))('on %s', (top) => {
    const allowed = [...FIT_TABLES[name][top]!].map(rank).sort((a, b) => a - b);
    const got = RANKS.map((_, r) => r).filter((r) => rankFits(rules, rank(top), r));
    expect(got).toEqual(allowed);
  });

  it('any card fits the empty waste', () => {
    for (let r = 0; r < 13; r++) expect(rankFits(rules, -1, r)).toBe(true);
    expect(fits(rules, null, makeCardOf(rank('K'), 0))).toBe(true);
  });

  it('suits never matter', () => {
    for (let s = 0; s < 4; s++)
      for (let t = 0; t < 4; t++)
        expect(fits(rules, makeCardOf(rank('7'), s), makeCardOf(rank('8'), t))).toBe(true);
  });
});

describe('the classic asymmetry', () => {
  const c = PRESETS.classic;
  const K = makeCardOf(rank('K'), 0);
  const Q = makeCardOf(rank('Q'), 2);
  const A = makeCardOf(rank('A'), 3);
  it('a King plays on a Queen', () => expect(fits(c, Q, K)).toBe(true));
  it('nothing plays on a King, not even a Queen', () => {
    for (let card = 0; card < 52; card++) expect(fits(c, K, card)).toBe(false);
  });
  it('no wrap: an Ace and a King never touch', () => {
    expect(fits(c, A, K)).toBe(false);
    expect(fits(c, K, A)).toBe(false);
  });
  it('a card never fits on its own rank', () => {
    for (const name of PRESET_NAMES)
      for (let r = 0; r < 13; r++) expect(rankFits(PRESETS[name], r, r)).toBe(false);
  });
});
