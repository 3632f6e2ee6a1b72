import { makeCard, parseCard, type Card } from '@golf/engine';

/** How a deck is stored, in the ledger and in an attempt object alike: its cards as text, space-separated. */
export const deckText = (deck: readonly Card[]): string => deck.map(makeCard).join(' ');

/** A stored deck. It was written by {@link deckText}, so a card that does not parse is a bug, not bad input. */
export function deckOfText(text: string): Card[] {
  return text.split(' ').map((part) => {
    const card = parseCard(part);
    if (!card.ok) throw new Error(`stored deck holds ${part}`);
    return card.value;
  });
}
