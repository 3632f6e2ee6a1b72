import type { Card } from './card.ts';
import type { Deal } from './deal.ts';

/**
 * The waste pile a log builds on a deal, oldest first: the dealt waste card (none with the free opening), then
 * the card each move put on it (a play's exposed card, a draw's stock card). The top is the last card, the
 * position's `top`. The log is taken as legal (replay it first to know): this only follows which card each move
 * moves, and a move that moves none (a play from an empty column, a draw from an empty stock) adds nothing.
 */
export function wastePile(deal: Deal, log: string): Card[] {
  const pile: Card[] = deal.waste === null ? [] : [deal.waste];
  const heights = deal.columns.map((column) => column.length);
  let drawn = 0;
  for (let i = 0; i < log.length; i++) {
    const code = log.charCodeAt(i);
    if (code === 100) {
      const card = deal.stock[drawn];
      if (card === undefined) continue;
      drawn++;
      pile.push(card);
      continue;
    }
    const c = code - 49;
    const h = heights[c] ?? 0;
    if (h === 0) continue;
    heights[c] = h - 1;
    pile.push(deal.columns[c]![h - 1]!);
  }
  return pile;
}
