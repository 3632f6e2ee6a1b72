import { DECK_SIZE, type Card } from './card.ts';
import { BOARD_CARDS, COLUMNS, COLUMN_HEIGHT, type Deal, type DealError } from './deal.ts';
import { err, ok, type Result } from './result.ts';

/**
 * The one place that strips hidden information from a deal. A player who has drawn k cards knows the layout,
 * the waste card, the k drawn cards and how many stock cards remain, not their order. `standInDeal` builds the
 * deal such a player can replay: the drawn cards, then every card seen nowhere, in ascending order, as
 * stand-ins. Replaying a log with at most k draws gives exactly what the real deal gives (the stand-ins are
 * never reached), and the work done never depends on the real order of the undrawn cards.
 *
 * The web plays the daily course on such a deal (it never has the real stock); the API replays a submitted
 * log on one (docs/fair-play.md), so no answer, header, storage call or running time can depend on a card the
 * player has not been shown.
 */
export interface Layout {
  readonly columns: readonly (readonly Card[])[];
  /** The waste card dealt face up (null for the free opening). */
  readonly waste: Card | null;
}

/** The deal that a player knows after drawing `drawn` (in draw order) from a stock of `stockSize` cards. */
export function standInDeal(
  layout: Layout,
  drawn: readonly Card[],
  stockSize: number,
): Result<Deal, DealError> {
  const bad = (message: string) => err({ code: 'ERR_DEAL' as const, message });
  if (layout.columns.length !== COLUMNS || layout.columns.some((c) => c.length !== COLUMN_HEIGHT))
    return bad(`a layout has ${COLUMNS} columns of ${COLUMN_HEIGHT} cards`);
  const expectedStock = DECK_SIZE - BOARD_CARDS - (layout.waste === null ? 0 : 1);
  if (stockSize !== expectedStock)
    return bad(`this opening has a stock of ${expectedStock}, not ${stockSize}`);
  if (drawn.length > stockSize) return bad(`${drawn.length} cards drawn from a stock of ${stockSize}`);
  const seen = new Uint8Array(DECK_SIZE);
  const see = (card: Card): boolean => {
    if (!Number.isInteger(card) || card < 0 || card >= DECK_SIZE || seen[card] === 1) return false;
    seen[card] = 1;
    return true;
  };
  for (const column of layout.columns)
    for (const card of column) if (!see(card)) return bad('a card is repeated');
  if (layout.waste !== null && !see(layout.waste)) return bad('a card is repeated');
  for (const card of drawn) if (!see(card)) return bad('a drawn card is repeated or on the table');
  const stock: Card[] = drawn.slice();
  for (let card = 0; card < DECK_SIZE; card++) if (seen[card] === 0) stock.push(card);
  return ok({ columns: layout.columns.map((c) => c.slice()), waste: layout.waste, stock });
}

/**
 * What a player who has drawn `drawn` cards of a valid `deal` knows of it (see {@link standInDeal}): the same
 * layout, the first `drawn` stock cards, then the undrawn ones in ascending order.
 */
export function shownDeal(deal: Deal, drawn: number): Deal {
  const k = Math.max(0, Math.min(drawn, deal.stock.length));
  const seen = new Uint8Array(DECK_SIZE);
  for (const column of deal.columns) for (const card of column) seen[card] = 1;
  if (deal.waste !== null) seen[deal.waste] = 1;
  const stock = deal.stock.slice(0, k);
  for (const card of stock) seen[card] = 1;
  for (let card = 0; card < DECK_SIZE; card++) if (seen[card] === 0) stock.push(card);
  return { columns: deal.columns, waste: deal.waste, stock };
}
