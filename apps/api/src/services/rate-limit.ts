/**
 * The one rate limiter: token buckets kept in the ledger (one conditional statement, so concurrent tries cannot
 * overdraw one). Per purpose and client address, a bucket of `PLAYER_BURST` tries (20) refilled one per 5 s, the
 * address stored only as its keyed hash; per player, the data export's bucket. A bucket that has refilled is the
 * same as no bucket, so the cron deletes it ({@link forgetRefilledBuckets}): an address hash stays in the ledger
 * only while its address is being limited.
 */
import { ApiError } from '../errors.ts';
import { hmacHex } from '../crypto.ts';
import { EXPORT_BUCKET } from '../ports/rate-limits.ts';
import type { ServiceContext } from './context.ts';

export const ADDRESS_REFILL_MS = 5_000;

/** What the address buckets limit: player creation, transfer-code claims, passkey sign-in options. */
export const ADDRESS_PURPOSES = ['players', 'claims', 'sign-in'] as const;
export type AddressPurpose = (typeof ADDRESS_PURPOSES)[number];

/** Data exports a player may make at once, and the time that gives one more back. */
export const EXPORT_BURST = 3;
export const EXPORT_REFILL_MS = 10 * 60_000;

/** The stored form of a client address key: an HMAC under the secret, so it cannot be reversed by enumeration. */
export const addressHash = (secret: string, addressKey: string): Promise<string> =>
  hmacHex(secret, `address/${addressKey}`);

/** Takes one try from the address's bucket for `purpose` (answering the address's hash), or ERR_RATE_LIMITED. */
export async function limitAddress(
  ctx: ServiceContext,
  purpose: AddressPurpose,
  addressKey: string,
  message: string,
): Promise<string> {
  const hash = await addressHash(ctx.config.secret, addressKey);
  await take(ctx, `${purpose}/${hash}`, ctx.config.playerBurst, ADDRESS_REFILL_MS, message);
  return hash;
}

/** Takes one export from the player's bucket, or ERR_RATE_LIMITED. */
export const limitExport = (ctx: ServiceContext, playerId: string): Promise<void> =>
  take(
    ctx,
    `${EXPORT_BUCKET}/${playerId}`,
    EXPORT_BURST,
    EXPORT_REFILL_MS,
    `at most ${EXPORT_BURST} exports at once, then one every ${EXPORT_REFILL_MS / 60_000} minutes; try again later`,
  );

async function take(
  ctx: ServiceContext,
  key: string,
  capacity: number,
  refillMs: number,
  message: string,
): Promise<void> {
  if (!(await ctx.ledger.rateLimits.takeFromBucket(key, ctx.now.getTime(), capacity, refillMs)))
    throw new ApiError('ERR_RATE_LIMITED', message, { retryAfter: refillMs / 1000 });
}

/** Buckets the cron deletes per purpose and run, at most (a run every 10 minutes). */
export const REFILLED_PER_RUN = 5_000;

/**
 * The cron's housekeeping: deletes every bucket untouched for as long as it takes to refill from empty (a full
 * bucket behaves as no bucket). Address buckets go 100 s after their last try (20 × 5 s), export buckets 30
 * minutes after the last export.
 */
export async function forgetRefilledBuckets(ctx: ServiceContext): Promise<void> {
  const now = ctx.now.getTime();
  const addressFull = ctx.config.playerBurst * ADDRESS_REFILL_MS;
  await Promise.all([
    ...ADDRESS_PURPOSES.map((p) =>
      ctx.ledger.rateLimits.deleteRefilled(p, now - addressFull, REFILLED_PER_RUN),
    ),
    ctx.ledger.rateLimits.deleteRefilled(
      EXPORT_BUCKET,
      now - EXPORT_BURST * EXPORT_REFILL_MS,
      REFILLED_PER_RUN,
    ),
  ]);
}
