import { DRAW, PRESETS, parseCard, play, startPosition, type Card, type Position } from '@golf/engine';
import { describe, expect, it } from 'vitest';
import { refusalText } from './format.ts';

const card = (t: string): Card => {
  const r = parseCard(t);
  if (!r.ok) throw new Error(t);
  return r.value;
};

/** Seven columns whose exposed cards are `tops` (on filler cards), on the waste card `waste`. */
function table(tops: readonly string[], waste: string, stock: readonly string[]): Position {
  const filler = ['QC', 'QD', 'QH', 'QS', 'JC', 'JD', 'JH', 'JS', 'TC', 'TD', 'TH', 'TS', '9C', '9D'];
  let f = 0;
  const columns = tops.map((t) => [
    ...Array.from({ length: 4 }, () => card(filler[f++ % filler.length]!)),
    card(t),
  ]);
  return startPosition({ columns, waste: card(waste), stock: stock.map(card) }, PRESETS.classic);
}

const TOPS = ['6C', '7C', '8C', '2D', 'KD', 'KH', 'KS'];

describe('refusalText', () => {
  it('is null for a legal move', () => {
    const pos = table(TOPS, '5H', ['4S']);
    expect(refusalText(pos, play(1))).toBeNull();
    expect(refusalText(pos, DRAW)).toBeNull();
  });

  it('names the cards when a card does not fit the waste', () => {
    expect(refusalText(table(TOPS, '5H', ['4S']), play(5))).toBe(
      'King of diamonds does not fit on Five of hearts.',
    );
  });

  it('says a column is empty, or the stock is', () => {
    const pos = table(TOPS, '5H', []);
    expect(refusalText({ ...pos, heights: [5, 0, 5, 5, 5, 5, 5] }, play(2))).toBe('Column 2 is empty.');
    expect(refusalText(pos, DRAW)).toBe('The stock is empty.');
  });

  it('checks in the engine’s order: a hole that is over says so first, even for an empty column', () => {
    const over = { ...table(TOPS, 'KC', []), heights: [0, 5, 5, 5, 5, 5, 5] };
    expect(refusalText(over, play(1))).toBe('The hole is over.');
    expect(refusalText(over, play(5))).toBe('The hole is over.');
    expect(refusalText(over, DRAW)).toBe('The hole is over.');
  });
});
