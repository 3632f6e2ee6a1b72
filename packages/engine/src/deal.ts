import { DECK_SIZE, orderedDeck, type Card } from './card.ts';
import { err, ok, type CodedError, type Result } from './result.ts';
import { shuffleInPlace, Xoshiro128 } from './rng.ts';
import { stockSize, type Rules } from './rules.ts';

/** The generator version of `dealNumberDeck` and `courseDecks`. Stored with every course. */
export const GENERATOR_VERSION = 1;
export const GENERATOR_VERSIONS = [1] as const;
export type GeneratorVersion = (typeof GENERATOR_VERSIONS)[number];

export const COLUMNS = 7;
export const COLUMN_HEIGHT = 5;
export const BOARD_CARDS = COLUMNS * COLUMN_HEIGHT;
export const MAX_DEAL_NUMBER = 0xffffffff;
export const COURSE_HOLES = 9;

/** A shuffled deck: a permutation of 0..51. */
export type Deck = readonly Card[];

/**
 * One hole as dealt. `columns[c][0]` is the first card dealt to column c+1, `columns[c][4]` its exposed card.
 * `waste` is the opening waste card (null for the free opening); `stock` is in draw order.
 */
export interface Deal {
  readonly columns: readonly (readonly Card[])[];
  readonly waste: Card | null;
  readonly stock: readonly Card[];
}

/**
 * Deals a deck: `deck[i]` for i < 35 goes to column `i % 7`. With the dealt opening `deck[35]` starts the
 * waste and `deck[36..51]` is the stock; with the free opening the waste is empty and `deck[35..51]` the stock.
 */
export function dealFromDeck(deck: Deck, rules: Rules): Deal {
  const columns: Card[][] = Array.from({ length: COLUMNS }, () => []);
  for (let i = 0; i < BOARD_CARDS; i++) columns[i % COLUMNS]!.push(deck[i]!);
  const dealt = rules.opening === 'dealt';
  return {
    columns,
    waste: dealt ? deck[BOARD_CARDS]! : null,
    stock: deck.slice(dealt ? BOARD_CARDS + 1 : BOARD_CARDS),
  };
}

/** The inverse of `dealFromDeck`. */
export function deckFromDeal(deal: Deal): Card[] {
  const deck: Card[] = [];
  for (let i = 0; i < BOARD_CARDS; i++) deck.push(deal.columns[i % COLUMNS]![(i / COLUMNS) | 0]!);
  if (deal.waste !== null) deck.push(deal.waste);
  deck.push(...deal.stock);
  return deck;
}

export type DealError = CodedError<'ERR_DEAL_NUMBER' | 'ERR_GENERATOR' | 'ERR_SEED' | 'ERR_DEAL'>;

const checkVersion = (version: number): Result<GeneratorVersion, DealError> =>
  (GENERATOR_VERSIONS as readonly number[]).includes(version)
    ? ok(version as GeneratorVersion)
    : err({ code: 'ERR_GENERATOR', message: `unknown generator version ${version}` });

/**
 * The deck of practice deal `n` (1 .. 2^32-1), generator v1: xoshiro128** seeded with four splitmix32 outputs
 * of `n`, then one Fisher–Yates shuffle of the ordered deck. The same for every rule set.
 */
export function dealNumberDeck(n: number, version: number = GENERATOR_VERSION): Result<Deck, DealError> {
  if (!Number.isInteger(n) || n < 1 || n > MAX_DEAL_NUMBER)
    return err({
      code: 'ERR_DEAL_NUMBER',
      message: `deal number must be an integer from 1 to ${MAX_DEAL_NUMBER}`,
    });
  const v = checkVersion(version);
  if (!v.ok) return v;
  return ok(shuffleInPlace(orderedDeck(), Xoshiro128.fromSeed(n)));
}

/** Practice deal `n` under `rules`. */
export function dealNumber(
  n: number,
  rules: Rules,
  version: number = GENERATOR_VERSION,
): Result<Deal, DealError> {
  const deck = dealNumberDeck(n, version);
  return deck.ok ? ok(dealFromDeck(deck.value, rules)) : deck;
}

/**
 * A daily course's nine decks from a 32-byte seed (the API supplies HMAC-SHA256 of the date), generator v1:
 * one xoshiro128** stream (`Xoshiro128.fromBytes`), nine successive Fisher–Yates shuffles, each of a fresh
 * ordered deck.
 */
export function courseDecks(
  seed: Uint8Array,
  version: number = GENERATOR_VERSION,
): Result<Deck[], DealError> {
  if (seed.length !== 32) return err({ code: 'ERR_SEED', message: 'a course seed is 32 bytes' });
  const v = checkVersion(version);
  if (!v.ok) return v;
  const rng = Xoshiro128.fromBytes(seed);
  return ok(Array.from({ length: COURSE_HOLES }, () => shuffleInPlace(orderedDeck(), rng)));
}

/** Checks that a deal holds each of the 52 cards once in 7 columns of 5, with a stock that fits the rules. */
export function validateDeal(deal: Deal, rules: Rules): Result<Deal, DealError> {
  const bad = (message: string) => err({ code: 'ERR_DEAL' as const, message });
  if (deal.columns.length !== COLUMNS) return bad(`expected ${COLUMNS} columns, got ${deal.columns.length}`);
  for (const [i, col] of deal.columns.entries())
    if (col.length !== COLUMN_HEIGHT)
      return bad(`column ${i + 1} has ${col.length} cards, expected ${COLUMN_HEIGHT}`);
  if ((deal.waste === null) !== (rules.opening === 'free'))
    return bad(
      rules.opening === 'free'
        ? 'the free opening starts with an empty waste'
        : 'the dealt opening needs a waste card',
    );
  if (deal.stock.length !== stockSize(rules))
    return bad(`the stock has ${deal.stock.length} cards; these rules deal ${stockSize(rules)}`);
  const seen = new Set<number>();
  for (const c of deckFromDeal(deal)) {
    if (!Number.isInteger(c) || c < 0 || c >= DECK_SIZE) return bad(`not a card: ${c}`);
    if (seen.has(c)) return bad('a card appears twice');
    seen.add(c);
  }
  return seen.size === DECK_SIZE ? ok(deal) : bad(`expected ${DECK_SIZE} cards, got ${seen.size}`);
}
