/**
 * The deal generator's PRNG, version 1. Everything here is pinned by golden vectors in `rng.test.ts`:
 * changing any output silently changes every deal and invalidates stored logs, so bump
 * `GENERATOR_VERSION` (in deal.ts) instead.
 *
 * - `splitmix32`: state += 0x9E3779B9; z = state; z ^= z >>> 16; z *= 0x21F0AAAD; z ^= z >>> 15;
 *   z *= 0x735A2D97; z ^= z >>> 15 (all 32-bit). Used only to expand seeds into generator state.
 * - `Xoshiro128`: xoshiro128** 1.1 (Blackman & Vigna), 128-bit state of four 32-bit words,
 *   output rotl(s1 * 5, 7) * 9.
 * - `below(n)`: unbiased integer in [0, n) by rejection: draw x until x < 2^32 - (2^32 mod n), return x mod n.
 */

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k));

/** A splitmix32 stream from a 32-bit seed. Returns the next 32-bit unsigned output on each call. */
export function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
}

export class Xoshiro128 {
  #s0: number;
  #s1: number;
  #s2: number;
  #s3: number;

  /** Four 32-bit words of state; not all zero. */
  constructor(s0: number, s1: number, s2: number, s3: number) {
    if ((s0 | s1 | s2 | s3) === 0) throw new RangeError('xoshiro128** state must not be all zero');
    this.#s0 = s0 | 0;
    this.#s1 = s1 | 0;
    this.#s2 = s2 | 0;
    this.#s3 = s3 | 0;
  }

  /** State from a 32-bit seed: four consecutive splitmix32 outputs. */
  static fromSeed(seed: number): Xoshiro128 {
    const next = splitmix32(seed);
    return new Xoshiro128(next(), next(), next(), next());
  }

  /** State from 32 bytes: word i (little-endian) of the state is word i XOR word i+4 of the bytes. */
  static fromBytes(bytes: Uint8Array): Xoshiro128 {
    if (bytes.length !== 32) throw new RangeError('a 32-byte seed is required');
    const w = (i: number): number =>
      (bytes[4 * i]! | (bytes[4 * i + 1]! << 8) | (bytes[4 * i + 2]! << 16) | (bytes[4 * i + 3]! << 24)) >>>
      0;
    const s = [0, 1, 2, 3].map((i) => (w(i) ^ w(i + 4)) >>> 0);
    // An all-zero state is astronomically unlikely from an HMAC; fall back to a fixed non-zero word.
    if ((s[0]! | s[1]! | s[2]! | s[3]!) === 0) s[0] = 1;
    return new Xoshiro128(s[0]!, s[1]!, s[2]!, s[3]!);
  }

  /** Next 32-bit unsigned output. */
  next(): number {
    const s0 = this.#s0;
    const s1 = this.#s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    this.#s2 ^= s0;
    this.#s3 ^= s1;
    this.#s1 ^= this.#s2;
    this.#s0 ^= this.#s3;
    this.#s2 ^= t;
    this.#s3 = rotl(this.#s3, 11);
    return result;
  }

  /** Unbiased integer in [0, n) for 1 <= n <= 2^32. */
  below(n: number): number {
    const limit = 0x100000000 - (0x100000000 % n);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
  }
}

/** Fisher–Yates, from the last index down: for i = n-1 .. 1, swap a[i] with a[below(i + 1)]. In place. */
export function shuffleInPlace<T>(items: T[], rng: Xoshiro128): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const tmp = items[i]!;
    items[i] = items[j]!;
    items[j] = tmp;
  }
  return items;
}
