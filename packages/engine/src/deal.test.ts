import { describe, expect, it } from 'vitest';
import { makeCard, parseCard, type Card } from './card.ts';
import {
  courseDecks,
  dealFromDeck,
  dealNumber,
  dealNumberDeck,
  deckFromDeal,
  validateDeal,
  GENERATOR_VERSION,
  MAX_DEAL_NUMBER,
  type Deal,
} from './deal.ts';
import { makeBoard } from './board-text.ts';
import { PRESETS } from './rules.ts';
import { DEAL_1_BOARD, DEAL_1_FREE_BOARD } from '../test-fixtures/boards.ts';

// Golden vectors. The decks below were produced by a reference C program written from the published algorithms
// (splitmix32 -> xoshiro128** 1.1 -> Fisher–Yates from the last index down with rejection sampling), not by
// this code. The board texts apply the README's dealing rule (d[i] to column i % 7, d[35] the waste) to them.
// A change here invalidates every stored deal: bump GENERATOR_VERSION instead.

const cards = (text: string): Card[] =>
  text.split(' ').map((t) => {
    const c = parseCard(t);
    if (!c.ok) throw new Error(t);
    return c.value;
  });

const REFERENCE_DECKS: Record<number, string> = {
  1: '6H KD AS 4C 3C 8D QC TH TD AD 5D QS AH 6D KS 6C 3H JS 4S 7C 7S 2H 9S JC JH 6S TC 2D QD JD AC 2S QH KC 4H 8H 9D 2C 9H 9C 7D TS 4D 8C 5C KH 8S 5H 3D 3S 5S 7H',
  2: '7H AH AD 6H 5S QD 8D 3S TH 7C JC 2D 5D TD 9H 8C 3D TS 3C 7D KC JS 5H 5C KS QH 4H 6C JH KD 6S 9S AC 2C 3H 8H KH 4D JD QC 4C 2H TC 6D 4S 2S 9D 8S 9C AS 7S QS',
  4294967295:
    '5C 7D KS QS JS 5D QD 9D 5H 9S 2C 3C TH 2D AC JC 4H 6D 8C QC AH QH TS JD 7H 6S 2H 8H 6H 9H 2S 8S 4C KD 8D 7S 3D 4D AD 6C 9C 3H TD JH 3S 4S KC 7C TC KH AS 5S',
};

const BOARD_1 = DEAL_1_BOARD;

const BOARD_2 = `Foundations: 8H
Talon: KH 4D JD QC 4C 2H TC 6D 4S 2S 9D 8S 9C AS 7S QS
7H 3S 9H JS JH
AH TH 8C 5H KD
AD 7C 3D 5C 6S
6H JC TS KS 9S
5S 2D 3C QH AC
QD 5D 7D 4H 2C
8D TD KC 6C 3H
`;

const BOARD_MAX = `Foundations: 7S
Talon: 3D 4D AD 6C 9C 3H TD JH 3S 4S KC 7C TC KH AS 5S
5C 9D AC QH 6H
7D 5H JC TS 9H
KS 9S 4H JD 2S
QS 2C 6D 7H 8S
JS 3C 8C 6S 4C
5D TH QC 2H KD
QD 2D AH 8H 8D
`;

const board = (n: number, preset: keyof typeof PRESETS): string => {
  const d = dealNumber(n, PRESETS[preset]);
  if (!d.ok) throw new Error(d.error.message);
  return makeBoard(d.value);
};

describe('deal numbers (generator v1)', () => {
  it('is version 1', () => expect(GENERATOR_VERSION).toBe(1));

  it.each([1, 2, 4294967295])('deck %i matches the reference', (n) => {
    const deck = dealNumberDeck(n);
    expect(deck.ok && deck.value.map(makeCard).join(' ')).toBe(REFERENCE_DECKS[n]);
  });

  it('pins the board text of deals 1, 2 and 4294967295', () => {
    expect(board(1, 'classic')).toBe(BOARD_1);
    expect(board(2, 'classic')).toBe(BOARD_2);
    expect(board(MAX_DEAL_NUMBER, 'classic')).toBe(BOARD_MAX);
  });

  it('uses the same deck for every preset; the free opening moves the waste card into the stock', () => {
    expect(board(1, 'queen-on-king')).toBe(BOARD_1);
    expect(board(1, 'wrap')).toBe(BOARD_1);
    expect(board(1, 'turn-the-corner')).toBe(DEAL_1_FREE_BOARD);
  });

  it.each([0, -1, 1.5, 2 ** 32, Number.NaN, Infinity])('rejects deal number %s', (n) => {
    const d = dealNumber(n, PRESETS.classic);
    expect(!d.ok && d.error.code).toBe('ERR_DEAL_NUMBER');
  });

  it('rejects an unknown generator version', () => {
    const d = dealNumber(1, PRESETS.classic, 2);
    expect(!d.ok && d.error.code).toBe('ERR_GENERATOR');
    const c = courseDecks(new Uint8Array(32), 0);
    expect(!c.ok && c.error.code).toBe('ERR_GENERATOR');
  });
});

