import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_DECENT_NAMES, REFUSED_OFFENSIVE_NAMES } from './name-cases.ts';
import { isOffensiveName } from './name-policy.ts';
import { normalizeName } from './names.ts';

/** The check runs on what normalizeName stores, as the API runs it. */
function isRefused(raw: string): boolean {
  const name = normalizeName(raw);
  if (!name.ok) throw new Error(`not a name: ${raw}`);
  return isOffensiveName(name.value);
}

describe('the name check', () => {
  it.each(ACCEPTED_DECENT_NAMES)('keeps %j', (name) => {
    expect(isRefused(name)).toBe(false);
  });

  it.each(REFUSED_OFFENSIVE_NAMES)('refuses %s: %j', (_how, name) => {
    expect(isRefused(name)).toBe(true);
  });

  it('never throws, whatever the string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (raw) => {
        const name = normalizeName(raw);
        expect(typeof isOffensiveName(name.ok ? name.value : raw)).toBe('boolean');
      }),
    );
  });

  // Words refused wherever they stand in a name (no word boundary in their pattern). The library's English list
  // keeps up to two of b, e, o, l, s and g (for "boob", "ass"), so a word it holds with one of those once
  // ("nigger"'s e) escapes when that letter is doubled: the words here hold none of them once, or are ours.
  const WORDS = ['fuck', 'cunt', 'cabron', 'putain', 'hurensohn', 'caralho', 'vaffanculo', 'mierda'];
  const LEET: Readonly<Record<string, readonly string[]>> = {
    a: ['4', '@', 'а', 'α'],
    e: ['3', 'е', 'ε'],
    i: ['1', '!', 'і'],
    o: ['0', 'о', 'ο'],
    s: ['$', '5', 'ѕ'],
    t: ['7', 'т'],
    c: ['(', 'с'],
    u: ['υ', 'ü'],
  };
  /** A refused word disguised: each letter kept, capitalised, swapped for a leet or look-alike form, or repeated. */
  const disguised = fc
    .tuple(
      fc.constantFrom(...WORDS),
      fc.constantFrom('', ' ', '.', '-', '_', '*', ' . '),
      fc.infiniteStream(fc.nat({ max: 3 })),
      fc.infiniteStream(fc.nat({ max: 9 })),
    )
    .map(([word, separator, how, which]) => {
      const letters = [...word].map((ch) => {
        const kind = how.next().value as number;
        const n = which.next().value as number;
        const swaps = LEET[ch];
        if (kind === 1) return ch.toUpperCase();
        if (kind === 2 && swaps) return swaps[n % swaps.length] ?? ch;
        if (kind === 3) return ch.repeat(2 + (n % 3));
        return ch;
      });
      return letters.join(separator);
    });

  it('refuses a kept name followed by a disguised refused word', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ACCEPTED_DECENT_NAMES), disguised, (decent, word) => {
        expect(isOffensiveName(`${decent} ${word}`)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
