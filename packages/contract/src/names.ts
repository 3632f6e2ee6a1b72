import { err, ok, type Result } from '@golf/engine';

/** Most characters (code points) in a player or league name. */
export const NAME_MAX = 20;

/**
 * Control, format, separator and other invisible characters (Hangul fillers and the like are
 * Default_Ignorable), lone surrogates, and the blank braille pattern.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * The joiners emoji need, allowed there and nowhere else: the emoji presentation selector after a pictograph or
 * keycap base (❤️, 1️⃣), and (once those selectors are removed) a zero-width joiner between two pictographs
 * (👨‍👩‍👧, 👩🏽‍💻).
 */
const EMOJI_ZWJ = /(?<=\p{Extended_Pictographic}\p{Emoji_Modifier}?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_PRESENTATION = /(?<=[\p{Extended_Pictographic}#*0-9])\uFE0F/gu;

/**
 * A display name (players and leagues): NFKC, trimmed, 1 to 20 code points, no control or invisible characters.
 * Every other character is kept as it is (`<>&` included, emoji sequences with their joiners); clients escape
 * names when they render them. The error is a sentence for the person typing the name.
 */
export function normalizeName(raw: string): Result<string, string> {
  const name = raw.normalize('NFKC').trim();
  const length = [...name].length;
  if (length === 0) return err('a name needs at least one visible character');
  if (length > NAME_MAX) return err(`a name has at most ${NAME_MAX} characters`);
  const bare = name.replace(EMOJI_PRESENTATION, '').replace(EMOJI_ZWJ, '');
  if (INVISIBLE.test(bare)) return err('a name may not hold control or invisible characters');
  return ok(name);
}
