import { describe, expect, it } from 'vitest';
import { makeBoard, parseBoard } from './board-text.ts';
import { makeCard } from './card.ts';
import { PRESETS, type Rules } from './rules.ts';
import { BHS_BOARD } from '../test-fixtures/boards.ts';

const CANONICAL = `Foundations: 5S
Talon: 6D KC KS AH AC KD 4S 8D 8H JD TC AD QH 4C JS 2C
9D TS 5C 7D 7H
3S 6S 5D QC 7S
9S 6C 3H JC 9H
QD 7C 5H 3C QS
AS KH 2H TH TD
4H 8C 6H 2D 2S
9C 4D 8S JH 3D
`;

const parse = (text: string, rules: Rules = PRESETS.classic) => parseBoard(text, rules);
const code = (text: string, rules: Rules = PRESETS.classic) => {
  const r = parse(text, rules);
  return r.ok ? 'ok' : r.error.code;
};

describe('parseBoard', () => {
  it("reads black-hole-solver's board file (Talon first, `: ` column prefixes)", () => {
    const r = parse(BHS_BOARD, PRESETS.wrap);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(makeCard(r.value.waste!)).toBe('5S');
    expect(r.value.stock.map(makeCard).join(' ')).toBe('6D KC KS AH AC KD 4S 8D 8H JD TC AD QH 4C JS 2C');
    expect(r.value.columns[1]!.map(makeCard).join(' ')).toBe('3S 6S 5D QC 7S');
    expect(r.value.columns[6]!.map(makeCard)[4]).toBe('3D');
    expect(makeBoard(r.value)).toBe(CANONICAL);
  });

  it('accepts 10 for T, lower case, CRLF, blank lines and surrounding spaces', () => {
    const messy =
      '\r\n  foundations:   5s  \r\nTALON: ' +
      CANONICAL.split('\n')[1]!
        .slice(7)
        .replace(/T([CDHS])/g, '10$1')
        .toLowerCase() +
      '\r\n\r\n' +
      CANONICAL.split('\n')
        .slice(2)
        .map((l) => `  ${l.replace(/T/g, '10')}  `)
        .join('\r\n');
    const r = parse(messy);
    expect(r.ok && makeBoard(r.value)).toBe(CANONICAL);
  });

  it('reads `Foundations: -` as the empty waste of the free opening', () => {
    const free = CANONICAL.replace('Foundations: 5S\nTalon:', 'Foundations: -\nTalon: 5S');
    const r = parse(free, PRESETS['turn-the-corner']);
    expect(r.ok && r.value.waste).toBeNull();
    expect(r.ok && r.value.stock).toHaveLength(17);
    expect(r.ok && makeBoard(r.value)).toBe(free);
  });

  it.each([
    ['a missing Talon line', CANONICAL.replace(/^Talon:.*\n/m, '')],
    ['a missing Foundations line', CANONICAL.replace(/^Foundations:.*\n/m, '')],
    ['two Talon lines', CANONICAL + 'Talon:\n'],
    ['six columns', CANONICAL.replace('9C 4D 8S JH 3D\n', '')],
    ['eight columns', CANONICAL.replace('9C 4D 8S JH 3D\n', '9C 4D 8S JH\n3D\n')],
    ['a column of four and one of six', CANONICAL.replace('9D TS 5C 7D 7H\n3S', '9D TS 5C 7D\n7H 3S')],
    ['a duplicate card', CANONICAL.replace('9C 4D 8S JH 3D', '9C 4D 8S JH 3S')],
    ['an unknown card', CANONICAL.replace('9C 4D 8S JH 3D', '9C 4D 8S JH 3X')],
    ['a card too many (53)', CANONICAL.replace('Talon: 6D', 'Talon: 6D 3D')],
    ['a card too few (51)', CANONICAL.replace('Talon: 6D ', 'Talon: ')],
    [
      'a stock card moved onto the board (4 + 6 cards)',
      CANONICAL.replace('Talon: 6D ', 'Talon: ').replace('7H', '7H 6D'),
    ],
    ['two foundation cards', CANONICAL.replace('Foundations: 5S\nTalon: 6D', 'Foundations: 5S 6D\nTalon:')],
    ['an empty text', ''],
    ['garbage', 'hello world'],
  ])('refuses %s with ERR_BOARD', (_, text) => {
    expect(code(text)).toBe('ERR_BOARD');
  });

  it('refuses a stock size that does not fit the preset', () => {
    const free = CANONICAL.replace('Foundations: 5S\nTalon:', 'Foundations: -\nTalon: 5S');
    expect(code(CANONICAL, PRESETS['turn-the-corner'])).toBe('ERR_BOARD');
    expect(code(free, PRESETS.classic)).toBe('ERR_BOARD');
    expect(code(free, PRESETS.wrap)).toBe('ERR_BOARD');
    expect(code(free, PRESETS['turn-the-corner'])).toBe('ok');
  });

  it('never throws, whatever the input', () => {
    for (const text of ['\0', ':', 'Talon:', 'Foundations:', '::::\n'.repeat(9), 'a'.repeat(10_000)])
      expect(() => parse(text)).not.toThrow();
    expect(code(42 as unknown as string)).toBe('ERR_BOARD');
  });
});

describe('makeBoard', () => {
  it('writes Foundations then Talon then the seven columns, exposed card last, T for ten', () => {
    const r = parse(BHS_BOARD);
    expect(r.ok && makeBoard(r.value).split('\n')).toEqual([...CANONICAL.split('\n')]);
  });
});
