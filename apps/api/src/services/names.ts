import { err, ok, type Result } from '@golf/engine';

export const NAME_MAX = 20;

/**
 * Control, format, separator and other invisible characters (Hangul fillers and the like are
 * Default_Ignorable), lone surrogates, and the blank braille pattern.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * A display name: NFKC, trimmed, 1 to 20 code points, no control or invisible characters. Every other
 * character is kept as it is (`<>&` included); clients escape names when they render them.
 */
export function normalizeName(raw: string): Result<string, string> {
  const name = raw.normalize('NFKC').trim();
  const length = [...name].length;
  if (length === 0) return err('a name needs at least one visible character');
  if (length > NAME_MAX) return err(`a name has at most ${NAME_MAX} characters`);
  if (INVISIBLE.test(name)) return err('a name may not hold control or invisible characters');
  return ok(name);
}
