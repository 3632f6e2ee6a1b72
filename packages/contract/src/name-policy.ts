/**
 * The name check: whether a display name (already {@link normalizeName}d) holds a slur or an insult. The matcher
 * library's English list and our own list ({@link OFFENSIVE_WORDS}) run over a folded form of the name: accents
 * dropped, Cyrillic and Greek look-alike letters read as Latin, and the name taken three ways (separators as
 * spaces, punctuation inside a word removed, single letters spaced out joined up). The library then reads
 * leetspeak, Unicode confusables and repeated letters. docs/names.md is the policy.
 *
 * Kept out of the package index: the API imports it as `@golf/contract/name-policy`, so the web's pages never
 * carry the word lists.
 */
import {
  DataSet,
  RegExpMatcher,
  collapseDuplicatesTransformer,
  englishDataset,
  englishRecommendedTransformers,
  parseRawPattern,
  resolveConfusablesTransformer,
  resolveLeetSpeakTransformer,
  toAsciiLowerCaseTransformer,
} from 'obscenity';
import { DECENT_WORDS, OFFENSIVE_WORDS } from './offensive-words.ts';

/** Look-alike letters (lower case) read as the Latin letter they pass for: each pair is the letter, then its reading. */
const HOMOGLYPHS = new Map(
  [
    // Cyrillic
    'аa вb гr дd еe иu йu кk мm нh оo пn рp сc тt уy хx шw щw ъb ьb іi їi єe ґr јj ѕs ћh ԁd ԛq ԝw ӏl',
    // Greek
    'αa βb γy δd εe ζz ηn ιi κk μu νv οo πn ρp σo ςs τt υu χx ωw',
    // Latin letters that do not decompose
    'ıi łl øo đd ħh ßss æae œoe ɑa ɡg',
  ]
    .join(' ')
    .split(' ')
    .map((pair) => [pair.slice(0, 1), pair.slice(1)] as const),
);

/** Symbols the library reads as letters (`@` a, `$` s, `!` i, `|` i, `(` c, `/` l): never separators. */
const SEPARATOR = /[^\p{L}\p{N}@$!|(/]+/gu;
const IN_WORD_PUNCTUATION = /[^\p{L}\p{N}\s@$!|(/]+/gu;

/** The name in lower case, accents dropped, look-alike letters read as Latin. */
function fold(name: string): string {
  let out = '';
  for (const ch of name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase())
    out += HOMOGLYPHS.get(ch) ?? ch;
  return out;
}

/** Runs of single characters (or one character repeated) joined up: "f u c k you" and "f uu c k you" are "fuck you". */
function joinSingles(spaced: string): string {
  const words: string[] = [];
  let run = '';
  for (const word of spaced.split(' ')) {
    if (/^(.)\1*$/u.test(word)) run += word;
    else {
      if (run !== '') words.push(run);
      run = '';
      words.push(word);
    }
  }
  if (run !== '') words.push(run);
  return words.join(' ');
}

/** The forms of a name the matchers read. */
export function nameForms(name: string): string[] {
  const folded = fold(name);
  const spaced = folded.replace(SEPARATOR, ' ').trim();
  const inWord = folded.replace(IN_WORD_PUNCTUATION, '').replace(/\s+/gu, ' ').trim();
  return [...new Set([spaced, inWord, joinSingles(spaced), joinSingles(inWord)])];
}

/** Our words as the matcher reads them: every run of one letter shortened to one, as the input is. */
const collapse = (word: string): string => word.replace(/(\p{L})\1+/gu, '$1');

let matchers: readonly RegExpMatcher[] | null = null;

function buildMatchers(): readonly RegExpMatcher[] {
  const english = englishDataset.build();
  const ours = new DataSet<{ language: string }>();
  for (const [language, words] of Object.entries(OFFENSIVE_WORDS)) {
    for (const word of words) {
      ours.addPhrase((phrase) =>
        phrase.setMetadata({ language }).addPattern(parseRawPattern(collapse(word))),
      );
    }
  }
  return [
    new RegExpMatcher({
      ...english,
      whitelistedTerms: [...(english.whitelistedTerms ?? []), ...DECENT_WORDS],
      ...englishRecommendedTransformers,
    }),
    new RegExpMatcher({
      ...ours.build(),
      whitelistedTerms: [...DECENT_WORDS],
      blacklistMatcherTransformers: [
        resolveConfusablesTransformer(),
        resolveLeetSpeakTransformer(),
        toAsciiLowerCaseTransformer(),
        collapseDuplicatesTransformer({ defaultThreshold: 1 }),
      ],
      whitelistMatcherTransformers: englishRecommendedTransformers.whitelistMatcherTransformers,
    }),
  ];
}

/**
 * Whether a name holds a slur or an insult, in any of its forms. `name` is what {@link normalizeName} returned.
 * Never throws.
 */
export function isOffensiveName(name: string): boolean {
  matchers ??= buildMatchers();
  const forms = nameForms(name);
  return matchers.some((matcher) => forms.some((form) => matcher.hasMatch(form)));
}
