import { KING, QUEEN, rankOf, type Card } from './card.ts';
import { err, ok, type CodedError, type Result } from './result.ts';

/** How the hole opens: `dealt` turns card 36 onto the waste (16 in stock); `free` starts with an empty waste (17). */
export type Opening = 'dealt' | 'free';

/**
 * A rule set is data.
 * - `wrap`: Ace and King are adjacent (the rank circle turns the corner).
 * - `queenOnKing`: a Queen may be played on a King. Without it nothing but (with `wrap`) an Ace goes on a King.
 *   A King may always be played on a Queen.
 * - `opening`: see {@link Opening}.
 */
export interface Rules {
  readonly wrap: boolean;
  readonly queenOnKing: boolean;
  readonly opening: Opening;
}

export const PRESET_NAMES = ['classic', 'queen-on-king', 'wrap', 'turn-the-corner'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** Frozen: every caller shares these objects, so none may change them. */
export const PRESETS: Readonly<Record<PresetName, Rules>> = Object.freeze({
  classic: Object.freeze({ wrap: false, queenOnKing: false, opening: 'dealt' }),
  'queen-on-king': Object.freeze({ wrap: false, queenOnKing: true, opening: 'dealt' }),
  wrap: Object.freeze({ wrap: true, queenOnKing: true, opening: 'dealt' }),
  'turn-the-corner': Object.freeze({ wrap: true, queenOnKing: true, opening: 'free' }),
});

export const isPresetName = (name: string): name is PresetName =>
  (PRESET_NAMES as readonly string[]).includes(name);

export function parsePreset(name: string): Result<Rules, CodedError<'ERR_RULES'>> {
  return isPresetName(name)
    ? ok(PRESETS[name])
    : err({
        code: 'ERR_RULES',
        message: `unknown rules "${name}"; expected one of ${PRESET_NAMES.join(', ')}`,
      });
}

/** The preset a rule set equals, if any. */
export function presetOf(rules: Rules): PresetName | undefined {
  return PRESET_NAMES.find((name) => {
    const p = PRESETS[name];
    return p.wrap === rules.wrap && p.queenOnKing === rules.queenOnKing && p.opening === rules.opening;
  });
}

/** Number of stock cards at the start of a hole. */
export const stockSize = (rules: Rules): number => (rules.opening === 'dealt' ? 16 : 17);

/**
 * Whether a card of `rank` may be played on a waste top of `topRank` (`-1` = empty waste: anything fits).
 * Suits never matter.
 */
export function rankFits(rules: Rules, topRank: number, rank: number): boolean {
  if (topRank < 0) return true;
  const d = topRank > rank ? topRank - rank : rank - topRank;
  if (d === 1) return topRank !== KING || rank !== QUEEN || rules.queenOnKing;
  return d === 12 && rules.wrap;
}

/** Whether `card` may be played on the waste top `top` (`null` = empty waste). */
export const fits = (rules: Rules, top: Card | null, card: Card): boolean =>
  rankFits(rules, top === null ? -1 : rankOf(top), rankOf(card));
