/**
 * The English shortcuts give what `Intl`'s `en` formatters give, for every input they take; for the rest they
 * answer null (and ./intl.ts asks `Intl`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { englishCompact, englishDay, englishSignificant, englishWhole } from './english.ts';

const DAY_SHAPES: Intl.DateTimeFormatOptions[] = [
  { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  { weekday: 'long', day: 'numeric', month: 'long' },
  { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  { weekday: 'short', day: 'numeric', month: 'short' },
  { day: 'numeric', month: 'long', year: 'numeric' },
  { day: 'numeric', month: 'short' },
  { weekday: 'short' },
  { weekday: 'long' },
];

const dayFormats = new Map<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>();
const intlDay = (at: Date, options: Intl.DateTimeFormatOptions): string => {
  let format = dayFormats.get(options);
  if (format === undefined)
    dayFormats.set(options, (format = new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' })));
  return format.format(at);
};

describe('englishDay', () => {
  it('writes every day from 1999 to 2101 in each shape the pages use as Intl does', () => {
    const start = Date.UTC(1999, 0, 1);
    const end = Date.UTC(2101, 11, 31);
    for (const shape of DAY_SHAPES) {
      const options = { ...shape, timeZone: 'UTC' };
      for (let t = start; t <= end; t += 86_400_000) {
        const at = new Date(t);
        const ours = englishDay(at, options);
        if (ours !== intlDay(at, shape)) expect(ours).toBe(intlDay(at, shape));
      }
    }
  });

  it('gives the same text at any hour of the UTC day', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) }), (t) => {
        const at = new Date(t);
        for (const shape of DAY_SHAPES)
          expect(englishDay(at, { ...shape, timeZone: 'UTC' })).toBe(intlDay(at, shape));
      }),
    );
  });

  it('leaves to Intl what it does not cover', () => {
    const at = new Date(Date.UTC(2026, 11, 6, 15));
    for (const options of [
      { weekday: 'long', day: 'numeric', month: 'long' }, // no time zone: the device's day
      { day: 'numeric', month: 'long', timeZone: 'Europe/Paris' },
      { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' },
      { day: '2-digit', month: 'short', timeZone: 'UTC' },
      { month: 'long', year: 'numeric', timeZone: 'UTC' },
      { weekday: 'narrow', timeZone: 'UTC' },
      { day: 'numeric', month: 'numeric', timeZone: 'UTC' },
      { day: 'numeric', month: 'long', era: 'short', timeZone: 'UTC' },
    ] satisfies Intl.DateTimeFormatOptions[])
      expect(englishDay(at, options)).toBeNull();
    expect(englishDay(new Date(Number.NaN), { weekday: 'short', timeZone: 'UTC' })).toBeNull();
  });
});

const significantFormats = [1, 2, 3, 4].map(
  (d) => new Intl.NumberFormat('en', { maximumSignificantDigits: d }),
);
const intlSignificant = (n: number, digits: number): string => significantFormats[digits - 1]!.format(n);

describe('englishSignificant', () => {
  it('rounds as Intl does, ties included', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 999.99, noNaN: true }),
        fc.integer({ min: 1, max: 4 }),
        (n, d) => {
          const ours = englishSignificant(n, d);
          if (ours !== null) expect(ours).toBe(intlSignificant(n, d));
        },
      ),
      { numRuns: 5000 },
    );
    // Ties on short decimals, and values whose rounding carries into a new digit.
    for (const n of [0.125, 0.0045, 0.015, 2.5, 9.95, 99.5, 0.001, 0.05, 1e-6, 0.00099999, 12.5, 0.35])
      for (const d of [1, 2, 3]) expect(englishSignificant(n, d)).toBe(intlSignificant(n, d));
  });

  it('leaves to Intl what needs grouping, a sign or an exponent', () => {
    for (const n of [0, -0.5, 1000, 999.99, 5e-7, Number.NaN, Infinity]) {
      const ours = englishSignificant(n, 2);
      if (ours !== null) expect(ours).toBe(intlSignificant(n, 2));
    }
    expect(englishSignificant(999.99, 2)).toBeNull(); // 1,000
    expect(englishSignificant(-0.5, 2)).toBeNull();
    expect(englishSignificant(5e-7, 2)).toBeNull();
  });
});

const compactFormat = new Intl.NumberFormat('en', {
  notation: 'compact',
  compactDisplay: 'long',
  maximumSignificantDigits: 2,
});
const intlCompact = (n: number): string => compactFormat.format(n);

describe('englishCompact', () => {
  it('writes whole numbers from a million on as Intl does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1e6, max: 1e15 - 1 }), (n) => {
        const ours = englishCompact(n);
        if (ours !== null) expect(ours).toBe(intlCompact(n));
      }),
      { numRuns: 5000 },
    );
    // Exact ties (half up), round figures and the carries into the next word.
    for (const n of [
      1e6, 1_050_000, 1_150_000, 8_250_000, 8_300_000, 12_500_000, 99_500_000, 999_500_000, 1e9, 1.5e12,
    ])
      expect(englishCompact(n) ?? intlCompact(n)).toBe(intlCompact(n));
    expect(englishCompact(8_300_000)).toBe('8.3 million');
  });

  it('leaves to Intl fractions and numbers out of its range', () => {
    for (const n of [999_999, 1e15, 1_500_000.5, -2e6, Number.NaN]) expect(englishCompact(n)).toBeNull();
  });
});

const wholeFormat = new Intl.NumberFormat('en');

describe('englishWhole', () => {
  it('groups whole numbers as Intl does', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (n) => {
        expect(englishWhole(n)).toBe(wholeFormat.format(n));
      }),
      { numRuns: 5000 },
    );
    for (const n of [0, 7, 999, 1000, 10_000, 999_999, 1_000_000, Number.MAX_SAFE_INTEGER])
      expect(englishWhole(n)).toBe(wholeFormat.format(n));
  });

  it('leaves to Intl fractions, signs and unsafe integers', () => {
    for (const n of [-0, -1, 1.5, 2 ** 53, Number.NaN, Infinity]) expect(englishWhole(n)).toBeNull();
  });
});
