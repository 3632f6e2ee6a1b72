/**
 * Engine deals for the daily course as the client may know them. While the day is open the client never
 * knows the stock: a hole's stock is the cards drawn so far, then every card not visible anywhere in a fixed
 * sorted order as stand-ins. The engine's counts and `isOver` are then right, and no real stock order
 * exists in the client (the page shows only the stock count).
 */
import {
  COLUMN_HEIGHT,
  COLUMNS,
  DECK_SIZE,
  err,
  ok,
  parseCard,
  type Card,
  type CodedError,
  type Deal,
  type Result,
} from '@golf/engine';
import type { CourseHole } from '../api-types.ts';

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

/** The public layout of a hole: seven columns of five and the waste card. */
function layoutOf(hole: CourseHole): Result<{ columns: Card[][]; waste: Card }, CourseDealError> {
  if (hole.columns.length !== COLUMNS) return bad(`hole ${hole.hole} has ${hole.columns.length} columns`);
  const columns: Card[][] = [];
  for (const col of hole.columns) {
    if (col.length !== COLUMN_HEIGHT) return bad(`hole ${hole.hole} has a column of ${col.length} cards`);
    const cards = parseCards(col);
    if (!cards.ok) return cards;
    columns.push(cards.value);
  }
  const waste = parseCard(hole.waste);
  if (!waste.ok) return bad(waste.error.message);
  return ok({ columns, waste: waste.value });
}

/**
 * The deal the client plays: the layout, the drawn cards, then stand-ins (unseen cards in ascending order)
 * up to the hole's stock size.
 */
export function standInDeal(hole: CourseHole, drawn: readonly Card[]): Result<Deal, CourseDealError> {
  const layout = layoutOf(hole);
  if (!layout.ok) return layout;
  const { columns, waste } = layout.value;
  const seen = new Set<Card>([waste, ...columns.flat(), ...drawn]);
  if (seen.size !== COLUMNS * COLUMN_HEIGHT + 1 + drawn.length) return bad(`hole ${hole.hole} repeats a card`);
  if (drawn.length > hole.stockSize) return bad(`hole ${hole.hole}: more cards drawn than its stock holds`);
  const stock = [...drawn];
  for (let c = 0; c < DECK_SIZE && stock.length < hole.stockSize; c++) if (!seen.has(c)) stock.push(c);
  return ok({ columns, waste, stock });
}

/** The full deal of a closed day's hole (its stock is public once the day is closed). */
export function fullDeal(hole: CourseHole): Result<Deal, CourseDealError> {
  if (hole.stock === undefined) return bad(`hole ${hole.hole}: the stock is not public yet`);
  const layout = layoutOf(hole);
  if (!layout.ok) return layout;
  const stock = parseCards(hole.stock);
  if (!stock.ok) return stock;
  return ok({ ...layout.value, stock: stock.value });
}