describe('courseDecks', () => {
  const seed = Uint8Array.from({ length: 32 }, (_, i) => i);
  const course = courseDecks(seed);

  it('expands 32 bytes 0..31 into nine decks; the first and last match the reference', () => {
    expect(course.ok).toBe(true);
    if (!course.ok) return;
    expect(course.value).toHaveLength(9);
    expect(course.value[0]!.map(makeCard).join(' ')).toBe(
      'KD 9S QD 7S 7D 7H 6H 3D TC 5S KS JH 8C 3H 2C 2H JC 5H 8D 8H 9C 4C QH TD QS 2D 5D 2S 4D AD KC 6S TH 3C KH 9D 9H 5C 4S TS 7C 6C JS JD AH AS 4H 3S 8S 6D QC AC',
    );
    expect(course.value[1]!.map(makeCard).join(' ')).toBe(
      '3C JH AH QD 7C 9D KD KC AC AS 9H 7H 6H 2C 9S 4D TD 7D 4H QC TH JS 3D 3S QH 5S 5H KH 2D 8C 5C 9C 6D 8H 7S JD 4S TC 2S 8S 3H 6S JC TS 2H 6C 5D AD QS 8D 4C KS',
    );
    expect(course.value[8]!.map(makeCard).join(' ')).toBe(
      '2H JD AD 9S 5C AH QS 4D 5D JC 6H AS 4H 6D QD JS 3S KD 8H 2C 7H QH AC KC TD 2S 7C KS 9H 3D KH 7S 6C 6S TC 8S 8C 7D 4S 3C QC JH 9D 4C TS 8D TH 5S 2D 5H 3H 9C',
    );
  });

  it('is a pure function of the seed and does not change it', () => {
    const copy = seed.slice();
    expect(courseDecks(seed)).toEqual(course);
    expect(seed).toEqual(copy);
  });

  it.each([0, 31, 33])('rejects a %i-byte seed', (n) => {
    const c = courseDecks(new Uint8Array(n));
    expect(!c.ok && c.error.code).toBe('ERR_SEED');
  });
});

describe('dealFromDeck / deckFromDeal', () => {
  const deck = cards(REFERENCE_DECKS[1]!);

  it('deals d[i] to column i % 7, exposed card last; d[35] starts the waste', () => {
    const deal = dealFromDeck(deck, PRESETS.classic);
    expect(deal.columns[0]).toEqual(cards('6H TH KS 2H QD'));
    expect(deal.columns[6]).toEqual(cards('QC 6D 7S 2D 4H'));
    expect(deal.waste).toBe(cards('8H')[0]);
    expect(deal.stock).toHaveLength(16);
    expect(deal.stock[0]).toBe(cards('9D')[0]);
  });

  it('the free opening has an empty waste and 17 stock cards starting with d[35]', () => {
    const deal = dealFromDeck(deck, PRESETS['turn-the-corner']);
    expect(deal.waste).toBeNull();
    expect(deal.stock).toHaveLength(17);
    expect(deal.stock[0]).toBe(cards('8H')[0]);
  });

  it('round-trips for both openings', () => {
    for (const rules of Object.values(PRESETS)) expect(deckFromDeal(dealFromDeck(deck, rules))).toEqual(deck);
  });
});

describe('validateDeal', () => {
  const good = dealFromDeck(cards(REFERENCE_DECKS[2]!), PRESETS.classic);
  const check = (deal: Deal, rules = PRESETS.classic) => {
    const r = validateDeal(deal, rules);
    return r.ok ? 'ok' : r.error.code;
  };

  it('accepts a dealt deal', () => expect(check(good)).toBe('ok'));
  it('rejects six columns', () =>
    expect(check({ ...good, columns: good.columns.slice(0, 6) })).toBe('ERR_DEAL'));
  it('rejects a short column', () =>
    expect(check({ ...good, columns: [good.columns[0]!.slice(1), ...good.columns.slice(1)] })).toBe(
      'ERR_DEAL',
    ));
  it('rejects a duplicate card', () =>
    expect(check({ ...good, stock: [...good.stock.slice(0, 15), good.stock[0]!] })).toBe('ERR_DEAL'));
  it('rejects a non-card', () =>
    expect(check({ ...good, stock: [...good.stock.slice(0, 15), 52] })).toBe('ERR_DEAL'));
  it('rejects a dealt deal under the free opening and the other way round', () => {
    expect(check(good, PRESETS['turn-the-corner'])).toBe('ERR_DEAL');
    const free = dealFromDeck(cards(REFERENCE_DECKS[2]!), PRESETS['turn-the-corner']);
    expect(check(free, PRESETS['turn-the-corner'])).toBe('ok');
    expect(check(free, PRESETS.classic)).toBe('ERR_DEAL');
  });
  it('rejects a stock of the wrong size', () =>
    expect(check({ ...good, stock: good.stock.slice(1) })).toBe('ERR_DEAL'));
});
