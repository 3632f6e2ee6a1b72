/**
 * The course's holes as engine values. The API sends cards in board-text form (`TD`); this reads them. Which deal
 * a player may know while the day is open is the engine's business (`standInDeal`: the drawn cards, then the
 * unseen ones in a fixed order), so no real stock order exists in the client.
 */
import type { HoleView } from '@golf/api';
import {
  err,
  ok,
  parseCard,
  standInDeal,
  type Card,
  type CodedError,
  type Deal,
  type Layout,
  type Result,
} from '@golf/engine';

export type CourseDealError = CodedError<'ERR_COURSE'>;

const bad = (message: string) => err({ code: 'ERR_COURSE' as const, message });

/** Parses board-text cards; fails on the first one that is not a card. */
export function parseCards(texts: readonly string[]): Result<Card[], CourseDealError> {
  const out: Card[] = [];
  for (const t of texts) {
    const c = parseCard(t);
    if (!c.ok) return bad(c.error.message);
    out.push(c.value);
  }
  return ok(out);
}

/** The public layout of a hole: its columns and its waste card (`-`, none, with the free opening). */
export function layoutOf(hole: HoleView): Result<Layout, CourseDealError> {
  const columns: Card[][] = [];
  for (const col of hole.columns) {
    const cards = parseCards(col);
    if (!cards.ok) return cards;
    columns.push(cards.value);
  }
  if (hole.waste === '-') return ok({ columns, waste: null });
  const waste = parseCard(hole.waste);
  return waste.ok ? ok({ columns, waste: waste.value }) : bad(waste.error.message);
}

/** The deal a player who has drawn `drawn` (in order) knows of a hole: the engine's stand-in deal. */
export function knownDeal(hole: HoleView, drawn: readonly Card[]): Result<Deal, CourseDealError> {
  const layout = layoutOf(hole);
  if (!layout.ok) return layout;
  const deal = standInDeal(layout.value, drawn, hole.stockSize);
  return deal.ok ? deal : bad(`hole ${hole.hole}: ${deal.error.message}`);
}

/** The full deal of a closed day's hole (its stock is public once the day is closed). */
export function fullDeal(hole: HoleView): Result<Deal, CourseDealError> {
  if (hole.stock === undefined) return bad(`hole ${hole.hole}: the stock is not public yet`);
  const known = knownDeal(hole, []);
  if (!known.ok) return known;
  const stock = parseCards(hole.stock);
  if (!stock.ok) return stock;
  // The stand-ins are exactly the cards the public stock holds, in ascending order.
  const sorted = stock.value.slice().sort((a, b) => a - b);
  if (sorted.join() !== known.value.stock.join())
    return bad(`hole ${hole.hole}: the stock does not fit the layout`);
  return ok({ ...known.value, stock: stock.value });
}
