/**
 * One table of display-name cases that both apps run: the API through `POST /api/players`, the web through its
 * name form's check. Written by hand from the name rules (docs/api.md), not from the code under test.
 */

/** Input and the name it is stored and shown as. */
export const ACCEPTED_NAMES: readonly (readonly [input: string, stored: string])[] = [
  ['Ada', 'Ada'],
  ['ＡＢＣ', 'ABC'],
  ['  spaced  ', 'spaced'],
  ['<b>&amp;</b>', '<b>&amp;</b>'],
  ['😀'.repeat(20), '😀'.repeat(20)],
  ['x'.repeat(20), 'x'.repeat(20)],
  ['ﬁne', 'fine'],
  ['Zoë', 'Zoë'],
  ['a b', 'a b'],
  ['I ❤️ golf', 'I ❤️ golf'],
  ['👨‍👩‍👧 team', '👨‍👩‍👧 team'],
  ['👩🏽‍💻', '👩🏽‍💻'],
  ['1️⃣', '1️⃣'],
  ['e\u0301', 'é'],
  ['Tiếng Việt', 'Tiếng Việt'],
  ['नमस्ते', 'नमस्ते'],
  ['สวัสดี', 'สวัสดี'],
  ['བསྒྲུབས', 'བསྒྲུབས'],
  ['漢字'.repeat(10), '漢字'.repeat(10)],
  ['\uFDFD', '\uFDFD'],
  ['\uFDFA', 'صلى الله عليه وسلم'],
];

/** What is wrong, and an input with that fault. */
export const REFUSED_NAMES: readonly (readonly [fault: string, input: string])[] = [
  ['empty', ''],
  ['blank', '   \u3000 '],
  ['too long', 'x'.repeat(21)],
  ['21 emoji', '😀'.repeat(21)],
  ['a control character', 'a\u0007b'],
  ['a newline', 'a\nb'],
  ['a zero-width space', 'a\u200bb'],
  ['a right-to-left override', 'a\u202eb'],
  ['a Hangul filler', '\u3164'],
  ['a Hangul filler inside', 'a\u3164b'],
  ['a line separator', 'a\u2028b'],
  ['a lone surrogate', 'a\ud800b'],
  ['a soft hyphen', 'a\u00adb'],
  ['a joiner between letters', 'a\u200db'],
  ['a variation selector on a letter', 'a\ufe0fb'],
  ['a lone joiner after an emoji', '😀\u200d'],
  ['only a combining mark', '\u0301'],
  ['20 combining marks', '\u0301'.repeat(20)],
  ['a mark before the first letter', '\u0301abc'],
  ['a mark on a space', 'a \u0301b'],
  ['a tower of marks on one letter', 'a' + '\u0301'.repeat(10)],
  ['20 of the widest glyph', '\uFDFD'.repeat(20)],
  ['5 of the widest glyph', '\uFDFD'.repeat(5)],
  ['20 three-em dashes', '\u2E3B'.repeat(20)],
  ['20 cuneiform signs', '\u{1242B}'.repeat(20)],
  ['21 CJK characters', '漢'.repeat(21)],
];
