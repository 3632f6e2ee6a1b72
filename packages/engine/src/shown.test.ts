import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap, randomLog } from '../test-fixtures/play.ts';
import { parseCard, type Card } from './card.ts';
import { dealNumber, type Deal } from './deal.ts';
import { countDraws, logThroughDraw, replay } from './game.ts';
import { PRESETS } from './rules.ts';
import { shownDeal, standInDeal } from './shown.ts';
import { arbGame } from '../test-fixtures/arbitraries.ts';

const arbChoices = fc.array(fc.nat(1000), { maxLength: 80 });

/** The same deal with the stock cards after the first `k` in another order. */
function reorderUndrawn(deal: Deal, k: number, seed: number): Deal {
  const rest = deal.stock.slice(k);
  let s = seed >>> 0;
  for (let i = rest.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return { ...deal, stock: [...deal.stock.slice(0, k), ...rest] };
}

describe('shownDeal', () => {
  it('replays every log with at most k draws exactly as the real deal does', () => {
    fc.assert(
      fc.property(arbGame, arbChoices, fc.nat(20), ({ deal, rules }, choices, extra) => {
        const log = randomLog(deal, rules, choices);
        const k = Math.min(deal.stock.length, countDraws(log) + (extra % 3));
        const shown = shownDeal(deal, k);
        // Every prefix with at most k draws, legal or not once a wrong character is appended.
        for (let i = 0; i <= log.length; i++) {
          const prefix = log.slice(0, i);
          if (countDraws(prefix) > k) break;
          for (const tail of ['', '1', '4', '7']) {
            expect(replay(shown, rules, prefix + tail)).toEqual(
              (() => {
                const real = replay(deal, rules, prefix + tail);
                return real.ok ? { ok: true, value: { ...real.value, deal: shown } } : real;
              })(),
            );
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('is the same for two deals that differ only in the order of the undrawn stock', () => {
    fc.assert(
      fc.property(arbGame, fc.nat(17), fc.integer(), ({ deal }, k0, seed) => {
        const k = k0 % (deal.stock.length + 1);
        expect(shownDeal(reorderUndrawn(deal, k, seed), k)).toEqual(shownDeal(deal, k));
      }),
    );
  });

  it('holds the drawn cards, then the unseen ones in ascending order', () => {
    const deal = unwrap(dealNumber(1, PRESETS.classic));
    const shown = shownDeal(deal, 3);
    expect(shown.stock.slice(0, 3)).toEqual(deal.stock.slice(0, 3));
    const rest = shown.stock.slice(3);
    expect(rest).toEqual([...deal.stock.slice(3)].sort((a, b) => a - b));
    expect(shownDeal(deal, 16)).toEqual(deal);
  });
});

describe('standInDeal', () => {
  it('builds from the public layout and the drawn cards what shownDeal builds from the real deal', () => {
    fc.assert(
      fc.property(arbGame, fc.nat(17), ({ deal }, k0) => {
        const k = k0 % (deal.stock.length + 1);
        const built = standInDeal(deal, deal.stock.slice(0, k), deal.stock.length);
        expect(built).toEqual({ ok: true, value: shownDeal(deal, k) });
      }),
    );
  });

  it('refuses a layout that is not one deck with the drawn cards', () => {
    const deal = unwrap(dealNumber(7, PRESETS.classic));
    const card = (t: string): Card => unwrap(parseCard(t));
    const onTable = deal.columns[0]![0]!;
    expect(standInDeal(deal, [onTable], 16)).toMatchObject({ ok: false, error: { code: 'ERR_DEAL' } });
    expect(standInDeal(deal, [deal.stock[0]!, deal.stock[0]!], 16)).toMatchObject({ ok: false });
    expect(standInDeal(deal, [], 17)).toMatchObject({ ok: false });
    expect(standInDeal(deal, deal.stock.slice(), 16).ok).toBe(true);
    expect(standInDeal({ columns: deal.columns.slice(1), waste: deal.waste }, [], 16).ok).toBe(false);
    // The free opening: no waste card, a stock of 17 that includes the card the dealt opening turns up.
    expect(standInDeal({ columns: deal.columns, waste: null }, [], 16)).toMatchObject({ ok: false });
    expect(unwrap(standInDeal({ columns: deal.columns, waste: null }, [], 17)).stock).toContain(deal.waste);
    expect(standInDeal(deal, [card('TD'), card('10D')], 16)).toMatchObject({ ok: false });
  });
});

describe('log helpers', () => {
  it.each([
    ['', 0],
    ['1234', 0],
    ['d', 1],
    ['12d3dd', 3],
  ])('%j holds %i draws', (log, n) => expect(countDraws(log)).toBe(n));

  it.each([
    ['12d3dd45', 0, ''],
    ['12d3dd45', 1, '12d'],
    ['12d3dd45', 2, '12d3d'],
    ['12d3dd45', 3, '12d3dd'],
    ['12d3dd45', 4, '12d3dd45'],
  ])('%j through draw %i is %j', (log, k, prefix) => expect(logThroughDraw(log, k)).toBe(prefix));
});
