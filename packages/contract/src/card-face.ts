/**
 * How a card face is drawn, shared by the app's `Card` component and the cards the Worker writes into the Today
 * page's first HTML (dealt-table.ts). No imports: the web's build configuration reads `CARD_SCOPE`.
 */

/** The scoped-style class of the app's `Card` component (the build names it so: apps/web/vite.config.ts). */
export const CARD_SCOPE = 'golf-card';

/** What a card face shows of its rank, by the engine's rank (ace first). */
export const RANK_TEXT = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
/** A suit's symbol, in the engine's suit order (clubs, diamonds, hearts, spades). */
export const SUIT_SYMBOL = ['♣', '♦', '♥', '♠'] as const;
/** A suit's key in a card's `data-suit` (its colour comes from the table settings). */
export const SUIT_KEYS = ['c', 'd', 'h', 's'] as const;
/** Whether a suit (the engine's number for it) is red: diamonds and hearts. */
export const isRedSuit = (suit: number): boolean => suit === 1 || suit === 2;
