/**
 * Numbers, dates, lists, ordinals and relative times in the locale in effect, through `Intl` (formatters are
 * cached per locale and options). The pseudo-locale formats as English. In English, the shapes the first paint
 * of a page needs (a day, a p-value, "8.3 million") skip `Intl`, which loads its data on first use (./english.ts).
 */
import { englishCompact, englishDay, englishSignificant, englishWhole } from './english.ts';
import { m } from './index.ts';
import { currentLocale } from './locale.svelte.ts';
import { PSEUDO_LOCALE } from './languages.ts';

const intlLocale = (): string => {
  const l = currentLocale();
  return l === PSEUDO_LOCALE ? 'en' : l;
};

/** An English shortcut's text (./english.ts) when English is in effect, else null: then `Intl` writes it. */
const inEnglish = (shortcut: () => string | null): string | null =>
  intlLocale() === 'en' ? shortcut() : null;

const cache = new Map<string, unknown>();
function cached<T>(kind: string, options: object, make: (locale: string) => T): T {
  const locale = intlLocale();
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as T | undefined;
  if (f === undefined) {
    f = make(locale);
    cache.set(key, f);
  }
  return f;
}

const numberFormat = (options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  cached('n', options, (l) => new Intl.NumberFormat(l, options));

/**
 * A whole count with the locale's grouping: "1,000", "1.000", "1 000". Every language of the catalogue writes a
 * whole number from 0 to 999 in plain ASCII digits, ungrouped, so those skip `Intl` (not −0, which Intl writes
 * "-0"), as English's larger ones do.
 */
export const countText = (n: number): string =>
  Number.isInteger(n) && n >= 0 && n < 1000 && !Object.is(n, -0)
    ? String(n)
    : (inEnglish(() => englishWhole(n)) ?? numberFormat({}).format(n));

/** A number with exactly `digits` decimals: "4.5", "4,5". */
export const decimalText = (n: number, digits: number): string =>
  numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);

/** A number to `digits` significant figures: 0.25, 0,0042. */
export const significantText = (n: number, digits: number): string =>
  inEnglish(() => englishSignificant(n, digits)) ??
  numberFormat({ maximumSignificantDigits: digits }).format(n);

/** A large number in words, two significant figures: "8.3 million", "8,3 Millionen", "830万". */
export const compactText = (n: number): string =>
  inEnglish(() => englishCompact(n)) ??
  numberFormat({ notation: 'compact', compactDisplay: 'long', maximumSignificantDigits: 2 }).format(n);

/** A share as a percentage, whole: 0.25 → "25%", "25 %". */
export const percentText = (share: number): string =>
  numberFormat({ style: 'percent', maximumFractionDigits: 0 }).format(share);

/** A rank or place: "1st", "2.º", "1er", "3.", "4º", "5位" (the locale's ordinal rules). */
export const ordinalText = (n: number): string => m.ordinal({ count: n, n: countText(n) });

/** Items joined as the locale joins them: "7♣, 2♦ and 2♠", "7♣, 2♦ y 2♠". */
export const listText = (items: readonly string[]): string =>
  cached('l', {}, (l) => new Intl.ListFormat(l, { type: 'conjunction' })).format(items);

/** A date or time in the locale (options as `Intl.DateTimeFormat`'s). */
export const dateText = (at: Date, options: Intl.DateTimeFormatOptions): string =>
  inEnglish(() => englishDay(at, options)) ??
  cached('d', options, (l) => new Intl.DateTimeFormat(l, options)).format(at);

/**
 * A span from now in words, in the largest unit that fits: "in 3 hours", "vor 2 Tagen", "5分後".
 * `ms` is positive for the future.
 */
export function relativeTimeText(ms: number): string {
  const rtf = cached('r', {}, (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }));
  const abs = Math.abs(ms);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  for (const [unit, size] of units) if (abs >= size) return rtf.format(Math.trunc(ms / size), unit);
  return rtf.format(Math.trunc(ms / 1000), 'second');
}
