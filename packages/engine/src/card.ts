import { err, ok, type CodedError, type Result } from './result.ts';

/** Ranks from low to high. Index 0 is the Ace, 12 the King. */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
/** Suits in the order of a fresh deck. Suits never matter for play. */
export const SUITS = ['C', 'D', 'H', 'S'] as const;

export type RankChar = (typeof RANKS)[number];
export type SuitChar = (typeof SUITS)[number];

/** A card is an integer 0..51: `suit * 13 + rank`, rank 0 = Ace .. 12 = King, suit in C D H S order. */
export type Card = number;
/** A rank is an integer 0..12 (Ace .. King). */
export type Rank = number;

export const ACE: Rank = 0;
export const QUEEN: Rank = 11;
export const KING: Rank = 12;
export const DECK_SIZE = 52;

export const rankOf = (card: Card): Rank => card % 13;
export const suitOf = (card: Card): number => (card / 13) | 0;
export const makeCardOf = (rank: Rank, suit: number): Card => suit * 13 + rank;

export const isCard = (value: unknown): value is Card =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < DECK_SIZE;

/** Text form: rank + suit, e.g. `TD` for the ten of diamonds. */
export function makeCard(card: Card): string {
  return `${RANKS[rankOf(card)]}${SUITS[suitOf(card)]}`;
}

export type CardError = CodedError<'ERR_CARD'>;

/** Parses `TD`, `10D`, `td`, `10d`. */
export function parseCard(text: string): Result<Card, CardError> {
  // Match ASCII first, then upper-case: `toUpperCase` maps some non-ASCII letters (e.g. U+017F) onto `S`.
  const m = /^(10|[A2-9TJQKatjqk])([CDHScdhs])$/.exec(text.trim());
  if (!m) return err({ code: 'ERR_CARD', message: `not a card: "${text}"` });
  const rankText = m[1] === '10' ? 'T' : m[1]!.toUpperCase();
  const rank = RANKS.indexOf(rankText as RankChar);
  const suit = SUITS.indexOf(m[2]!.toUpperCase() as SuitChar);
  return ok(makeCardOf(rank, suit));
}

/** A fresh deck in order: clubs A..K, diamonds A..K, hearts A..K, spades A..K (card i is i). */
export function orderedDeck(): Card[] {
  return Array.from({ length: DECK_SIZE }, (_, i) => i);
}
