/** fast-check arbitraries the engine's property tests share. */
import fc from 'fast-check';
import { orderedDeck } from '../src/card.ts';
import { dealFromDeck, type Deal } from '../src/deal.ts';
import { PRESET_NAMES, PRESETS, type Rules } from '../src/rules.ts';

/** Any order of the 52 cards. */
export const arbDeck = fc.shuffledSubarray(orderedDeck(), { minLength: 52, maxLength: 52 });

/** Any of the presets. */
export const arbRules = fc.constantFrom(...PRESET_NAMES).map((name) => PRESETS[name]);

/** Any deck dealt under any preset. */
export const arbGame: fc.Arbitrary<{ readonly deal: Deal; readonly rules: Rules }> = fc
  .tuple(arbDeck, arbRules)
  .map(([deck, rules]) => ({ deal: dealFromDeck(deck, rules), rules }));
