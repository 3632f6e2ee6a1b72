import {
  canPlay,
  DECK_SIZE,
  makeCard,
  PRESET_NAMES,
  parsePreset,
  rankOf,
  standInDeal,
  startPosition,
  suitOf,
} from '@golf/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_SCOPE, RANK_TEXT, SUIT_SYMBOL } from './card-face.ts';
import { dealtTable, type DealtHole } from './dealt-table.ts';

/** The Today page's empty table, marked as Table.svelte marks it (as SvelteKit writes it: a scope class first). */
const MARKED = [
  '<div class="columns">',
  ...[1, 2, 3, 4, 5, 6, 7].map(
    (c) => `<div class="column x" aria-hidden="true"><div class="empty x" data-dealt="${c}"></div></div>`,
  ),
  '</div><span class="stack x"><span class="empty x" data-dealt="stock"></span></span>',
  '<span class="count x" data-dealt="count">&nbsp;</span>',
  '<div class="waste x"><div class="empty x" data-dealt="waste"></div></div>',
].join('');

/** A shuffled deck cut into a hole: 7 columns of 5, the waste card if the rules deal one, the stock. */
const holes = (dealt: boolean) =>
  fc.shuffledSubarray([...Array(DECK_SIZE).keys()], { minLength: DECK_SIZE }).map((deck) => {
    const columns = [0, 1, 2, 3, 4, 5, 6].map((c) => deck.slice(c * 5, c * 5 + 5));
    const waste = dealt ? deck[35]! : null;
    const stock = deck.slice(dealt ? 36 : 35);
    const hole: DealtHole = {
      columns: columns.map((col) => col.map(makeCard)),
      waste: waste === null ? '-' : makeCard(waste),
      stockSize: stock.length,
    };
    return { hole, columns, waste, stock };
  });

/** What the filled page has from a marked place on (to the next one). */
const place = (html: string, mark: string): string =>
  html.split(`data-dealt="${mark}">`)[1]?.split('data-dealt=')[0] ?? '';

const codes = (html: string): string[] => [...html.matchAll(/data-card="(\w+)"/g)].map(([, c]) => c!);

describe('dealtTable', () => {
  for (const rules of PRESET_NAMES) {
    const preset = parsePreset(rules);
    if (!preset.ok) throw new Error(rules);
    const dealt = preset.value.opening === 'dealt';
    it(`draws a ${rules} hole's layout into the marked places, and nothing of its stock`, () => {
      fc.assert(
        fc.property(holes(dealt), ({ hole, columns, waste, stock }) => {
          const html = dealtTable(MARKED, hole, rules);
          // Every face in the page is a card of the layout or the waste, each once: never a stock card.
          const layout = [...columns.flat(), ...(waste === null ? [] : [waste])].map(makeCard);
          expect(codes(html).sort()).toEqual(layout.sort());
          for (const card of stock) expect(html).not.toContain(`data-card="${makeCard(card)}"`);
          // Each column's cards, top to bottom; the covered ones dim, the exposed one lit if it can be played.
          const deal = standInDeal({ columns, waste }, [], stock.length);
          if (!deal.ok) throw new Error(deal.error.message);
          const position = startPosition(deal.value, preset.value);
          for (let c = 1; c <= 7; c++) {
            const inner = place(html, String(c));
            expect(codes(inner)).toEqual(hole.columns[c - 1]);
            const cards = inner.split('<div class="dealt">').slice(1);
            expect(cards.map((k) => / dim /.test(k))).toEqual([true, true, true, true, false]);
            expect(/ playable /.test(cards[4]!)).toBe(canPlay(position, c));
            // What the exposed face shows: its rank, its suit, its colour.
            const card = columns[c - 1]![4]!;
            expect(cards[4]).toContain(`<span class="rank">${RANK_TEXT[rankOf(card)]}</span>`);
            expect(cards[4]).toContain(
              `<span class="pip ${CARD_SCOPE}" aria-hidden="true">${SUIT_SYMBOL[suitOf(card)]}</span>`,
            );
            expect(/^<div class="card face red /.test(cards[4]!)).toBe(
              suitOf(card) === 1 || suitOf(card) === 2,
            );
          }
          expect(place(html, 'count').split('<')[0]).toBe(String(stock.length));
          expect(codes(place(html, 'waste'))).toEqual(waste === null ? [] : [makeCard(waste)]);
          expect((place(html, 'stock').match(/card back/g) ?? []).length).toBe(Math.min(2, stock.length));
        }),
        { numRuns: 60 },
      );
    });
  }

  it('leaves the page as it was for a hole that is not a deal of the rules, or unknown rules', () => {
    fc.assert(
      fc.property(holes(false), ({ hole }) => {
        expect(dealtTable(MARKED, hole, 'no such rules')).toBe(MARKED);
        expect(dealtTable(MARKED, { ...hole, stockSize: hole.stockSize + 1 }, 'classic')).toBe(MARKED);
        const repeated = hole.columns.map((col, c) =>
          c === 6 ? [...col.slice(0, 4), hole.columns[0]![0]!] : col,
        );
        expect(dealtTable(MARKED, { ...hole, columns: repeated }, 'classic')).toBe(MARKED);
        expect(dealtTable(MARKED, { ...hole, columns: hole.columns.slice(1) }, 'classic')).toBe(MARKED);
      }),
      { numRuns: 20 },
    );
  });

  it('changes nothing of a page without marked places', () => {
    const page = '<main><div class="empty"></div><span class="count">&nbsp;</span></main>';
    fc.assert(
      fc.property(holes(false), ({ hole }) => {
        expect(dealtTable(page, hole, 'classic')).toBe(page);
      }),
      { numRuns: 5 },
    );
  });
});
