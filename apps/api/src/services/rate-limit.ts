/**
 * The one rate limiter: a token bucket per purpose and client address (or player), of `PLAYER_BURST` tries (20)
 * refilled one per 5 s unless the purpose says otherwise, kept in the ledger (one conditional statement, so
 * concurrent tries cannot overdraw it). The address is stored only as its keyed hash.
 */
import { ApiError } from '../errors.ts';
import { hmacHex } from '../crypto.ts';
import type { ServiceContext } from './context.ts';

export const ADDRESS_REFILL_MS = 5_000;

/** The stored form of a client address key: an HMAC under the secret, so it cannot be reversed by enumeration. */
export const addressHash = (secret: string, addressKey: string): Promise<string> =>
  hmacHex(secret, `address/${addressKey}`);

/** A bucket's size and how often it gains a try back. */
export interface BucketSize {
  readonly capacity: number;
  readonly refillMs: number;
}

/** Takes one try from the bucket `key` (`size` tries, refilled one per `refillMs`), or ERR_RATE_LIMITED. */
export async function limitKey(
  ctx: ServiceContext,
  key: string,
  size: BucketSize,
  message: string,
): Promise<void> {
  if (!(await ctx.ledger.rateLimits.takeFromBucket(key, ctx.now.getTime(), size.capacity, size.refillMs)))
    throw new ApiError('ERR_RATE_LIMITED', message, { retryAfter: Math.ceil(size.refillMs / 1000) });
}

/**
 * Takes one try from the address's `bucket` (answering the address's hash), or ERR_RATE_LIMITED with `message`.
 * The bucket holds `PLAYER_BURST` tries refilled one per 5 s, unless `size` says otherwise.
 */
export async function limitAddress(
  ctx: ServiceContext,
  bucket: string,
  addressKey: string,
  message: string,
  size: BucketSize = { capacity: ctx.config.playerBurst, refillMs: ADDRESS_REFILL_MS },
): Promise<string> {
  const hash = await addressHash(ctx.config.secret, addressKey);
  await limitKey(ctx, `${bucket}/${hash}`, size, message);
  return hash;
}
