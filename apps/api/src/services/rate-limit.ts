/**
 * The one rate limiter: a token bucket per purpose and client address (or player), of `PLAYER_BURST` tries (20)
 * refilled one per 5 s unless the purpose says otherwise, kept in the ledger (one conditional statement, so
 * concurrent tries cannot overdraw it). The address is stored only as its keyed hash.
 */
import { ApiError } from '../errors.ts';
import { hmacHex } from '../crypto.ts';
import { EXPORT_BUCKET } from '../ports/rate-limits.ts';
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

/** A player's data exports: 3 at once, then one more every 10 minutes (each reads every round of the player). */
export const EXPORT_SIZE: BucketSize = { capacity: 3, refillMs: 10 * 60_000 };

/** Takes one export from the player's bucket (`export/<player id>`), or ERR_RATE_LIMITED. */
export const limitExport = (ctx: ServiceContext, playerId: string): Promise<void> =>
  limitKey(
    ctx,
    `${EXPORT_BUCKET}/${playerId}`,
    EXPORT_SIZE,
    `at most ${EXPORT_SIZE.capacity} exports at once, then one every ${EXPORT_SIZE.refillMs / 60_000} minutes; try again later`,
  );

/** Buckets the cron deletes per run, at most (a run every 10 minutes). */
export const REFILLED_PER_RUN = 5_000;

/**
 * The cron's housekeeping: deletes every bucket that has refilled since its last try, whatever its purpose and
 * size (each bucket keeps the time it is full again). A full bucket behaves as no bucket, so nothing changes for
 * anyone, and an address hash stays in the ledger only while its address is being limited: an address bucket goes
 * 100 s after its last try (20 × 5 s), then the next run.
 */
export const forgetRefilledBuckets = (ctx: ServiceContext): Promise<number> =>
  ctx.ledger.rateLimits.deleteRefilled(ctx.now.getTime(), REFILLED_PER_RUN);
