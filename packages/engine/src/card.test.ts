import { describe, expect, it } from 'vitest';
import { isCard, makeCard, makeCardOf, orderedDeck, parseCard, rankOf, suitOf } from './card.ts';

const parsed = (text: string): number | string => {
  const r = parseCard(text);
  return r.ok ? r.value : r.error.code;
};

describe('cards', () => {
  it('numbers cards suit * 13 + rank in C D H S order, Ace low', () => {
    expect(makeCard(0)).toBe('AC');
    expect(makeCard(12)).toBe('KC');
    expect(makeCard(13)).toBe('AD');
    expect(makeCard(22)).toBe('TD');
    expect(makeCard(38)).toBe('KH');
    expect(makeCard(51)).toBe('KS');
    expect(rankOf(51)).toBe(12);
    expect(suitOf(51)).toBe(3);
    expect(makeCardOf(9, 1)).toBe(22);
  });

  it('round-trips all 52 cards through text', () => {
    const texts = orderedDeck().map(makeCard);
    expect(new Set(texts).size).toBe(52);
    for (const [i, t] of texts.entries()) {
      expect(t).toMatch(/^[A2-9TJQK][CDHS]$/);
      expect(parsed(t)).toBe(i);
    }
  });

  it('accepts 10 for T, lower case and surrounding spaces; prints T', () => {
    expect(parsed('10D')).toBe(22);
    expect(parsed('10d')).toBe(22);
    expect(parsed('td')).toBe(22);
    expect(parsed(' TD ')).toBe(22);
    expect(makeCard(parsed('10h') as number)).toBe('TH');
    expect(parsed('qs')).toBe(50);
  });

  it.each([
    '',
    'T',
    'D',
    '1D',
    '11D',
    '0D',
    'TX',
    'TDD',
    'D T',
    'KS,',
    '1 0D',
    'aſ',
    'Ａs',
    '10',
    'XS',
    '1S',
  ])('rejects %j with ERR_CARD', (text) => expect(parsed(text)).toBe('ERR_CARD'));

  it('isCard accepts the integers 0..51 only', () => {
    expect([0, 51].every(isCard)).toBe(true);
    expect([-1, 52, 1.5, '1', null, Number.NaN].some(isCard)).toBe(false);
  });
});
