/**
 * English dates and numbers without `Intl`, for the first paint. A page's first `Intl.DateTimeFormat` or
 * `Intl.NumberFormat` loads the locale's data: 15–20 ms of a desktop processor in one task, which Lighthouse's
 * phone (a processor four times slower) counts as blocking. English is the catalogue's own locale and the one most
 * visitors get, and the pages' first texts (today's date, the rules' p-value and odds) need only a few shapes.
 *
 * Each function returns exactly what `Intl`'s `en` formatter returns for the same input, or null for an input it
 * does not cover, which then goes to `Intl` (./intl.ts). english.test.ts checks the two against each other.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The name in the width asked for: English's short names are the long ones' first three letters. */
const named = (names: readonly string[], i: number, width: 'long' | 'short'): string => {
  const name = names[i]!;
  return width === 'long' ? name : name.slice(0, 3);
};

/** Which of the options a day's shapes use; any other option (an hour, an era, a time zone but UTC) is not covered. */
const DAY_OPTIONS = new Set(['weekday', 'day', 'month', 'year', 'timeZone']);

/**
 * A calendar day in UTC, in one of English's shapes: a weekday alone ("Sun"), or a month and day with an optional
 * weekday before and year after ("Sunday, December 6, 2026", "Sun, Dec 6", "Dec 6"). Null for anything else.
 */
export function englishDay(at: Date, options: Intl.DateTimeFormatOptions): string | null {
  const { weekday, day, month, year, timeZone } = options;
  if (timeZone !== 'UTC' || Object.keys(options).some((k) => !DAY_OPTIONS.has(k))) return null;
  if (!Number.isFinite(at.getTime()) || at.getUTCFullYear() < 1000 || at.getUTCFullYear() > 9999) return null;
  if (weekday !== undefined && weekday !== 'long' && weekday !== 'short') return null;
  if (year !== undefined && year !== 'numeric') return null;
  const weekdayText = weekday === undefined ? null : named(WEEKDAYS, at.getUTCDay(), weekday);
  if (day === undefined && month === undefined && year === undefined) return weekdayText;
  if (day !== 'numeric' || (month !== 'long' && month !== 'short')) return null;
  const monthDay = `${named(MONTHS, at.getUTCMonth(), month)} ${at.getUTCDate()}`;
  const dated = year === undefined ? monthDay : `${monthDay}, ${at.getUTCFullYear()}`;
  return weekdayText === null ? dated : `${weekdayText}, ${dated}`;
}

/** A whole number from 0 to 2^53, grouped by threes with commas: "10,000". Null for anything else (fractions, signs). */
export function englishWhole(n: number): string | null {
  if (!Number.isSafeInteger(n) || n < 0 || Object.is(n, -0)) return null;
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * A positive number under 1,000 to `digits` significant figures, trailing zeros dropped: 0.0042, 0.25, 120. Like
 * `Intl`, it rounds the number's shortest decimal form half up (0.0045 to one figure is 0.005, though the double
 * nearest 0.0045 is a little less). Null out of that range (grouping, exponents, signs).
 */
export function englishSignificant(n: number, digits: number): string | null {
  if (!(n >= 1e-6 && n < 1000) || !Number.isInteger(digits) || digits < 1 || digits > 21) return null;
  const text = String(n); // plain decimal notation in this range: "0.0045", "12.5", "999.99"
  const point = text.includes('.') ? text.indexOf('.') : text.length;
  const all = text.replace('.', '');
  const first = all.search(/[1-9]/);
  // The figures kept, as a whole number, and the power of ten of the last one kept.
  const kept = all.slice(first, first + digits).padEnd(digits, '0');
  let whole = Number(kept);
  if ((all[first + digits] ?? '0') >= '5') whole += 1;
  const exponent = point - (first + digits); // value = whole × 10^exponent
  if (whole * 10 ** exponent >= 1000) return null;
  if (exponent >= 0) return String(whole * 10 ** exponent);
  const padded = String(whole).padStart(-exponent + 1, '0');
  const cut = padded.length + exponent;
  return `${padded.slice(0, cut)}.${padded.slice(cut)}`.replace(/\.?0+$/, '');
}

const SCALES = [
  [1e12, 'trillion'],
  [1e9, 'billion'],
  [1e6, 'million'],
] as const;

/**
 * A whole number from a million to under a quadrillion in words, to two significant figures: "8.3 million", "12
 * billion". Rounded half up on whole numbers, exactly (no floating division). Null for anything else, and where
 * the rounding reaches the next word ("1,000 million" is "1 billion": `Intl` says that).
 */
export function englishCompact(n: number): string | null {
  if (!Number.isSafeInteger(n) || n < 1e6 || n >= 1e15) return null;
  const digits = String(n).length;
  const unit = 10 ** (digits - 2);
  const rest = n % unit;
  let figures = (n - rest) / unit; // the first two digits, 10..99
  if (rest * 2 >= unit) figures += 1;
  const [scale, word] = SCALES.find(([s]) => n >= s)!;
  // figures × unit / scale, written with at most one decimal: unit / scale is 10^k with k from -1 to 1.
  const tenths = (figures * unit * 10) / scale;
  if (!Number.isInteger(tenths) || tenths >= 10_000) return null;
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} ${word}`;
}
