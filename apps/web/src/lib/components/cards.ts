import { makeCard, rankOf, suitOf, type Card } from '@golf/engine';

const RANK_TEXT = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const RANK_NAME = [
  'Ace',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Jack',
  'Queen',
  'King',
] as const;
// Engine suit order: C D H S.
const SUIT_SYMBOL = ['♣', '♦', '♥', '♠'] as const;
const SUIT_NAME = ['clubs', 'diamonds', 'hearts', 'spades'] as const;

/** What a card face shows: "10", "♦". */
export const rankText = (card: Card): string => RANK_TEXT[rankOf(card)]!;
export const suitSymbol = (card: Card): string => SUIT_SYMBOL[suitOf(card)]!;
export const isRed = (card: Card): boolean => suitOf(card) === 1 || suitOf(card) === 2;
/** "Ten of diamonds". */
export const cardName = (card: Card): string => `${RANK_NAME[rankOf(card)]!} of ${SUIT_NAME[suitOf(card)]!}`;
/** The engine's text form, "TD". */
export const cardCode = (card: Card): string => makeCard(card);
