/**
 * The verdict's randomness: each hole's lot, hashed from the secret salt, its layout and its log, and the round's
 * uniform drawn from its holes' lots (docs/fair-play.md#the-verdict).
 */
import { type Deal } from './deal.ts';
import { sha256 } from './sha256.ts';

const VERDICT_LOT_TAG = 'golf-daily audit verdict lot v13';
const VERDICT_UNIFORM_TAG = 'golf-daily audit verdict uniform v13';

/**
 * A finished hole's lot (version 13): the first 32 bits (big-endian) of the SHA-256 of a tag, the day's audit `salt`,
 * the hole's layout (its columns and dealt waste card, shown from the start) and its log, never the stock. The round's
 * verdict draws its uniform from its holes' lots (`verdictUniform`). With the salt secret while the day is played, no
 * player can tell what his lot will be, whatever moves he makes; SHA-256 taken as a random function, the lot is a
 * fresh uniform draw, independent of the stock and of everything else the audit derives from the salt (the sampled
 * orders' seeds are another function of it).
 */
export function verdictLot(deal: Deal, log: string, salt = ''): number {
  const layout: number[] = [];
  for (const col of deal.columns) layout.push(...col);
  layout.push(deal.waste ?? 52);
  const bytes = [...codeUnits(`${VERDICT_LOT_TAG}\0${salt}\0`), ...layout, ...codeUnits(`\0${log}`)];
  return firstWord(sha256(Uint8Array.from(bytes)));
}

/** A string's UTF-16 code units, two bytes each (big-endian): any string, one way. */
function codeUnits(text: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) bytes.push(text.charCodeAt(i) >>> 8, text.charCodeAt(i) & 0xff);
  return bytes;
}

/** The first 32 bits of a digest, big-endian, unsigned. */
const firstWord = (digest: Uint8Array): number =>
  ((digest[0]! << 24) | (digest[1]! << 16) | (digest[2]! << 8) | digest[3]!) >>> 0;

/**
 * The round's uniform `u` in (0, 1] from its holes' lots, in play order: `u = (k + 1) / 2^32` for the first 32 bits
 * `k` (big-endian) of the SHA-256 of a tag and the lots. `P(u <= t) <= t` for every `t` when `k` is uniform (at most
 * `t · 2^32` of the `2^32` values qualify), which is all the verdict's proof needs of it
 * (docs/fair-play.md#the-verdict).
 */
export function verdictUniform(lots: readonly number[]): number {
  const bytes = codeUnits(`${VERDICT_UNIFORM_TAG}\0`);
  for (const lot of lots) bytes.push(lot >>> 24, (lot >>> 16) & 0xff, (lot >>> 8) & 0xff, lot & 0xff);
  return (firstWord(sha256(Uint8Array.from(bytes))) + 1) / 0x100000000;
}
