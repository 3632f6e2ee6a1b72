/**
 * Our own words for the name check, beside the English list that ships with the matcher library: slurs and
 * insults in the other languages players are likely to type, and a few English ones that list lacks. Written in
 * plain lower-case spelling; the check folds accents, look-alike letters, leetspeak and repeated letters before it
 * matches, so one spelling covers `P-U-T-A`, `pvt4`, `ＰＵＴＡ` and `puuuta`. A `|` marks a word boundary: `|puta`
 * refuses "puta" and "putas" but keeps "disputa" and "computadora". docs/names.md says how to add a word.
 */
export const OFFENSIVE_WORDS = {
  es: [
    '|puta',
    '|puto|',
    '|putos|',
    'hijoputa',
    'cabron',
    'pendej',
    'gilipollas',
    'maricon',
    'mierda',
    '|culero',
    '|chinga',
    '|verga|',
    '|malparid',
    'sudaca',
  ],
  fr: [
    'putain',
    '|pute|',
    '|putes|',
    '|salope',
    '|connard',
    'connasse',
    'encule',
    '|nique|',
    '|merde|',
    'bougnoul',
    '|youpin',
    '|negre|',
    '|negres|',
  ],
  de: [
    'arschloch',
    'fotze',
    'hurensohn',
    'wichser',
    'schlampe',
    'missgeburt',
    'schwuchtel',
    '|kanake',
    '|neger|',
    'scheisse',
    '|ficker|',
    '|fick dich',
    '|fickdich',
    '|spast|',
    '|arsch|',
    '|sieg heil',
    'siegheil',
  ],
  pt: ['caralho', 'buceta', '|viado', 'arrombad', '|foda', 'cuzao', '|merda|', '|fdp|'],
  it: ['|cazzo|', 'fanculo', 'stronzo', 'stronza', 'coglion', 'minchia', 'frocio', 'puttana'],
  en: [
    'hitler',
    '|nazi|',
    '|nazis|',
    '|spic|',
    '|spics|',
    'wetback',
    'raghead',
    '|paki|',
    '|gook|',
    'wanker',
    'phuck',
  ],
} as const satisfies Record<string, readonly string[]>;

/** Ordinary words and names that hold one of ours or the library's by accident: never refused for that part. */
export const DECENT_WORDS = [
  'salopette',
  'cumming',
  'cummins',
  'penistone',
  'dickinson',
  'dickson',
  'analia',
  // The Chinese surname Fu (the library refuses "fu" alone as short for an English swear word).
  'fu',
] as const;
