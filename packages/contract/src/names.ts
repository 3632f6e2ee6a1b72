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

/** Most combining marks on one character: every script's stacks (Vietnamese, Thai, Tibetan…), never a tower. */
export const MARKS_MAX = 4;

/** The widest a name may render, in half-em units: 20 CJK characters or emoji, 40 Latin letters. */
export const NAME_WIDTH_MAX = 2 * NAME_MAX;

/** A character that draws on its own: a letter, digit, punctuation or symbol (emoji are symbols). */
const BASE = /^[\p{L}\p{N}\p{P}\p{S}]/u;
/** Combining marks (accents, vowel signs, the keycap), counting the emoji presentation selector out. */
const MARKS = /(?!\uFE0F)\p{M}/gu;
/** Two half-em units: emoji, flags, and the East Asian wide blocks (Hangul, kana, CJK ideographs, their symbols). */
const WIDE =
  /[\p{Extended_Pictographic}\p{Regional_Indicator}\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uA960-\uA97F\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1B000}-\u{1B2FF}\u{20000}-\u{3FFFD}]/u;
/**
 * Single characters far wider than a letter that NFKC leaves alone, in half-em units (measured against common
 * fonts, rounded up): the Bismillah ligature, the two- and three-em dashes, Tamil, Sinhala, Myanmar and Thai signs,
 * cuneiform and Egyptian hieroglyphs.
 */
const EXTRA_WIDE: readonly (readonly [from: number, to: number, width: number])[] = [
  [0xfdfd, 0xfdfd, 10],
  [0x2e3a, 0x2e3a, 2],
  [0x2e3b, 0x2e3b, 3],
  [0x0bf5, 0x0bf8, 2],
  [0x0df4, 0x0df4, 2],
  [0x102a, 0x102a, 2],
  [0x0e5b, 0x0e5b, 2],
  [0x12000, 0x1254f, 3],
  [0x13000, 0x1342f, 2],
];

/** Made on first use: a segmenter costs milliseconds to create, and most pages that load this never check a name. */
let graphemes: Intl.Segmenter | undefined;

/** How wide one user-perceived character renders, in half-em units (its widest code point). */
function widthOf(grapheme: string): number {
  let width = WIDE.test(grapheme) ? 2 : 1;
  for (const char of grapheme) {
    const code = char.codePointAt(0) ?? 0;
    for (const [from, to, w] of EXTRA_WIDE) if (code >= from && code <= to) width = Math.max(width, w);
  }
  return width;
}

/**
 * A display name (players and leagues): NFKC, trimmed, 1 to 20 code points, no control or invisible characters,
 * at least one visible base character (a letter, digit, punctuation or symbol), every combining mark on a base
 * character and at most {@link MARKS_MAX} on one, and at most {@link NAME_WIDTH_MAX} half-em units wide. Every
 * other character is kept as it is (`<>&` included, emoji sequences with their joiners); clients escape names
 * when they render them. The error is a sentence for the person typing the name.
 */
export function normalizeName(raw: string): Result<string, string> {
  const name = raw.normalize('NFKC').trim();
  const length = [...name].length;
  if (length === 0) return err('a name needs at least one visible character');
  if (length > NAME_MAX) return err(`a name has at most ${NAME_MAX} characters`);
  const bare = name.replace(EMOJI_PRESENTATION, '').replace(EMOJI_ZWJ, '');
  if (INVISIBLE.test(bare)) return err('a name may not hold control or invisible characters');
  let bases = 0;
  let width = 0;
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  for (const { segment } of graphemes.segment(name)) {
    const base = BASE.test(segment);
    if (base) bases++;
    const marks = segment.match(MARKS)?.length ?? 0;
    if (marks > 0 && !base) return err('accents and other marks must sit on a letter, digit or symbol');
    if (marks > MARKS_MAX) return err(`a character may carry at most ${MARKS_MAX} accents or marks`);
    width += widthOf(segment);
  }
  if (bases === 0) return err('a name needs at least one visible letter, digit or symbol');
  if (width > NAME_WIDTH_MAX) return err('this name is too wide to show: use fewer or narrower characters');
  return ok(name);
}
