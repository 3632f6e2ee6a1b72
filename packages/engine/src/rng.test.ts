import { describe, expect, it } from 'vitest';
import { shuffleInPlace, splitmix32, Xoshiro128 } from './rng.ts';

// Every expected value in this file was produced by a reference C program written from the published
// algorithms (xoshiro128** 1.1 by Blackman & Vigna; splitmix32 with the golden-ratio increment 0x9E3779B9 and
// the two-round mixer 16/0x21F0AAAD/15/0x735A2D97/15; Fisher–Yates from the last index down with rejection
// sampling), compiled with gcc, not by this TypeScript code. If one of them changes, every stored deal changes:
// bump GENERATOR_VERSION instead of editing these numbers.

const take = (next: () => number, n: number): number[] => Array.from({ length: n }, next);

describe('splitmix32', () => {
  it.each([
    [0, [0x64625032, 0xd9c0799c, 0xaf362e10, 0x7fa88912, 0xc4671b39, 0xf1d2eee4]],
    [1, [0x5e2d1772, 0x14e498f0, 0xd20ea1fd, 0xb382f339, 0x2660b860, 0x8812dd70]],
    [2, [0x0860b879, 0xaac14680, 0xf8100972, 0x8298f8b4, 0x6bf8306d, 0xad7ac247]],
    [0xffffffff, [0xeb721c8a, 0xffe8bd34, 0x4da2a8ce, 0xa4a5cc85, 0xc85a6be7, 0x5ac468fb]],
    [123456789, [0x7394199e, 0x80732bb6, 0xa8933c07, 0x18ed62fc, 0xfb371852, 0x06abe282]],
  ])('seed %i matches the reference', (seed, expected) => {
    expect(take(splitmix32(seed), 6)).toEqual(expected);
  });

  it('outputs unsigned 32-bit integers', () => {
    for (const x of take(splitmix32(99), 100)) {
      expect(Number.isInteger(x)).toBe(true);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(2 ** 32);
    }
  });
});

describe('xoshiro128**', () => {
  it('matches the reference from state (1, 2, 3, 4)', () => {
    const rng = new Xoshiro128(1, 2, 3, 4);
    expect(take(() => rng.next(), 8)).toEqual([
      0x00002d00, 0x00000000, 0x005a7080, 0x04389d80, 0x79199d9b, 0x61963b24, 0x4cb9b57a, 0xde9d7431,
    ]);
  });

  it('accepts state words above 2^31 as unsigned', () => {
    // fromSeed(1) is the state 5e2d1772 14e498f0 d20ea1fd b382f339 (two words above 2^31).
    const a = new Xoshiro128(0x5e2d1772, 0x14e498f0, 0xd20ea1fd, 0xb382f339);
    const b = Xoshiro128.fromSeed(1);
    expect(take(() => a.next(), 6)).toEqual(take(() => b.next(), 6));
  });

  it.each([
    [1, [0x177119d4, 0x81962de5, 0xe3609ab3, 0x7cbcc17a, 0x6f2c548e, 0x81e3835f]],
    [2, [0xfcb2417a, 0xa441baf2, 0x4e32053d, 0x7d0fd4fb, 0x66cc76de, 0x8587831a]],
    [4294967295, [0xf4a11677, 0x6cd45b57, 0x44ad51ec, 0x90b14815, 0xdba6db56, 0x244fe47a]],
  ])('fromSeed(%i) (four splitmix32 outputs as state) matches the reference', (seed, expected) => {
    const rng = Xoshiro128.fromSeed(seed);
    expect(take(() => rng.next(), 6)).toEqual(expected);
  });

  it('fromBytes XORs little-endian word i with word i+4', () => {
    // Bytes 0..31 give the state 0x10101010 four times.
    const a = Xoshiro128.fromBytes(Uint8Array.from({ length: 32 }, (_, i) => i));
    const b = new Xoshiro128(0x10101010, 0x10101010, 0x10101010, 0x10101010);
    expect(take(() => a.next(), 8)).toEqual(take(() => b.next(), 8));
  });

  it('rejects an all-zero state and a seed that is not 32 bytes', () => {
    expect(() => new Xoshiro128(0, 0, 0, 0)).toThrow(RangeError);
    expect(() => Xoshiro128.fromBytes(new Uint8Array(31))).toThrow(RangeError);
    // An all-zero 32-byte seed (or one whose halves cancel) still yields a working generator.
    const zero = Xoshiro128.fromBytes(new Uint8Array(32));
    expect(take(() => zero.next(), 4).some((x) => x !== 0)).toBe(true);
  });

  it('below(52) from fromSeed(7) matches the reference', () => {
    const rng = Xoshiro128.fromSeed(7);
    expect(take(() => rng.below(52), 10)).toEqual([7, 24, 44, 34, 31, 18, 14, 34, 27, 4]);
  });

  it('below(n) stays in range, including n = 1 and n = 2^32', () => {
    const rng = Xoshiro128.fromSeed(3);
    for (const n of [1, 2, 3, 52, 1000, 2 ** 31 + 1, 2 ** 32]) {
      for (let i = 0; i < 50; i++) {
        const x = rng.below(n);
        expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
      }
    }
  });

  it('below(n) rejects outputs at or above the largest multiple of n (no modulo bias)', () => {
    // For n = 3 * 2^30 the limit is 3 * 2^30: outputs in [3 * 2^30, 2^32) must be skipped, not reduced.
    const n = 3 * 2 ** 30;
    const probe = Xoshiro128.fromSeed(11);
    const raw = take(() => probe.next(), 200);
    const rng = Xoshiro128.fromSeed(11);
    const expected: number[] = [];
    for (const x of raw) if (x < n) expected.push(x % n);
    const got = take(() => rng.below(n), expected.length);
    expect(raw.some((x) => x >= n)).toBe(true);
    expect(got).toEqual(expected);
  });
});

describe('shuffleInPlace', () => {
  it('is Fisher–Yates from the last index down: swap a[i] with a[below(i + 1)]', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    const js = Xoshiro128.fromSeed(5);
    const expected = items.slice();
    for (let i = expected.length - 1; i > 0; i--) {
      const j = js.below(i + 1);
      [expected[i], expected[j]] = [expected[j]!, expected[i]!];
    }
    const out = shuffleInPlace(items, Xoshiro128.fromSeed(5));
    expect(out).toBe(items);
    expect(items).toEqual(expected);
  });

  it('leaves empty and one-element arrays alone and keeps every item', () => {
    expect(shuffleInPlace([], Xoshiro128.fromSeed(1))).toEqual([]);
    expect(shuffleInPlace([9], Xoshiro128.fromSeed(1))).toEqual([9]);
    const many = Array.from({ length: 100 }, (_, i) => i);
    expect(shuffleInPlace(many.slice(), Xoshiro128.fromSeed(2)).sort((a, b) => a - b)).toEqual(many);
  });
});
